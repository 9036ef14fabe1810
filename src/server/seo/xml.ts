// The XML of sitemaps (sitemaps.org protocol 0.9), with Google's alternates
// (`xhtml:link rel="alternate" hreflang`) for a page listed in several languages.

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

/** The same page in another language, or `x-default`: the version for a visitor of no listed language. */
export interface SitemapAlternate {
  hreflang: string;
  loc: string;
}

export interface SitemapEntry {
  /** An absolute address, or a path on the host before sitemap.ts makes it absolute. */
  loc: string;
  lastmod?: string | null;
  /** Every language's address of the page, its own included, and x-default; shared by those entries. */
  alternates?: readonly SitemapAlternate[];
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XHTML_NS = 'http://www.w3.org/1999/xhtml';

/** `lastmod` as w3cDate writes it, or null; `links` as alternateLinks writes them. */
function entry(tag: 'url' | 'sitemap', loc: string, lastmod: string | null, links = ''): string {
  return `<${tag}><loc>${xmlEscape(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}${links}</${tag}>\n`;
}

/** One <url> of a urlset; `lastmod` as w3cDate writes it (the caller compares those too), `links` as alternateLinks. */
export const urlEntry = (loc: string, lastmod: string | null, links?: string): string => entry('url', loc, lastmod, links);

/** A page's alternates (absolute addresses) as the links of each of its <url> entries. */
export function alternateLinks(alternates: readonly SitemapAlternate[]): string {
  return alternates.map((a) => `<xhtml:link rel="alternate" hreflang="${xmlEscape(a.hreflang)}" href="${xmlEscape(a.loc)}"/>`).join('');
}

/** A <urlset> around entries written by urlEntry. */
export function urlset(entries: string[]): string {
  return `${XML_DECLARATION}<urlset xmlns="${NS}" xmlns:xhtml="${XHTML_NS}">\n${entries.join('')}</urlset>\n`;
}

/** The bytes a urlset adds around its entries. */
export const URLSET_BYTES = Buffer.byteLength(urlset([]));

/** A <sitemapindex> naming the sitemaps of a large site. */
export function sitemapIndex(sitemaps: SitemapEntry[]): string {
  const entries = sitemaps.map((e) => entry('sitemap', e.loc, w3cDate(e.lastmod)));
  return `${XML_DECLARATION}<sitemapindex xmlns="${NS}">\n${entries.join('')}</sitemapindex>\n`;
}
