// Partners: the white-label brokers (SPEC §3, DESIGN §6). Resolved per request by
// the request's host, then by the {partner} path segment.
// A partner's fields are checked in partner-fields.ts, its scope changed in
// partner-scopes.ts.
import type { Kysely } from 'kysely';
import type { Database, PartnerRow, PartnerUpdate } from '../store/schema.ts';
import { DEFAULT_LISTING_INDEXING, type PublicPartner } from '../../shared/partner.ts';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../shared/languages.ts';
import { DEFAULT_COLORS } from '../../shared/constants.ts';
import { derivedColors } from '../../shared/brand-colors.ts';
import { runKept } from '../store/kept-queries.ts';
import { PerVersion } from './per-version.ts';
import { readVersions, type StoreVersions } from './versions.ts';
import { checkInput, ConflictError, InputError, NotFoundError, uniqueViolation } from '../store/errors.ts';
import { columnOf, NewPartner, PartnerChanges, partnerExpectations, partnerFields, REQUIRED, type PartnerField } from './partner-fields.ts';
import { changeScope, clearScope, readScope, type PartnerScope, type ScopeChange, type ScopeResult } from './partner-scopes.ts';

export function normaliseHost(host: string | undefined | null): string | null {
  if (!host) return null;
  let h = host.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1) || null; // IPv6 literal
  h = h.replace(/:\d+$/, '').replace(/\.$/, '');
  return h || null;
}

export function toPublicPartner(row: PartnerRow): PublicPartner {
  const colors = { primary: row.color_primary, secondary: row.color_secondary, heading_color: row.color_heading };
  return {
    id: row.id,
    slug: row.slug,
    domain: row.domain,
    name: row.name,
    logo: row.logo,
    email: row.email,
    phone: row.phone,
    address: row.address,
    city: row.city,
    colors,
    derived_colors: derivedColors(colors),
    listing_indexing: row.listing_indexing,
    languages: [...offeredIn(row.languages)],
    root_language: row.root_language,
  };
}

/** The languages `partners.languages` names (a checked comma-separated list; null: every one). */
const offeredIn = (languages: string | null): readonly Language[] => (languages ? (languages.split(',') as Language[]) : LANGUAGES);

/** A partner's root language must be one its site offers: the first of them when it is not given and English is not offered. */
function rootOf(languages: string | null, root: Language | undefined, current: Language = DEFAULT_LANGUAGE): Language {
  const offered = offeredIn(languages);
  if (root !== undefined) {
    if (!offered.includes(root)) throw new InputError('root', `must be one of the languages the site offers (${offered.join(' ')})`);
    return root;
  }
  return offered.includes(current) ? current : offered[0]!;
}

/** Hosts and slugs kept per partners' version: a few per partner, and what strangers send. */
const KEPT_NAMES = 1000;

export class PartnerService {
  private readonly hosts = new PerVersion<PublicPartner | null>(KEPT_NAMES);
  private readonly slugs = new PerVersion<PublicPartner | null>(KEPT_NAMES);

  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Kept per partners' version (services/versions.ts): `versions` are the
   * request's, already read; without them, they are read here.
   */
  async bySlug(slug: string, versions?: StoreVersions): Promise<PublicPartner | null> {
    const key = slug.toLowerCase();
    const { partners } = versions ?? (await readVersions(this.db));
    return this.slugs.get(partners, key, async () => {
      const row = await this.db.selectFrom('partners').selectAll().where('slug', '=', key).executeTakeFirst();
      return row ? toPublicPartner(row) : null;
    });
  }

  /** A partner's own domain, with or without `www.`; kept as bySlug. */
  async byHost(host: string | null | undefined, versions?: StoreVersions): Promise<PublicPartner | null> {
    const h = normaliseHost(host);
    if (!h) return null;
    const { partners } = versions ?? (await readVersions(this.db));
    return this.hosts.get(partners, h, async () => {
      const bare = h.startsWith('www.') ? h.slice(4) : h;
      const [row] = await runKept(this.db, 'partner-by-domain', [h, bare], (domains) =>
        this.db.selectFrom('partners').selectAll().where('domain', 'in', domains).limit(1),
      );
      return row ? toPublicPartner(row) : null;
    });
  }

  /** The store's versions, to pass to several lookups of one request (one read instead of one each). */
  versions(): Promise<StoreVersions> {
    return readVersions(this.db);
  }

  /** DESIGN §6: the host first, then the slug. */
  async resolve(host: string | null | undefined, slug: string | null | undefined): Promise<PublicPartner | null> {
    const versions = await this.versions();
    return (await this.byHost(host, versions)) ?? (slug ? await this.bySlug(slug, versions) : null);
  }

  async list(): Promise<PublicPartner[]> {
    const rows = await this.db.selectFrom('partners').selectAll().orderBy('slug').execute();
    return rows.map(toPublicPartner);
  }

  // --- writes (the partner CLI; later an admin API) -------------------------

  /** Adds a partner. Throws InputError (bad field) or ConflictError (slug or domain taken). */
  async create(input: NewPartner): Promise<PublicPartner> {
    const value = checkInput(input, NewPartner, partnerExpectations);
    await this.assertFree(value.slug, value.domain ?? null, null);
    const now = new Date().toISOString();
    const row = {
      slug: value.slug,
      name: value.name,
      domain: value.domain ?? null,
      logo: value.logo ?? null,
      email: value.email ?? null,
      phone: value.phone ?? null,
      address: value.address ?? null,
      city: value.city ?? null,
      color_primary: value.primary ?? DEFAULT_COLORS.primary,
      color_secondary: value.secondary ?? DEFAULT_COLORS.secondary,
      color_heading: value.heading ?? DEFAULT_COLORS.heading_color,
      listing_indexing: value.indexing ?? DEFAULT_LISTING_INDEXING,
      languages: value.languages ?? null,
      root_language: rootOf(value.languages ?? null, value.root),
      created_at: now,
      updated_at: now,
    };
    await uniqueAsConflict(() => this.db.insertInto('partners').values(row).execute(), row);
    return (await this.bySlug(row.slug))!;
  }

