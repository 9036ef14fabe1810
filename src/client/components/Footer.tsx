// The site footer (its body: footer/FooterBody.tsx) and the contact details it
// shares with the header, the broker's and partner's pages and the broker's card.
import { t } from '../../shared/i18n.ts';
import { useStore } from '../store.tsx';
import { Icon } from './Icon.tsx';
import { telHref } from '../../shared/phone.ts';
import { contactDetails, type ContactDetails } from '../../shared/contact-details.ts';
import { useLocation, useSearch } from 'wouter';
import { FooterBody } from './footer/LazyFooterBody.tsx';

export type { ContactDetails };

/** The partner's contact details on its site, the office's otherwise. */
export function useContactDetails(): ContactDetails {
  return contactDetails(useStore((s) => s.partner));
}

export { telHref };

/** Address, phone and e-mail as a list with icons (contact, broker and partner pages). */
export function ContactList({ contact }: { contact: ContactDetails }) {
  return (
    <ul className="contact-list">
      {contact.address && (
        <li>
          <Icon name="pin" />
          <span>
            <span className="contact-list__label">{t('pageCommon.address')}</span>
            {contact.address}
          </span>
        </li>
      )}
      {contact.phone && (
        <li>
          <Icon name="phone" />
          <span>
            <span className="contact-list__label">{t('pageCommon.phone')}</span>
            <a href={telHref(contact.phone)}>{contact.phone}</a>
          </span>
        </li>
      )}
      {contact.email && (
        <li>
          <Icon name="mail" />
          <span>
            <span className="contact-list__label">{t('pageCommon.email')}</span>
            <a href={`mailto:${contact.email}`}>{contact.email}</a>
          </span>
        </li>
      )}
    </ul>
  );
}

/**
 * The site footer: the partner's or the office's contact details, the section's links and the
 * informational pages. Links and one button: the browser keeps the server's DOM and loads its code
 * on first use or after a client navigation (footer/LazyFooterBody.browser.tsx, lib/island.tsx).
 */
export function Footer() {
  const partner = useStore((s) => s.partner) !== null;
  const { name, address, phone, email } = useContactDetails();
  const [location] = useLocation();
  const search = useSearch();
  const path = search ? `${location}?${search}` : location;
  return <FooterBody partner={partner} name={name} address={address} phone={phone} email={email} path={path} />;
}
