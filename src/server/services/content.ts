// Content pages (buying process, costs and taxes, ...): the main site's pages,
// which a partner may replace with its own under the same slug. Each is
// written in one or more languages, one row per language (migration 0033).
import { sql, type Kysely } from 'kysely';
import { coerce, enums, nullable, object, optional, pick, size, string, type Infer } from 'superstruct';
import type { Database } from '../store/schema.ts';
import { Slug, type ContentPage, type ContentSummary } from '../../shared/content.ts';
import { pageLanguage } from '../../shared/content-language.ts';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../shared/languages.ts';
import { RESERVED_SLUGS, routes } from '../../shared/routes.ts';
import { checkInput, ConflictError, NotFoundError, rule, uniqueViolation } from '../store/errors.ts';
import { OneLine } from './text-rules.ts';

export class ContentService {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Page `slug` as a visitor in `language` sees it on the main site (partner
   * null) or a partner's: the partner's own page if it wrote one in any
   * language (it replaces the main site's in all of them), else the main
   * site's; in `language` if written in it, else English, else any.
   */
  async page(slug: string, partnerId: number | null, language: Language = DEFAULT_LANGUAGE): Promise<ContentPage | null> {
    const rows = await this.db
      .selectFrom('content_pages')
      .select(['slug', 'title', 'summary', 'body', 'updated_at', 'partner_id', 'language'])
      .where('slug', '=', slug.toLowerCase())
      .where((eb) => (partnerId ? eb.or([eb('partner_id', 'is', null), eb('partner_id', '=', partnerId)]) : eb('partner_id', 'is', null)))
      .execute();
    const versions = ownersVersions(rows);
    const row = chosenVersion(versions, language);
    if (!row) return null;
    return {
      slug: row.slug,
      title: row.title,
      summary: row.summary,
      body: row.body,
      updatedAt: row.updated_at,
      language: row.language,
      languages: LANGUAGES.filter((code) => versions.some((v) => v.language === code)),
    };
  }

  /** The pages a site shows, each as page() chooses it for `language`, by title in that language. */
  async list(partnerId: number | null, language: Language = DEFAULT_LANGUAGE): Promise<ContentSummary[]> {
    const rows = await this.db
      .selectFrom('content_pages')
      .select(['slug', 'title', 'summary', 'partner_id', 'language'])
      .where((eb) => (partnerId ? eb.or([eb('partner_id', 'is', null), eb('partner_id', '=', partnerId)]) : eb('partner_id', 'is', null)))
      .execute();
    const bySlug = new Map<string, typeof rows>();
    for (const row of rows) bySlug.set(row.slug, [...(bySlug.get(row.slug) ?? []), row]);
    const shown = [...bySlug.values()].map((versions) => chosenVersion(ownersVersions(versions), language)!);
    const collator = new Intl.Collator(language);
    return shown
      .map((r) => ({ slug: r.slug, title: r.title, summary: r.summary, language: r.language }))
      .sort((a, b) => collator.compare(a.title, b.title));
  }

  /**
   * What changes whenever a page is added or edited (pages are never deleted
   * but with their partner, whose version changes then): for what is kept
   * per version of the pages, such as the sitemaps.
   */
  async stamp(): Promise<string> {
    const row = await this.db
      .selectFrom('content_pages')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('updated_at').as('newest')])
      .executeTakeFirstOrThrow();
    return `${Number(row.n)}/${row.newest ?? ''}`;
  }

  // --- writes (the partner CLI; later an admin API) -------------------------

  /**
   * Creates or replaces page `slug` in `language` (default English) on the main
   * site (partner null) or of one partner. A summary left out keeps that
   * version's current one.
   */
  async upsert(input: PageInput): Promise<{ created: boolean; partner: string | null; page: ContentPage }> {
    const value = checkInput(input, PageInput, pageExpectations);
    const language = value.language ?? DEFAULT_LANGUAGE;
    let partnerId: number | null = null;
    if (value.partner) {
      const partner = await this.db.selectFrom('partners').select('id').where('slug', '=', value.partner).executeTakeFirst();
      if (!partner) throw new NotFoundError('partner', `"${value.partner}" is not a partner`);
      partnerId = partner.id;
    } else if (await this.db.selectFrom('partners').select('id').where('slug', '=', value.slug).executeTakeFirst()) {
      // /{slug} is that partner's home page: a main-site page there would never show.
      throw new ConflictError('slug', `"${value.slug}" is the address of partner ${value.slug}'s site`);
    }
    const now = new Date().toISOString();
    const existing = await this.db
      .selectFrom('content_pages')
      .select(['id', 'summary'])
      .where('slug', '=', value.slug)
      .where('language', '=', language)
      .where((eb) => (partnerId === null ? eb('partner_id', 'is', null) : eb('partner_id', '=', partnerId)))
      .executeTakeFirst();
    try {
      if (existing) {
        await this.db
          .updateTable('content_pages')
          .set({ title: value.title, summary: value.summary ?? existing.summary, body: value.body, updated_at: now })
          .where('id', '=', existing.id)
          .execute();
      } else {
        await this.db
          .insertInto('content_pages')
          .values({
            slug: value.slug,
            partner_id: partnerId,
            language,
            title: value.title,
            summary: value.summary ?? '',
            body: value.body,
            created_at: now,
            updated_at: now,
          })
          .execute();
      }
    } catch (error) {
      // Another writer created the same page between our read and our insert.
      if (uniqueViolation(error)) throw new ConflictError('slug', `"${value.slug}" was created by someone else meanwhile: try again`);
      throw error;
    }
    return { created: !existing, partner: value.partner ?? null, page: (await this.page(value.slug, partnerId, language))! };
  }

  /**
   * Every stored page in every language, for the CLI and the sitemaps: with a
   * partner, the pages that partner's site shows (its own, and the main
   * site's it does not replace); with a language (as upsert takes it), only
   * that language's versions of them.
   */
  async pages(partnerSlug?: string | null, language?: string): Promise<PageListing[]> {
    const only = checkInput({ language }, pick(PageInput, ['language']), pageExpectations).language;
    let partnerId: number | null = null;
    if (partnerSlug) {
      const partner = await this.db
        .selectFrom('partners')
        .select('id')
        .where('slug', '=', partnerSlug.trim().toLowerCase())
        .executeTakeFirst();
      if (!partner) throw new NotFoundError('partner', `"${partnerSlug}" is not a partner`);
      partnerId = partner.id;
    }
    const rows = await this.db
      .selectFrom('content_pages')
      .leftJoin('partners', 'partners.id', 'content_pages.partner_id')
      .select([
        'content_pages.slug',
        'content_pages.language',
        'content_pages.title',
        'content_pages.summary',
        'content_pages.updated_at',
        'partners.slug as partner',
      ])
      .$if(partnerId !== null, (qb) =>
        qb.where((eb) => eb.or([eb('content_pages.partner_id', 'is', null), eb('content_pages.partner_id', '=', partnerId)])),
      )
      .orderBy('content_pages.slug')
      // The main site's page first, on both engines (they sort NULL differently).
      .orderBy(sql`coalesce(partners.slug, '')`)
      .orderBy('content_pages.language')
      .execute();
    const listed = rows.map((r) => ({
      slug: r.slug,
      partner: r.partner ?? null,
      language: r.language,
      title: r.title,
      summary: r.summary,
      updatedAt: r.updated_at,
    }));
    // A partner's page replaces the main site's in every language, also in those it is not written in.
    const own = new Set(partnerId === null ? [] : listed.filter((p) => p.partner).map((p) => p.slug));
    return listed.filter((p) => (p.partner || !own.has(p.slug)) && (!only || p.language === only));
  }
}

