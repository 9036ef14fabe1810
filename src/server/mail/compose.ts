// The mail a lead becomes. Header injection is impossible by construction:
// - nodemailer builds and encodes every header (display names, subject);
// - the subject is an en.json template filled with the form, the project's
//   name (from the feed) and the site's or partner's name, never with what the
//   visitor typed;
// - the visitor's input goes into the plain-text body and, escaped, into the
//   HTML body, and their name and
//   address into Reply-To as an {name, address} object, after the shared
//   structs refused CR, LF and any character that could end an address;
// - and every single-line value is stripped of control characters again here.
//
// A broker acts on the mail (issue 10): the subject names the form and the
// project; the body gives the page's full address on the site it was sent
// from, the visitor's details and, for a logged-in client, their favorites as a
// list without links (names, places, prices). Both a plain-text and an HTML
// part; the HTML one is a simple inline-styled layout in the partner's brand.
import type { SendMailOptions } from 'nodemailer';
import type { LeadRow } from '../store/schema.ts';
import type { FavoriteSnapshot } from '../../shared/leads.ts';
import { t, type MessageKey } from '../../shared/i18n.ts';
import { formatPrice, formatPriceRange } from '../../shared/format.ts';
import { absoluteUrl, siteOrigin } from '../../shared/seo.ts';
import { escapeHtml, frameColors, mailFrame } from './frame.ts';
import { CONTROL, CONTROL_IN_TEXT, everywhere } from '../../shared/control-characters.ts';
import { DEFAULT_LANGUAGE, type Language } from '../../shared/languages.ts';

/** The language of the mails the office acts on: leads' notifications, whatever the visitor's language (a partner's: its root language). */
export const OFFICE_LANGUAGE: Language = DEFAULT_LANGUAGE;

const CONTROL_RUNS = everywhere(CONTROL, true);
const CONTROL_IN_TEXT_ALL = everywhere(CONTROL_IN_TEXT);

export interface MailBrand {
  /** partners.logo: a path on the site (or an address); null: the name alone. */
  logo: string | null;
  /** The partner's primary colour (#rrggbb). */
  color: string | null;
}

export interface MailContext {
  from: string;
  /** The partner's name, or the site's for the main site. */
  siteName: string;
  /** The project's name, for a property lead. */
  projectName?: string | null;
  /** The main site's address (SITE_URL): a logo's path becomes absolute on it. */
  siteUrl?: string;
  /** The partner's logo and colour; absent: the main brand's. */
  brand?: MailBrand | null;
}

/** One line of text: control characters (CR, LF, tab, U+2028…) become spaces. */
export function oneLine(value: string | null | undefined): string {
  return (value ?? '').replace(CONTROL_RUNS, ' ').trim();
}

/** A message body: line breaks normalised, other control characters dropped. */
function multiLine(value: string): string {
  return value.replace(/\r\n?/g, '\n').replace(CONTROL_IN_TEXT_ALL, '');
}

const FIELD_LABELS: Array<[keyof LeadRow, MessageKey]> = [
  ['name', 'forms.fields.name.label'],
  ['first_name', 'forms.fields.firstName.label'],
  ['last_name', 'forms.fields.lastName.label'],
  ['email', 'forms.fields.email.label'],
  ['phone', 'forms.fields.phone.label'],
  ['postal_code', 'forms.fields.postalCode.label'],
  ['city', 'forms.fields.city.label'],
  ['subject', 'forms.fields.subject.label'],
];

export function visitorName(lead: Pick<LeadRow, 'name' | 'first_name' | 'last_name'>): string {
  return oneLine(lead.name ?? [lead.first_name, lead.last_name].filter(Boolean).join(' '));
}

/** The favorites a lead kept (JSON), or [] when it kept none or the JSON is not a list. */
export function favoritesOf(lead: Pick<LeadRow, 'favorites'>): FavoriteSnapshot[] {
  if (!lead.favorites) return [];
  try {
    const list: unknown = JSON.parse(lead.favorites);
    return Array.isArray(list) ? (list as FavoriteSnapshot[]).filter((f) => f && typeof f.name === 'string') : [];
  } catch {
    return [];
  }
}

/** A favorite on one line: 'Villas Dénia — Dénia, Alicante — € 245.000 - € 410.000'. */
function favoriteLine(f: FavoriteSnapshot): string {
  const place = [f.town, f.region].filter(Boolean).join(', ');
  const price = f.price ? formatPriceRange(f.price) || formatPrice(f.price.min) : '';
  return oneLine([f.name, place, price || t('leadMail.noPrice')].filter(Boolean).join(' — '));
}

