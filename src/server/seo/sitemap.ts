// A host's sitemap (sitemaps.org): the main site's pages, places and every
// listed project; a partner's domain its own pages. Past `maxUrls` addresses
// /sitemap.xml is an index of numbered pages (/sitemap-1.xml, …), each at most
// `maxUrls` long. Written whole, in one pass over the listed projects by id,
// and compressed: routes.ts keeps the files per version and serves them as
// they are (docs/decisions/sitemaps-per-version.md).
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { LISTED } from '../services/catalogue/search.ts';
import { absoluteUrl } from '../../shared/seo.ts';
import { sitemapIndex, urlEntry, urlset, w3cDate, type SitemapEntry } from './xml.ts';
import { compressFile, type CompressedFile } from './compressed-file.ts';

/** The sitemaps protocol allows 50,000 addresses (and 50 MB) per file; this leaves room. */
export const SITEMAP_MAX_URLS = 45_000;
/** Projects read per query while the sitemaps are written. */
const BATCH = 5_000;

export interface SitemapPlan {
  /** The absolute origin the addresses are on. */
  origin: string;
  /** Every address but the projects' (a few hundred), paths with their lastmod. */
  pages: SitemapEntry[];
  /** Whether the listed projects follow the pages (not on a partner's domain). */
  projects: boolean;
  maxUrls: number;
}

/** A host's sitemap files by name ('sitemap.xml', 'sitemap-1.xml', …). */
export type SitemapFiles = Map<string, CompressedFile>;

/** The addresses in order: the pages first, then the listed projects by id, in batches. */
async function* addresses(db: Kysely<Database>, plan: SitemapPlan): AsyncGenerator<SitemapEntry[]> {
  yield plan.pages.map((e) => ({ ...e, loc: absoluteUrl(plan.origin, e.loc) }));
  if (!plan.projects) return;
  let after = 0;
  for (;;) {
    const rows: Array<{ id: number; updated_at: string }> = await db
      .selectFrom('projects as p')
      .select(['p.id', 'p.updated_at'])
      .where(LISTED)
      .where('p.id', '>', after)
      .orderBy('p.id')
      .limit(BATCH)
      .execute();
    if (!rows.length) return;
    yield rows.map((r) => ({ loc: `${plan.origin}/for-sale/${r.id}`, lastmod: r.updated_at }));
    after = rows[rows.length - 1]!.id;
  }
}

/** Every sitemap file of the plan: /sitemap.xml alone, or the index and its numbered pages. */
export async function buildSitemaps(db: Kysely<Database>, plan: SitemapPlan): Promise<SitemapFiles> {
  // Each full page is compressed at once, so that only one page's text is in memory.
  const pages: Array<{ file: CompressedFile; newest: string | null }> = [];
  let entries: string[] = [];
  let newest: string | null = null;
  const close = async () => {
    pages.push({ file: await compressFile(urlset(entries)), newest });
    entries = [];
    newest = null;
  };
  for await (const batch of addresses(db, plan))
    for (const e of batch) {
      if (entries.length === plan.maxUrls) await close();
      const lastmod = w3cDate(e.lastmod);
      entries.push(urlEntry(e.loc, lastmod));
      // W3C dates in UTC, all written alike, sort as text.
      if (lastmod && (!newest || lastmod > newest)) newest = lastmod;
    }
  if (entries.length || !pages.length) await close();
  if (pages.length === 1) return new Map([['sitemap.xml', pages[0]!.file]]);
  const index = pages.map((p, i) => ({ loc: `${plan.origin}/sitemap-${i + 1}.xml`, lastmod: p.newest }));
  const files: SitemapFiles = new Map([['sitemap.xml', await compressFile(sitemapIndex(index))]]);
  for (const [i, p] of pages.entries()) files.set(`sitemap-${i + 1}.xml`, p.file);
  return files;
}
