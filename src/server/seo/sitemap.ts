// A host's sitemap (sitemaps.org): the main site's pages, places and every
// listed project; a partner's domain its own pages; each in every language.
// Pages and places name their alternates in the sitemap; a project's 16
// addresses are listed without (its page names them itself):
// docs/decisions/sitemaps-in-every-language.md. Past `maxUrls` addresses or
// `maxBytes`, /sitemap.xml is an index of numbered pages (/sitemap-1.xml, …).
// Written whole, in one pass over the listed projects by id, and compressed:
// routes.ts keeps the files per version and serves them as they are
// (docs/decisions/sitemaps-per-version.md).
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { LISTED } from '../services/catalogue/search.ts';
import { absoluteUrl } from '../../shared/seo.ts';
import { LANGUAGES, languagePrefix } from '../../shared/languages.ts';
import { alternateLinks, sitemapIndex, URLSET_BYTES, urlEntry, urlset, w3cDate, type SitemapAlternate, type SitemapEntry } from './xml.ts';
import { compressFile, type CompressedFile } from './compressed-file.ts';

/** The sitemaps protocol allows 50,000 addresses per file; this leaves room. */
export const SITEMAP_MAX_URLS = 45_000;
/** The protocol allows 50 MB (52,428,800 bytes) per file unpacked; alternates make entries long. */
export const SITEMAP_MAX_BYTES = 45 * 1024 * 1024;
/** Projects read per query while the sitemaps are written (each gives an entry per language). */
const BATCH = 2_000;
/** Entries written between two turns of the event loop: SQLite answers synchronously, so reads alone would not let requests in. */
const ENTRIES_PER_TURN = 2_000;

export interface SitemapPlan {
  /** The absolute origin the addresses are on. */
  origin: string;
  /** Every address but the projects', paths with their lastmod and alternates. */
  pages: SitemapEntry[];
  /** Whether the listed projects follow the pages (not on a partner's domain). */
  projects: boolean;
  maxUrls: number;
  maxBytes: number;
}

/** A host's sitemap files by name ('sitemap.xml', 'sitemap-1.xml', …). */
export type SitemapFiles = Map<string, CompressedFile>;

/** An entry ready to write: absolute address, lastmod as w3cDate writes it, and its alternates as written links. */
interface Address {
  loc: string;
  lastmod: string | null;
  links?: string;
}

/** Each language's prefix, as an address's path starts ('' for English). */
const PREFIXES = LANGUAGES.map((language) => languagePrefix(language));

/** The pages' entries on the plan's origin; the alternates a page's languages share are written once. */
function pageAddresses(plan: SitemapPlan): Address[] {
  const written = new Map<readonly SitemapAlternate[], string>();
  const linksOf = (alternates: readonly SitemapAlternate[]) => {
    let links = written.get(alternates);
    if (links === undefined) {
      links = alternateLinks(alternates.map((a) => ({ hreflang: a.hreflang, loc: absoluteUrl(plan.origin, a.loc) })));
      written.set(alternates, links);
    }
    return links;
  };
  return plan.pages.map((e) => ({
    loc: absoluteUrl(plan.origin, e.loc),
    lastmod: w3cDate(e.lastmod),
    ...(e.alternates ? { links: linksOf(e.alternates) } : {}),
  }));
}

/** The addresses in order: the pages first, then each listed project by id in every language, in batches. */
async function* addresses(db: Kysely<Database>, plan: SitemapPlan): AsyncGenerator<Address[]> {
  yield pageAddresses(plan);
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
    yield rows.flatMap((r) => {
      const lastmod = w3cDate(r.updated_at);
      return PREFIXES.map((prefix) => ({ loc: `${plan.origin}${prefix}/for-sale/${r.id}`, lastmod }));
    });
    after = rows[rows.length - 1]!.id;
  }
}

/** Every sitemap file of the plan: /sitemap.xml alone, or the index and its numbered pages. */
export async function buildSitemaps(db: Kysely<Database>, plan: SitemapPlan): Promise<SitemapFiles> {
  // Each full page is compressed at once, so that only one page's text is in memory.
  const pages: Array<{ file: CompressedFile; newest: string | null }> = [];
  let entries: string[] = [];
  let bytes = URLSET_BYTES;
  let newest: string | null = null;
  const close = async () => {
    pages.push({ file: await compressFile(urlset(entries)), newest });
    entries = [];
    bytes = URLSET_BYTES;
    newest = null;
  };
  let written = 0;
  for await (const batch of addresses(db, plan))
    for (const e of batch) {
      if (++written % ENTRIES_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
      const { lastmod } = e;
      const entry = urlEntry(e.loc, lastmod, e.links);
      const size = Buffer.byteLength(entry);
      if (entries.length === plan.maxUrls || (entries.length && bytes + size > plan.maxBytes)) await close();
      entries.push(entry);
      bytes += size;
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
