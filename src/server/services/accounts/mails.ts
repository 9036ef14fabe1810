// The mails of accounts, and the links in them. A link is built from the
// configured address of the site the client registered on, never from the
// request's Host (which a visitor chooses), under the prefix of the mail's
// language (`/de`, none for English), which comes before any section:
//   a partner with its own domain: SITE_URL's scheme and port, the partner's domain, [/de]/… (its site is the
//     root; no prefix for the partner's root language there)
//   a partner without:              SITE_URL[/de]/{slug}/…
//   the main site:                  SITE_URL[/de]/old/… (the main site's account pages live under /old)
// A mail wears the brand of that site: its name as the sender's name and in the
// text, and in the HTML part its logo (or name) on a bar of its primary colour.
// The subject and text come from the locale files, written in the reader's
// language by the caller (i18n's writeIn()); the only values put in are the
// site's name and the link, both ours. compose.ts makes the subject one line again.
import type { PublicPartner } from '../../../shared/partner.ts';
import { mailLogoUrl, type QueuedMail } from '../../mail/compose.ts';
import { DEFAULT_COLORS } from '../../../shared/constants.ts';
import { t } from '../../../shared/i18n.ts';
import { brandedHtml, type MailBrand } from './mail-html.ts';
import { siteOrigin } from '../../../shared/seo.ts';
import { DEFAULT_LANGUAGE, languagePrefix, type Language } from '../../../shared/languages.ts';

export type AccountPage = 'client-reset-password' | 'client-forgot-password' | 'profile';

type LinkPartner = Pick<PublicPartner, 'slug' | 'domain' | 'root_language'>;
/** The partner whose site a mail comes from (null: the main site). */
export type MailPartner = Pick<PublicPartner, 'slug' | 'domain' | 'root_language' | 'name' | 'logo' | 'colors'> | null;

/** The address of the client's site in `language`: the partner's domain, SITE_URL/{slug}, or SITE_URL, each with the language's prefix. */
function siteAddress(siteUrl: string, partner: LinkPartner | null, language: Language): string {
  const base = new URL(siteUrl);
  const origin = base.origin + base.pathname.replace(/\/$/, '');
  const prefix = languagePrefix(language);
  if (!partner) return origin + prefix;
  if (partner.domain)
    return `${base.protocol}//${partner.domain}${base.port ? `:${base.port}` : ''}${languagePrefix(language, partner.root_language)}`;
  return `${origin}${prefix}/${encodeURIComponent(partner.slug)}`;
}

/** The address of an account page on the client's site, in `language`. */
export function accountLink(
  siteUrl: string,
  partner: LinkPartner | null,
  page: AccountPage,
  token?: string,
  language: Language = DEFAULT_LANGUAGE,
): string {
  const section = partner ? siteAddress(siteUrl, partner, language) : `${siteAddress(siteUrl, null, language)}/old`;
  return `${section}/${page}${token ? `/${token}` : ''}`;
}

/** The brand of the client's site as a mail shows it: the partner's, or the main site's; its home in `language`. */
export function mailBrand(siteUrl: string, partner: MailPartner, language: Language = DEFAULT_LANGUAGE): MailBrand {
  const home = siteAddress(siteUrl, partner, language);
  return {
    name: partner?.name ?? t('site.name'),
    home,
    // On the domain of the client's site, as its links are.
    logo: mailLogoUrl(partner?.logo, siteOrigin(siteUrl, partner?.domain)),
    primary: partner?.colors.primary ?? DEFAULT_COLORS.primary,
  };
}

/** A mail in the site's brand: `text` as the plain part, and in HTML with `link` as a button. */
export function brandedMail(brand: MailBrand, subject: string, text: string, link: string): QueuedMail {
  return { subject, text: text + '\n', html: brandedHtml(brand, text, link), fromName: brand.name };
}

export function resetMail(brand: MailBrand, link: string): QueuedMail {
  return brandedMail(brand, t('account.mail.resetSubject'), t('account.mail.resetBody', { site: brand.name, link }), link);
}

export function alreadyRegisteredMail(brand: MailBrand, link: string): QueuedMail {
  return brandedMail(brand, t('account.mail.existsSubject'), t('account.mail.existsBody', { site: brand.name, link }), link);
}
