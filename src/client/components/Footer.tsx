// The site footer: the partner's or the office's contact details, the section's
// links and the informational pages.
import { t } from '../../shared/i18n.ts';
import { useStore } from '../store.tsx';
import { hrefIn, useSection } from '../lib/section.tsx';
import { navItems } from '../lib/nav.ts';
import { Link } from './Link.tsx';
import { Icon } from './Icon.tsx';
import { Logo } from './Logo.tsx';
import { CookieSettingsButton } from './consent/index.ts';
import { TERMS_PATH } from '../lib/account-links.ts';
import { telHref } from '../../shared/phone.ts';
import { contactDetails, type ContactDetails } from '../../shared/contact-details.ts';
import { LanguageToggle } from './language/LanguageToggle.tsx';

const INFO_PAGES = ['buying-process', 'costs-and-taxes', 'buying-costs', 'mortgages-for-non-residents', 'nie-number'] as const;

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

export function Footer() {
  const partner = useStore((s) => s.partner);
  const section = useSection();
  const contact = useContactDetails();
  const year = 2026;
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section className="site-footer__brand" aria-label={contact.name}>
          <Logo />
          <p className="site-footer__tagline">{partner ? t('footer.partnerTagline') : t('footer.tagline')}</p>
          <address>
            {contact.address && <p>{contact.address}</p>}
            {contact.phone && (
              <p>
                <a href={telHref(contact.phone)}>{contact.phone}</a>
              </p>
            )}
            {contact.email && (
              <p>
                <a href={`mailto:${contact.email}`}>{contact.email}</a>
              </p>
            )}
          </address>
        </section>
        <nav aria-label={t('footer.siteLinks')}>
          <h2 className="site-footer__heading">{t('footer.explore')}</h2>
          <ul>
            {navItems(section.section).map((item) => (
              <li key={item.path}>
                <Link href={hrefIn(section, item.path)}>{t(item.label)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label={t('footer.guides')}>
          <h2 className="site-footer__heading">{t('footer.guides')}</h2>
          <ul>
            {INFO_PAGES.map((slug) => (
              <li key={slug}>
                <Link href={hrefIn(section, `/${slug}`)}>{t(`footer.pages.${slug}`)}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="container site-footer__legal">
        <p>{t('footer.copyright', { year, name: contact.name })}</p>
        <Link className="site-footer__terms" href={hrefIn(section, TERMS_PATH)}>
          {t('accountUi.termsLink')}
        </Link>
        <CookieSettingsButton />
        <LanguageToggle place="footer" />
      </div>
    </footer>
  );
}
