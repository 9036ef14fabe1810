// A host's sitemap (sitemaps.org): the main site's pages, places and every
// listed project; a partner's domain its own pages. Past `maxUrls` addresses
// /sitemap.xml is an index of numbered pages (/sitemap-1.xml, …), each at most
// `maxUrls` long. Projects are read and written in batches, so even a page of
// 45,000 projects is never one string in memory.
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { LISTED } from '../services/catalogue/search.ts';
import { absoluteUrl } from '../../shared/seo.ts';
import { sitemapIndex, urlset, type SitemapEntry } from './xml.ts';

/** The sitemaps protocol allows 50,000 addresses (and 50 MB) per file; this leaves room. */
export const SITEMAP_MAX_URLS = 45_000;
/** Projects read per query while a sitemap is written. */
const BATCH = 1_000;

export interface SitemapPlan {
  /** The absolute origin the addresses are on. */
  origin: string;
  /** Every address but the projects' (a few hundred), paths with their lastmod. */
  pages: SitemapEntry[];
  /** How many listed projects follow the pages (0 on a partner's domain). */
  projects: number;
  maxUrls: number;
}

export type SitemapAnswer = { kind: 'urlset'; body: AsyncIterable<string> } | { kind: 'index'; body: string } | { kind: 'none' };

export async function countListed(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('projects as p')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(LISTED)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const total = (plan: SitemapPlan) => plan.pages.length + plan.projects;
const pageCount = (plan: SitemapPlan) => Math.ceil(total(plan) / plan.maxUrls);

/** /sitemap.xml: every address, or the index of the numbered pages when there are too many. */
export async function sitemap(db: Kysely<Database>, plan: SitemapPlan): Promise<SitemapAnswer> {
  if (total(plan) <= plan.maxUrls) return { kind: 'urlset', body: urlset(range(db, plan, 0, total(plan))) };
  const sitemaps: SitemapEntry[] = [];
  for (let n = 1; n <= pageCount(plan); n++)
    sitemaps.push({ loc: `${plan.origin}/sitemap-${n}.xml`, lastmod: await newestIn(db, plan, (n - 1) * plan.maxUrls, n * plan.maxUrls) });
  return { kind: 'index', body: sitemapIndex(sitemaps) };
}

/** /sitemap-{n}.xml: page n of an index; none when /sitemap.xml is not an index or there is no such page. */
export function sitemapPage(db: Kysely<Database>, plan: SitemapPlan, n: number): SitemapAnswer {
  if (total(plan) <= plan.maxUrls || !Number.isInteger(n) || n < 1 || n > pageCount(plan)) return { kind: 'none' };
  const start = (n - 1) * plan.maxUrls;
  return { kind: 'urlset', body: urlset(range(db, plan, start, Math.min(total(plan), start + plan.maxUrls))) };
}

/** Addresses [start, end) of the whole list: the pages first, then the projects by id. */
async function* range(db: Kysely<Database>, plan: SitemapPlan, start: number, end: number): AsyncGenerator<SitemapEntry[]> {
  const pages = plan.pages.slice(start, end).map((e) => ({ ...e, loc: absoluteUrl(plan.origin, e.loc) }));
  if (pages.length) yield pages;
  const from = Math.max(0, start - plan.pages.length);
  let left = end - Math.max(start, plan.pages.length);
  let after: number | null = null;
  while (left > 0) {
    // The first batch skips to the page's first project; the next ones continue after the last id.
    const rows: Array<{ id: number; updated_at: string }> = await db
      .selectFrom('projects as p')
      .select(['p.id', 'p.updated_at'])
      .where(LISTED)
      .$if(after !== null, (qb) => qb.where('p.id', '>', after!))
      .orderBy('p.id')
      .limit(Math.min(BATCH, left))
      .$if(after === null && from > 0, (qb) => qb.offset(from))
      .execute();
    if (!rows.length) break;
    yield rows.map((r) => ({ loc: `${plan.origin}/for-sale/${r.id}`, lastmod: r.updated_at }));
    after = rows[rows.length - 1]!.id;
    left -= rows.length;
  }
}

/** The newest lastmod among addresses [start, end), for the index. */
async function newestIn(db: Kysely<Database>, plan: SitemapPlan, start: number, end: number): Promise<string | null> {
  let newest: string | null = null;
  const consider = (date: string | null | undefined) => {
    if (date && (!newest || Date.parse(date) > Date.parse(newest))) newest = date;
  };
  for (const e of plan.pages.slice(start, end)) consider(e.lastmod);
  const from = Math.max(0, start - plan.pages.length);
  const take = Math.min(end, total(plan)) - Math.max(start, plan.pages.length);
  if (take > 0) {
    const slice = db.selectFrom('projects as p').select('p.updated_at').where(LISTED).orderBy('p.id').limit(take).offset(from).as('page');
    const row = await db
      .selectFrom(slice)
      .select((eb) => eb.fn.max('page.updated_at').as('newest'))
      .executeTakeFirst();
    consider(row?.newest as string | null | undefined);
  }
  return newest;
}