// --- what a write accepts --------------------------------------------------

/**
 * Second path segments taken by the site's own pages (/old/contact,
 * /{partner}/uw-makelaar, ...) and first segments (/franchise): a content page
 * with one of these slugs would never be shown.
 */
// `terms` is reserved for partner slugs because it is a content page of its own.
const PAGE_RESERVED: ReadonlySet<string> = new Set([
  ...[...RESERVED_SLUGS].filter((slug) => slug !== 'terms'),
  ...routes
    .filter((r) => r.section !== 'main')
    .map((r) => r.path.split('/')[2] ?? '')
    .filter((s) => s && !s.startsWith(':')),
]);

const PageSlug = rule(
  coerce(Slug, string(), (s) => s.trim().toLowerCase()),
  'PageSlug',
  (slug) => !PAGE_RESERVED.has(slug) || `"${slug}" is reserved: the site has its own /${slug} page`,
);

export const PageInput = object({
  slug: PageSlug,
  /** A partner's slug; null or left out: the main site. */
  partner: optional(coerce(nullable(size(string(), 1, 80)), string(), (s) => s.trim().toLowerCase() || null)),
  title: coerce(size(OneLine, 1, 200), string(), (s) => s.trim()),
  summary: optional(coerce(size(OneLine, 0, 500), string(), (s) => s.trim())),
  body: coerce(size(string(), 1, 100_000), string(), (s) => s.replace(/\r\n?/g, '\n').trim()),
  /** The language it is written in; left out: English. */
  language: optional(coerce(enums([...LANGUAGES]), string(), (s) => s.trim().toLowerCase())),
});
export type PageInput = Infer<typeof PageInput>;

const pageExpectations: Record<keyof PageInput, string> = {
  slug: 'lowercase words of letters and digits joined by single hyphens, at most 80 characters, such as buying-process',
  partner: "a partner's slug",
  title: 'a title of 1 to 200 characters on one line',
  summary: 'a summary of at most 500 characters on one line',
  body: 'a body of at most 100000 characters',
  language: `one of the site's languages (${LANGUAGES.join(', ')})`,
};

export interface PageListing {
  slug: string;
  /** The partner whose page it is; null: the main site's. */
  partner: string | null;
  language: Language;
  title: string;
  summary: string;
  updatedAt: string;
}

// --- which version a visitor sees ----------------------------------------------

/** A slug's versions on a site: the partner's if it wrote any (they replace the main site's in every language), else the main site's. */
function ownersVersions<R extends { partner_id: number | null }>(rows: R[]): R[] {
  const own = rows.filter((r) => r.partner_id !== null);
  return own.length ? own : rows;
}

/** The version a visitor in `language` is shown (shared/content-language.ts). */
function chosenVersion<R extends { language: string }>(versions: R[], language: Language): R | undefined {
  const chosen = pageLanguage(
    versions.map((v) => v.language),
    language,
  );
  return versions.find((v) => v.language === chosen);
}
