// The broker one tap away on a phone (issue 23): under 992 px, a bar at the
// foot of the window with Call, WhatsApp and "Request information" (a link to
// the page's own form), in the partner's details on its site. It is sticky at
// the end of the page's main column: it follows the reader down the page and
// stops above the form, so it never covers the form or what comes after it;
// the cookie bar, fixed above it, covers it until answered. Links only: it
// needs no script (LazyPropertyParts.browser.tsx keeps the server's), and its
// props are plain values the page reads (the contact details, its address).
import { t } from '../../../shared/i18n.ts';
import { whatsappNumber } from '../../../shared/whatsapp.ts';
import { telHref } from '../Footer.tsx';
import { propertyFormTitleId } from '../lead-form-ids.ts';

export interface PhoneContactBarProps {
  /** The project's name and id. */
  name: string;
  projectId: number;
  /** Whom the visitor reaches (the partner on its site, else the office) and by which phone. */
  broker: string;
  phone: string | null;
  /** The page's own address, in its section. */
  url: string;
}

export function PhoneContactBar({ name, projectId, broker, phone, url }: PhoneContactBarProps) {
  const whatsapp = phone ? whatsappNumber(phone) : null;
  return (
    <nav className="phone-contact-bar" aria-label={t('property.phoneBar.label', { name: broker })}>
      {phone && (
        <a className="phone-contact-bar__call" href={telHref(phone)}>
          {t('property.phoneBar.call')}
        </a>
      )}
      {whatsapp && (
        <a
          className="phone-contact-bar__whatsapp"
          href={`https://wa.me/${whatsapp}?text=${encodeURIComponent(t('property.phoneBar.whatsappText', { name, url }))}`}
        >
          {t('property.phoneBar.whatsapp')}
        </a>
      )}
      <a className="phone-contact-bar__ask" href={`#${propertyFormTitleId(projectId)}`}>
        {t('property.phoneBar.ask')}
      </a>
    </nav>
  );
}
