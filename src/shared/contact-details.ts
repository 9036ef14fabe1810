// Whom a visitor reaches: the partner on its site, the sales office on the
// main site. The pages' header, footer and broker card (useContactDetails)
// and the alert mails' contact block (server/mail/contact-block.ts) read it.
import type { PublicPartner } from './partner.ts';
import { t } from './i18n.ts';

export interface ContactDetails {
  name: string;
  email: string | null;
  phone: string | null;
  address: string | null;
}

/** The partner's contact details, or the office's without one. */
export function contactDetails(partner: Pick<PublicPartner, 'name' | 'email' | 'phone' | 'address' | 'city'> | null): ContactDetails {
  return partner
    ? {
        name: partner.name,
        email: partner.email,
        phone: partner.phone,
        address: [partner.address, partner.city].filter(Boolean).join(', ') || null,
      }
    : { name: t('site.name'), email: t('office.email'), phone: t('office.phone'), address: t('office.address') };
}
