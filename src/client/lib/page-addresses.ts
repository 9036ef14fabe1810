// The addresses of a page for search engines and link previews: its own
// (absolute, without tracking parameters), its canonical one and its robots
// rule. Pure, so <Meta> and its tests share the rules.
//
// A partner's copy of a listing (its for-sale and search pages, under
// /{partner} or on its own domain) follows the partner's `listing_indexing`:
// canonical to the main site's page of the same listing, or noindex. The
// /old section's listing pages are canonical to the main site's.
import type { PublicPartner } from '../../shared/partner.ts';
import { absoluteUrl, canonicalPath, isListingPath, siteOrigin, withoutPrefix } from '../../shared/seo.ts';
import type { SectionInfo } from './section.tsx';
import { LANGUAGES, inLanguage, type Language } from '../../shared/languages.ts';

/** The same page in another language (`hreflang`; `x-default` is the default language's). */
export interface Alternate {
  hreflang: string;
  href: string;
}

export interface PageAddresses {
  /** The page's own address, without tracking parameters. */
  url: string;
  canonical: string | null;
  robots: string | null;
  /** The page in every language, when it has a canonical address of its own language. */
  alternates: Alternate[];
}

export interface Where {
  siteUrl: string;
  section: SectionInfo;
  partner: PublicPartner | null;
  /** The path and query string shown, without the language's prefix. */
  path: string;
  language: Language;
}

/** The page at `path` on `origin` in every language, and the default one as x-default. */
function alternatesOf(origin: string, path: string): Alternate[] {
  const all = LANGUAGES.map((language) => ({ hreflang: language as string, href: absoluteUrl(origin, inLanguage(path, language)) }));
  return [...all, { hreflang: 'x-default', href: absoluteUrl(origin, path) }];
}

/** The addresses and robots rule of a page; pure, so the rules can be tested without rendering. */
export function pageAddresses(
  where: Where,
  props: { canonicalPath?: string | undefined; noindex?: boolean | undefined } = {},
): PageAddresses {
  const { siteUrl, section, partner, language } = where;
  const main = siteOrigin(siteUrl);
  const origin = section.hostPartner && partner?.domain ? siteOrigin(siteUrl, partner.domain) : main;
  // Each language's page is canonical in its own language, and names the others.
  const at = (host: string, path: string) => absoluteUrl(host, inLanguage(path, language));
  const url = at(origin, canonicalPath(where.path));
  if (props.noindex) return { url, canonical: null, robots: 'noindex', alternates: [] };
  const wanted = canonicalPath(props.canonicalPath ?? where.path);

  const partnerSlug = section.hostPartner ?? (section.section === 'partner' ? section.partnerSlug : null);
  const prefix = partnerSlug ? `/${partnerSlug}` : section.section === 'old' ? '/old' : '';
  const mainPath = withoutPrefix(wanted, prefix);
  if (prefix && isListingPath(mainPath)) {
    if (partnerSlug && partner?.listing_indexing === 'noindex') return { url, canonical: null, robots: 'noindex, follow', alternates: [] };
    return { url, canonical: at(main, mainPath), robots: null, alternates: [] };
  }
  // A partner's own pages seen under /{partner} on the main host: their home is the partner's domain, if it has one.
  if (partnerSlug && !section.hostPartner && partner?.domain) {
    const home = siteOrigin(siteUrl, partner.domain);
    return { url, canonical: at(home, mainPath), robots: null, alternates: alternatesOf(home, mainPath) };
  }
  return { url, canonical: at(origin, wanted), robots: null, alternates: alternatesOf(origin, wanted) };
}
