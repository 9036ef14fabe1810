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

export interface PageAddresses {
  /** The page's own address, without tracking parameters. */
  url: string;
  canonical: string | null;
  robots: string | null;
}

export interface Where {
  siteUrl: string;
  section: SectionInfo;
  partner: PublicPartner | null;
  /** The path and query string shown. */
  path: string;
}

/** The addresses and robots rule of a page; pure, so the rules can be tested without rendering. */
export function pageAddresses(
  where: Where,
  props: { canonicalPath?: string | undefined; noindex?: boolean | undefined } = {},
): PageAddresses {
  const { siteUrl, section, partner } = where;
  const main = siteOrigin(siteUrl);
  const origin = section.hostPartner && partner?.domain ? siteOrigin(siteUrl, partner.domain) : main;
  const url = absoluteUrl(origin, canonicalPath(where.path));
  if (props.noindex) return { url, canonical: null, robots: 'noindex' };
  const wanted = canonicalPath(props.canonicalPath ?? where.path);

  const partnerSlug = section.hostPartner ?? (section.section === 'partner' ? section.partnerSlug : null);
  const prefix = partnerSlug ? `/${partnerSlug}` : section.section === 'old' ? '/old' : '';
  const mainPath = withoutPrefix(wanted, prefix);
  if (prefix && isListingPath(mainPath)) {
    if (partnerSlug && partner?.listing_indexing === 'noindex') return { url, canonical: null, robots: 'noindex, follow' };
    return { url, canonical: absoluteUrl(main, mainPath), robots: null };
  }
  // A partner's own pages seen under /{partner} on the main host: their home is the partner's domain, if it has one.
  if (partnerSlug && !section.hostPartner && partner?.domain) {
    const canonical = absoluteUrl(siteOrigin(siteUrl, partner.domain), mainPath);
    return { url, canonical, robots: null };
  }
  const canonical = absoluteUrl(origin, wanted);
  return { url, canonical, robots: null };
}