  /** Changes the given fields of a partner; null or '' clears an optional one. */
  async update(slug: string, changes: PartnerChanges): Promise<PublicPartner> {
    const current = await this.db
      .selectFrom('partners')
      .selectAll()
      .where('slug', '=', String(slug).trim().toLowerCase())
      .executeTakeFirst();
    if (!current) throw new NotFoundError('slug', `"${slug}" is not a partner`);
    for (const field of REQUIRED) {
      const v = (changes as Record<string, unknown> | null)?.[field];
      if (v === null || (typeof v === 'string' && !v.trim())) throw new InputError(field, 'cannot be cleared');
    }
    const value = checkInput(changes, PartnerChanges, partnerExpectations);
    const set: Record<string, string | null> = {};
    for (const field of Object.keys(partnerFields) as PartnerField[]) {
      const v = value[field];
      if (v === undefined) continue;
      set[columnOf[field]] = v;
    }
    if (!Object.keys(set).length) throw new InputError('input', 'has nothing to change: give at least one field');
    // The root stays one of the languages offered: kept, or the first of them when it no longer is.
    if ('languages' in set || 'root_language' in set)
      set.root_language = rootOf('languages' in set ? (set.languages ?? null) : current.languages, value.root, current.root_language);
    const next = { ...current, ...set } as PartnerRow;
    await this.assertFree(next.slug !== current.slug ? next.slug : null, 'domain' in set ? next.domain : null, current.id);
    const update: PartnerUpdate = { ...set, updated_at: new Date().toISOString() };
    await uniqueAsConflict(() => this.db.updateTable('partners').set(update).where('id', '=', current.id).execute(), next);
    return (await this.bySlug(next.slug))!;
  }

  // --- scope (partner_scopes: the regions and projects a partner's site shows) --

  /** The partner's scope: its regions by path and its projects; both empty: all listings. */
  async scope(slug: string): Promise<PartnerScope> {
    return readScope(this.db, toPublicPartner(await this.partnerRow(slug)));
  }

  /** Adds regions (by path) and projects (by id) to a partner's scope; ones it has already are left as they are. */
  async addScope(slug: string, input: ScopeChange): Promise<ScopeResult> {
    return changeScope(this.db, toPublicPartner(await this.partnerRow(slug)), input, 'add');
  }

  /** Removes regions and projects from a partner's scope; ones it does not have are ignored. */
  async removeScope(slug: string, input: ScopeChange): Promise<ScopeResult> {
    return changeScope(this.db, toPublicPartner(await this.partnerRow(slug)), input, 'remove');
  }

  /** Removes the whole scope: the partner's site shows all listings again. Resolves with how many entries went. */
  async clearScope(slug: string): Promise<ScopeResult> {
    return clearScope(this.db, toPublicPartner(await this.partnerRow(slug)));
  }

  private async partnerRow(slug: string): Promise<PartnerRow> {
    const row = await this.db.selectFrom('partners').selectAll().where('slug', '=', String(slug).trim().toLowerCase()).executeTakeFirst();
    if (!row) throw new NotFoundError('slug', `"${slug}" is not a partner`);
    return row;
  }

  /**
   * Clear errors before the database's own unique indexes (which still guard
   * against a race). null: that value is not changing.
   */
  private async assertFree(slug: string | null, domain: string | null, exceptId: number | null): Promise<void> {
    const others = this.db.selectFrom('partners').$if(exceptId !== null, (qb) => qb.where('id', '<>', exceptId!));
    if (slug) {
      if (await others.select('id').where('slug', '=', slug).executeTakeFirst())
        throw new ConflictError('slug', `"${slug}" is already taken by another partner`);
      // /{slug} would hide the main site's page there (the partner route comes first).
      const page = await this.db
        .selectFrom('content_pages')
        .select('id')
        .where('slug', '=', slug)
        .where('partner_id', 'is', null)
        .executeTakeFirst();
      if (page) throw new ConflictError('slug', `"${slug}" is taken by the main site's page /${slug}`);
    }
    if (domain) {
      // www.x and x answer for the same site (byHost), so they may not belong to two partners.
      const variants = [domain, domain.startsWith('www.') ? domain.slice(4) : `www.${domain}`];
      const taken = await others.select(['slug', 'domain']).where('domain', 'in', variants).executeTakeFirst();
      if (taken)
        throw new ConflictError(
          'domain',
          `"${domain}" is already used by partner ${taken.slug}${taken.domain === domain ? '' : ` (as ${taken.domain})`}`,
        );
    }
  }
}

async function uniqueAsConflict(write: () => Promise<unknown>, row: { slug: string; domain: string | null }): Promise<void> {
  try {
    await write();
  } catch (error) {
    const column = uniqueViolation(error);
    if (column === 'domain') throw new ConflictError('domain', `"${row.domain}" is already used by another partner`);
    if (column) throw new ConflictError('slug', `"${row.slug}" is already taken by another partner`);
    throw error;
  }
}
