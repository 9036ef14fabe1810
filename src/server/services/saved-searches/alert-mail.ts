// The alert mail of a saved search: its projects (name, place, price in SPEC
// §9's format, a picture, what happened: new or a lower price) linked to their
// pages on the site where the search was saved, a link to the search for the
// rest, and why the mail comes with the links to manage or stop it. A plain
// text and an HTML part in that site's brand (mail/frame.ts), in the language
// the caller writes it in (alerts.ts: the search's). Every value is ours or the
// feed's, escaped in the HTML; compose.ts makes the subject one line.
import type { QueuedMail } from '../../mail/compose.ts';
import { escapeHtml, frameColors, mailFrame } from '../../mail/frame.ts';
import type { MailBrand } from '../accounts/mail-html.ts';
import { formatCount, formatPrice } from '../../../shared/format.ts';
import { contactHtml, contactText, type MailContact } from '../../mail/contact-block.ts';
import { t, tp } from '../../../shared/i18n.ts';
import type { Frequency } from '../../../shared/saved-searches.ts';

/** The width of a listing's picture in an alert (alerts.ts sends a JPEG twice as wide, for sharp screens). */
export const MAIL_PICTURE_WIDTH = 160;

export interface AlertItem {
  name: string;
  /** 'Torrevieja, Alicante' */
  place: string;
  /** '€ 245.000 - € 410.000', or the words for no price. */
  price: string;
  /** An absolute address of a raster picture, or null. */
  picture: string | null;
  /** The project's page on the search's site. */
  href: string;
  isNew: boolean;
  /** The home whose price dropped, in words ('Apartment, 2 bedrooms, 85 m², floor 3, ref. A-12'), or null. */
  unit: string | null;
  /** A drop: the unit's price before and now. */
  priceBefore: number | null;
  priceNow: number | null;
}

export interface AlertMailParts {
  brand: MailBrand;
  /** The search in words (saved_searches.title). */
  title: string;
  frequency: Frequency;
  items: AlertItem[];
  /** How many projects matched, of which `items` are the first. */
  total: number;
  /** The search's results on its site. */
  searchHref: string;
  manageHref: string;
  unsubscribeHref: string;
  /** Whom the buyer asks: the partner on its site's mails, else the office. */
  contact: MailContact;
}

/** What happened to a project, in words: new, or which home's price dropped from what to what. */
function change(item: AlertItem): string {
  if (item.isNew || item.priceBefore === null) return t('savedSearches.alert.new');
  const reduced = t('savedSearches.alert.reduced', { before: formatPrice(item.priceBefore), price: formatPrice(item.priceNow) });
  return item.unit ? `${item.unit}: ${reduced}` : reduced;
}

export function alertMail(p: AlertMailParts): QueuedMail {
  const site = p.brand.name;
  const count = formatCount(p.total);
  const subject = tp('savedSearches.alert.subject', p.total, { count, search: p.title });
  const intro = t('savedSearches.alert.intro', { search: p.title, site });
  const more = p.total > p.items.length ? t('savedSearches.alert.seeAll', { count, site }) : t('savedSearches.alert.seeSearch', { site });
  const why = t('savedSearches.alert.why', { site, frequency: t(`savedSearches.frequencies.${p.frequency}`) });
  const manage = t('savedSearches.alert.manage');
  const unsubscribe = t('savedSearches.alert.unsubscribe');

  const text = [
    intro,
    '',
    ...p.items.flatMap((item) => [item.name, `${item.place} · ${item.price}`, change(item), item.href, '']),
    `${more}:`,
    p.searchHref,
    '',
    ...contactText(p.contact),
    '',
    '--',
    why,
    `${manage}: ${p.manageHref}`,
    `${unsubscribe}: ${p.unsubscribeHref}`,
    '',
  ].join('\n');
  return { subject, text, html: alertHtml(p, { intro, more, why, manage, unsubscribe }), fromName: site };
}

interface Words {
  intro: string;
  more: string;
  why: string;
  manage: string;
  unsubscribe: string;
}

function alertHtml(p: AlertMailParts, w: Words): string {
  const e = escapeHtml;
  const { primary, ink } = frameColors(p.brand);
  const rows = p.items
    .map((item) => {
      const picture = item.picture
        ? `<a href="${e(item.href)}"><img src="${e(item.picture)}" alt="" width="${MAIL_PICTURE_WIDTH}" style="display:block;width:${MAIL_PICTURE_WIDTH}px;height:auto;border:0"></a>`
        : '';
      const badge = item.isNew ? primary : '#b3261e';
      return (
        `<tr><td width="${MAIL_PICTURE_WIDTH + 12}" style="padding:0 12px 16px 0;vertical-align:top">${picture}</td>` +
        `<td style="padding:0 0 16px;vertical-align:top">` +
        `<a href="${e(item.href)}" style="color:${primary};font-weight:bold;font-size:16px">${e(item.name)}</a><br>` +
        `${e(item.place)}<br><strong>${e(item.price)}</strong><br>` +
        `<span style="color:${badge};font-weight:bold">${e(change(item))}</span></td></tr>`
      );
    })
    .join('');
  const body =
    `<p style="margin:0 0 16px">${e(w.intro)}</p>` +
    `<table role="presentation" cellpadding="0" cellspacing="0" style="border-collapse:collapse;width:100%">${rows}</table>` +
    `<p style="margin:8px 0 0"><a href="${e(p.searchHref)}" style="display:inline-block;padding:12px 20px;background:${primary};color:${ink};text-decoration:none;border-radius:4px">${e(w.more)}</a></p>` +
    contactHtml(p.contact, primary);
  const footer =
    `<p style="margin:0 0 8px">${e(w.why)}</p>` +
    `<p style="margin:0"><a href="${e(p.manageHref)}" style="color:#555555">${e(w.manage)}</a> · ` +
    `<a href="${e(p.unsubscribeHref)}" style="color:#555555">${e(w.unsubscribe)}</a></p>`;
  return mailFrame(p.brand, body, footer);
}