/** The logo's absolute address for a mail, or null: mail clients do not show SVG, so a site's .svg is asked for as .png. */
export function mailLogoUrl(logo: string | null | undefined, siteUrl: string): string | null {
  const value = oneLine(logo);
  if (!value) return null;
  if (/^https?:\/\//i.test(value)) return /\.svg(?:[?#]|$)/i.test(value) ? null : value;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  // Only the site's own logos (/media/partners/<name>.svg) have a PNG beside them; another SVG shows as the name.
  if (/\.svg(?:[?#]|$)/i.test(value))
    return /^\/media\/partners\/[a-z0-9-]+\.svg$/.test(value) ? absoluteUrl(siteOrigin(siteUrl), value.replace(/\.svg$/, '.png')) : null;
  return absoluteUrl(siteOrigin(siteUrl), value);
}

interface Row {
  label: string;
  value: string;
  href?: string;
}

export function composeLeadMail(lead: LeadRow, recipient: string, context: MailContext): SendMailOptions {
  const site = oneLine(context.siteName);
  const project = oneLine(context.projectName) || (lead.project_id !== null ? `#${lead.project_id}` : '');
  const subject = oneLine(t(`leadMail.subject.${lead.kind}`, { site, project }));
  const favorites = favoritesOf(lead);
  const name = visitorName(lead);
  const pageUrl = oneLine(lead.page_url ?? lead.page);

  const intro =
    lead.kind === 'favorites'
      ? t('leadMail.intro.favorites', { site, name: name || oneLine(lead.email) })
      : t('leadMail.intro.form', { site });
  const about: Row[] = [{ label: t('leadMail.form'), value: t(`leadMail.kind.${lead.kind}`) }];
  if (lead.project_id !== null) about.push({ label: t('leadMail.project'), value: project });
  about.push({ label: t('leadMail.page'), value: pageUrl, href: /^https?:\/\//.test(pageUrl) ? pageUrl : undefined });

  const visitor: Row[] = [];
  for (const [column, label] of FIELD_LABELS) {
    const value = lead[column];
    if (typeof value === 'string' && value) visitor.push({ label: t(label), value: oneLine(value) });
  }
  if (lead.client_id !== null) visitor.push({ label: t('leadMail.account'), value: t('leadMail.registered') });

  const message = lead.message ? multiLine(lead.message) : null;
  const favoritesTitle =
    lead.kind === 'favorites'
      ? t('leadMail.favoritesSent', { count: favorites.length })
      : t('leadMail.favorites', { count: favorites.length });
  const footer: Row[] = [
    { label: t('leadMail.site'), value: site },
    { label: t('leadMail.received'), value: lead.created_at },
    { label: t('leadMail.reference'), value: String(lead.id) },
  ];

  // --- plain text
  const lines: string[] = [intro, ''];
  const rows = (list: Row[]) => list.forEach((r) => lines.push(`${r.label}: ${r.value}`));
  rows(about);
  lines.push('');
  rows(visitor);
  if (message) lines.push('', `${t('forms.fields.message.label')}:`, message);
  if (favorites.length) lines.push('', `${favoritesTitle}:`, ...favorites.map((f) => `- ${favoriteLine(f)}`));
  lines.push('', '--');
  rows(footer);

  return {
    from: context.from,
    to: oneLine(recipient),
    replyTo: { name, address: oneLine(lead.email) },
    subject,
    text: lines.join('\n') + '\n',
    html: leadHtml({ site, intro, about, visitor, message, favoritesTitle, favorites, footer, context }),
    // Nothing from the lead is ever read as a file or fetched as a URL.
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

interface HtmlParts {
  site: string;
  intro: string;
  about: Row[];
  visitor: Row[];
  message: string | null;
  favoritesTitle: string;
  favorites: FavoriteSnapshot[];
  footer: Row[];
  context: MailContext;
}

/** The HTML part, in the mail frame (mail/frame.ts), every value escaped. */
function leadHtml(p: HtmlParts): string {
  const e = escapeHtml;
  const { primary } = frameColors({ primary: p.context.brand?.color ?? null });
  const logo = p.context.brand ? mailLogoUrl(p.context.brand.logo, p.context.siteUrl ?? 'http://localhost:3000') : null;
  const cell = 'padding:4px 12px 4px 0;vertical-align:top;';
  const table = (rows: Row[]) =>
    `<table role="presentation" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:0 0 16px">${rows
      .map(
        (r) =>
          `<tr><th scope="row" style="${cell}text-align:left;font-weight:600;color:#555555;white-space:nowrap">${e(r.label)}</th><td style="${cell}">${
            r.href ? `<a href="${e(r.href)}" style="color:${primary}">${e(r.value)}</a>` : e(r.value)
          }</td></tr>`,
      )
      .join('')}</table>`;
  const message = p.message
    ? `<h2 style="font-size:16px;margin:0 0 8px">${e(t('forms.fields.message.label'))}</h2><p style="margin:0 0 16px;white-space:pre-wrap">${e(p.message).replace(/\n/g, '<br>')}</p>`
    : '';
  const favorites = p.favorites.length
    ? `<h2 style="font-size:16px;margin:0 0 8px">${e(p.favoritesTitle)}</h2><ul style="margin:0 0 16px;padding-left:20px">${p.favorites
        .map((f) => `<li style="margin:0 0 4px">${e(favoriteLine(f))}</li>`)
        .join('')}</ul>`
    : '';
  const body = `<p style="margin:0 0 16px">${e(p.intro)}</p>${table(p.about)}${table(p.visitor)}${message}${favorites}`;
  return mailFrame({ name: p.site, primary, logo }, body, table(p.footer));
}

function senderAddress(from: string): string {
  return (/<([^<>]+)>\s*$/.exec(from)?.[1] ?? from).trim();
}

/** The message of a queued mail: one-line subject, recipient and sender's name, the text as it is. */
export function composeQueuedMail(mail: QueuedMail, recipient: string, from: string): SendMailOptions {
  return {
    from: mail.fromName ? { name: oneLine(mail.fromName), address: senderAddress(from) } : from,
    to: oneLine(recipient),
    subject: oneLine(mail.subject),
    text: multiLine(mail.text),
    ...(mail.html ? { html: mail.html } : {}),
    ...(mail.headers ? { headers: Object.fromEntries(Object.entries(mail.headers).map(([k, v]) => [k, oneLine(v)])) } : {}),
    disableFileAccess: true,
    disableUrlAccess: true,
  };
} /** A mail that is not a lead's (accounts): composed when queued, kept in its outbox row. */
export interface QueuedMail {
  subject: string;
  text: string;
  /** The same in HTML (composed and escaped by the caller). */
  html?: string;
  /** The sender's name, e.g. the partner's: MAIL_FROM's address goes with it. */
  fromName?: string;
  /** Extra headers our code wrote (List-Unsubscribe of an alert: saved-searches/links.ts). */
  headers?: Record<string, string>;
}
