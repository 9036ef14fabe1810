// The pages of a site that belong in its sitemap, as paths on its host. Only
// canonical addresses: no search or property page of a partner (those are its
// copies of the main site's listings, canonical there or noindex), no page
// behind a login, no legacy address. Each page in every language, naming its
// alternates (languages.ts); a content page in each language it is written in
// (/de/buying-process), never where it only falls back.
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import type { Services } from '../services/index.ts';
import type { PageListing } from '../services/content.ts';
import type { PublicPartner } from '../../shared/partner.ts';
import { resolveRoute } from '../../shared/match.ts';
import { siteLanguages } from '../../shared/languages.ts';
import { routes, type PageName, type RouteDef } from '../../shared/routes.ts';
import { LISTED } from '../services/catalogue/search.ts';
import type { SitemapEntry } from './xml.ts';
import { everyLanguage, writtenLanguages, type LanguageVersion } from './languages.ts';

/** Pages whose address is only a question to the listings: a search, a property, a typed place name, a comparison. */
const LISTING_PAGES: ReadonlySet<PageName> = new Set(['search', 'for-sale', 'place-choice', 'compare']);

/** A page anyone may visit at a fixed address (no parameter, no login), other than the listings. */
function isFixedPage(r: RouteDef): boolean {
  return !r.auth && !LISTING_PAGES.has(r.page) && !/[:*]/.test(r.path.replace(/^\/:partner/, ''));
}

/** The main site's fixed pages, and the search over everything. */
export const MAIN_FIXED_PATHS: readonly string[] = [
  ...new Set([...routes.filter((r) => r.section === 'main' && isFixedPage(r)).map((r) => r.path), '/search']),
];

/** A partner site's fixed pages, relative to the partner's root. */
const PARTNER_FIXED = routes
  .filter((r) => r.section === 'partner' && isFixedPage(r))
  .map((r) => ({ page: r.page, path: r.path.replace(/^\/:partner/, '') || '/' }));

/** Whether `path` on the partner's own domain shows `page` (some partner pages are reached there only under /{slug}). */
async function reaches(path: string, page: PageName, hostSlug: string): Promise<boolean> {
  try {
    return (await resolveRoute(path, () => false, hostSlug)).route.page === page;
  } catch {
    return false;
  }
}

/**
 * The address of a partner's page: under /{slug} on the main host; on its own
 * domain the short form when that shows the same page, else the /{slug} form
 * (which the domain serves too).
 */
async function partnerPath(partner: PublicPartner, ownDomain: boolean, page: PageName, path: string): Promise<string> {
  const prefixed = `/${partner.slug}${path === '/' ? '' : path}`;
  if (!ownDomain) return prefixed;
  return (await reaches(path, page, partner.slug)) ? path : prefixed;
}

/** Content pages by slug, each with the languages it is written in. */
function bySlug(pages: readonly PageListing[]): Map<string, LanguageVersion[]> {
  const out = new Map<string, LanguageVersion[]>();
  for (const p of pages) {
    const versions = out.get(p.slug) ?? [];
    versions.push({ language: p.language, lastmod: p.updatedAt });
    out.set(p.slug, versions);
  }
  return out;
}

/** A partner's pages: its fixed pages and its content pages (on its own domain also the main site's that it shows). */
export async function partnerPages(services: Services, partner: PublicPartner, ownDomain: boolean): Promise<SitemapEntry[]> {
  const site = siteLanguages(partner, ownDomain);
  const entries: SitemapEntry[] = ownDomain ? everyLanguage('/', null, site) : [];
  for (const { page, path } of PARTNER_FIXED) entries.push(...everyLanguage(await partnerPath(partner, ownDomain, page, path), null, site));
  // On the main host the main site's pages that a partner shows are the main site's, listed once.
  const content = (await services.content.pages(partner.slug)).filter((p) => ownDomain || p.partner === partner.slug);
  for (const [slug, versions] of bySlug(content))
    entries.push(...writtenLanguages(await partnerPath(partner, ownDomain, 'content', `/${slug}`), versions, site));
  return unique(entries);
}

/** The main site's pages: fixed pages, content pages, and the pages of partners that have no domain of their own. */
export async function mainPages(services: Services): Promise<SitemapEntry[]> {
  const partners = await services.partners.list();
  const partnerSlugs = new Set(partners.map((p) => p.slug));
  const out: SitemapEntry[] = MAIN_FIXED_PATHS.flatMap((path) => everyLanguage(path));
  // A partner's slug wins over a main page of the same name (the route table's order).
  const content = (await services.content.pages(null)).filter((p) => p.partner === null && !partnerSlugs.has(p.slug));
  for (const [slug, versions] of bySlug(content)) out.push(...writtenLanguages(`/${slug}`, versions));
  for (const partner of partners) if (!partner.domain) out.push(...(await partnerPages(services, partner, false)));
  return unique(out);
}

/**
 * The readable search address of every place with listed projects
 * (/search/spain/alicante/torrevieja) in every language, last changed when its newest project did.
 */
export async function placePages(db: Kysely<Database>): Promise<SitemapEntry[]> {
  const [groups, places] = await Promise.all([
    db
      .selectFrom('projects as p')
      .select(['p.country_id', 'p.region_id', 'p.town_id'])
      .select((eb) => eb.fn.max('p.updated_at').as('lastmod'))
      .where(LISTED)
      .groupBy(['p.country_id', 'p.region_id', 'p.town_id'])
      .execute(),
    db.selectFrom('geo_places').select(['id', 'path']).orderBy('path').execute(),
  ]);
  const newest = new Map<number, string>();
  const seen = (id: number, date: string) => {
    const before = newest.get(id);
    if (!before || before < date) newest.set(id, date);
  };
  for (const g of groups) for (const id of [g.country_id, g.region_id, g.town_id]) seen(id, String(g.lastmod));
  return places.filter((p) => newest.has(p.id)).flatMap((p) => everyLanguage(`/search/${p.path}`, newest.get(p.id)));
}

function unique(entries: SitemapEntry[]): SitemapEntry[] {
  const seen = new Set<string>();
  return entries.filter((e) => !seen.has(e.loc) && seen.add(e.loc));
}
