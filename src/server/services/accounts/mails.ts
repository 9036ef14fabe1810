// The mails of accounts, and the links in them. A link is built from the
// configured address of the site the client registered on, never from the
// request's Host (which a visitor chooses):
//   a partner with its own domain: SITE_URL's scheme and port, the partner's domain, /{slug}/…
//   a partner without:              SITE_URL/{slug}/…
//   the main site:                  SITE_URL/old/… (the main site's account pages live under /old)
// The subject and text come from en.json; the only values put in are the site's
// name and the link, both ours. compose.ts makes the subject one line again.
import type { PublicPartner } from '../../../shared/partner.ts';
import type { QueuedMail } from '../../mail/compose.ts';
import { t } from '../../../shared/i18n.ts';

export type AccountPage = 'client-reset-password' | 'client-forgot-password';

/** The address of an account page on the client's site. */
export function accountLink(siteUrl: string, partner: Pick<PublicPartner, 'slug' | 'domain'> | null, page: AccountPage, token?: string): string {
  const base = new URL(siteUrl);
  let origin = base.origin + base.pathname.replace(/\/$/, '');
  let section = '/old';
  if (partner) {
    section = `/${encodeURIComponent(partner.slug)}`;
    if (partner.domain) origin = `${base.protocol}//${partner.domain}${base.port ? `:${base.port}` : ''}`;
  }
  return `${origin}${section}/${page}${token ? `/${token}` : ''}`;
}

export function resetMail(siteName: string, link: string): QueuedMail {
  return { subject: t('account.mail.resetSubject'), text: t('account.mail.resetBody', { site: siteName, link }) + '\n' };
}

export function alreadyRegisteredMail(siteName: string, link: string): QueuedMail {
  return { subject: t('account.mail.existsSubject'), text: t('account.mail.existsBody', { site: siteName, link }) + '\n' };
}
