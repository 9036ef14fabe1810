// Who a buyer reaches from an alert mail (issue 23): the partner on its
// site's mails, the sales office on the main site's; by phone, WhatsApp,
// e-mail and at an address, each where known. A block of the plain text and
// of the HTML, at the end of the mail's body.
import { t } from '../../shared/i18n.ts';
import type { ContactDetails } from '../../shared/contact-details.ts';
import { telHref } from '../../shared/phone.ts';
import { whatsappNumber } from '../../shared/whatsapp.ts';
import { escapeHtml } from './frame.ts';

/** The partner's details on its site's mails, the office's on the main site's (shared/contact-details.ts, as the pages). */
export type MailContact = ContactDetails;

interface Line {
  label: string;
  value: string;
  href: string | null;
}

function lines(contact: MailContact): Line[] {
  const whatsapp = contact.phone ? whatsappNumber(contact.phone) : null;
  const out: Line[] = [];
  if (contact.phone) out.push({ label: t('mailContact.phone'), value: contact.phone, href: telHref(contact.phone) });
  if (whatsapp) out.push({ label: t('mailContact.whatsapp'), value: `+${whatsapp}`, href: `https://wa.me/${whatsapp}` });
  if (contact.email) out.push({ label: t('mailContact.email'), value: contact.email, href: `mailto:${contact.email}` });
  if (contact.address) out.push({ label: t('mailContact.address'), value: contact.address, href: null });
  return out;
}

/** The block as plain-text lines. */
export function contactText(contact: MailContact): string[] {
  return [t('mailContact.title', { name: contact.name }), ...lines(contact).map((l) => `${l.label}: ${l.value}`)];
}

/** The block as HTML, its links in the brand's colour. */
export function contactHtml(contact: MailContact, primary: string): string {
  const e = escapeHtml;
  const rows = lines(contact)
    .map((l) => `${e(l.label)}: ${l.href ? `<a href="${e(l.href)}" style="color:${primary}">${e(l.value)}</a>` : e(l.value)}`)
    .join('<br>');
  return (
    `<div style="margin:24px 0 0;padding:16px;border:1px solid #e5e5e5;border-radius:4px">` +
    `<p style="margin:0 0 8px;font-weight:bold">${e(t('mailContact.title', { name: contact.name }))}</p>` +
    `<p style="margin:0">${rows}</p></div>`
  );
}
