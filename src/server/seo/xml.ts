// The XML of sitemaps (sitemaps.org protocol 0.9).

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text made safe as XML content or an attribute value. */
export function xmlEscape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** A W3C datetime without milliseconds (2025-03-04T10:00:00Z), or null for a value that is not a date. */
export function w3cDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export interface SitemapEntry {
  /** An absolute address. */
  loc: string;
  lastmod?: string | null;
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** `lastmod` as w3cDate writes it, or null. */
function entry(tag: 'url' | 'sitemap', loc: string, lastmod: string | null): string {
  return `<${tag}><loc>${xmlEscape(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</${tag}>\n`;
}

/** One <url> of a urlset; `lastmod` as w3cDate writes it (the caller compares those too). */
export const urlEntry = (loc: string, lastmod: string | null): string => entry('url', loc, lastmod);

/** A <urlset> around entries written by urlEntry. */
export function urlset(entries: string[]): string {
  return `${XML_DECLARATION}<urlset xmlns="${NS}">\n${entries.join('')}</urlset>\n`;
}

/** A <sitemapindex> naming the sitemaps of a large site. */
export function sitemapIndex(sitemaps: SitemapEntry[]): string {
  const entries = sitemaps.map((e) => entry('sitemap', e.loc, w3cDate(e.lastmod)));
  return `${XML_DECLARATION}<sitemapindex xmlns="${NS}">\n${entries.join('')}</sitemapindex>\n`;
}
