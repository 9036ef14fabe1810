// The addresses of a page for search engines and link previews: its own
// (absolute, without tracking parameters), its canonical one and its robots
// rule. Pure, so <Meta> and its tests share the rules.
//
// A partner's copy of a listing (its for-sale and search pages, under
// /{partner} or on its own domain) follows the partner's `listing_indexing`:
// canonical to the main site's page of the same listing, or noindex. The
// /old section's listing pages are canonical to the main site's.
// A partner's pages name the languages it offers; on its own domain its root
// language is the unprefixed one (shared/languages.ts SiteLanguages).
import type { PublicPartner } from '../../shared/partner.ts';
import { absoluteUrl, canonicalPath, isListingPath, siteOrigin, withoutPrefix } from '../../shared/seo.ts';
import type { SectionInfo } from './section.tsx';
import { MAIN_SITE, inLanguage, siteLanguages, type Language, type SiteLanguages } from '../../shared/languages.ts';

/** The same page in another language (`hreflang`; `x-default` is the site's own language's). */
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

/** The page at `path` on `origin` in every language of `site`, and the site's own language as x-default. */
function alternatesOf(origin: string, path: string, site: SiteLanguages): Alternate[] {
  const href = (language: Language) => absoluteUrl(origin, inLanguage(path, language, site.root));
  const all = site.languages.map((language) => ({ hreflang: language as string, href: href(language) }));
  return [...all, { hreflang: 'x-default', href: href(site.main) }];
}

/** The addresses and robots rule of a page; pure, so the rules can be tested without rendering. */
export function pageAddresses(
  where: Where,
  props: { canonicalPath?: string | undefined; noindex?: boolean | undefined } = {},
): PageAddresses {
  const { siteUrl, section, partner, language } = where;
  const main = siteOrigin(siteUrl);
  const ownDomain = Boolean(section.hostPartner && partner?.domain);
  const origin = ownDomain ? siteOrigin(siteUrl, partner!.domain) : main;
  const partnerSlug = section.hostPartner ?? (section.section === 'partner' ? section.partnerSlug : null);
  const site = partnerSlug ? siteLanguages(partner, ownDomain) : MAIN_SITE;
  // Each language's page is canonical in its own language, and names the others.
  const at = (host: string, path: string, root = site.root) => absoluteUrl(host, inLanguage(path, language, root));
  const url = at(origin, canonicalPath(where.path));
  if (props.noindex) return { url, canonical: null, robots: 'noindex', alternates: [] };
  const wanted = canonicalPath(props.canonicalPath ?? where.path);

  const prefix = partnerSlug ? `/${partnerSlug}` : section.section === 'old' ? '/old' : '';
  const mainPath = withoutPrefix(wanted, prefix);
  if (prefix && isListingPath(mainPath)) {
    if (partnerSlug && partner?.listing_indexing === 'noindex') return { url, canonical: null, robots: 'noindex, follow', alternates: [] };
    return { url, canonical: at(main, mainPath, MAIN_SITE.root), robots: null, alternates: [] };
  }
  // A partner's own pages seen under /{partner} on the main host: their home is the partner's domain, if it has one.
  if (partnerSlug && !section.hostPartner && partner?.domain) {
    const home = siteOrigin(siteUrl, partner.domain);
    const homeSite = siteLanguages(partner, true);
    return { url, canonical: at(home, mainPath, homeSite.root), robots: null, alternates: alternatesOf(home, mainPath, homeSite) };
  }
  return { url, canonical: at(origin, wanted), robots: null, alternates: alternatesOf(origin, wanted, site) };
}
