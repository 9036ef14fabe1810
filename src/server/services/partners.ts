// Partners: the white-label brokers (SPEC §3, DESIGN §6). Resolved per request by
// the request's host, then by the {partner} path segment.
import type { Kysely } from 'kysely';
import {
  array,
  coerce,
  integer,
  min,
  nullable,
  object,
  optional,
  partial,
  pattern,
  refine,
  size,
  string,
  type Infer,
  type Struct,
} from 'superstruct';
import type { Database, PartnerRow, PartnersTable, PartnerUpdate } from '../store/schema.ts';
import { DEFAULT_LISTING_INDEXING, HexColor, ListingIndexing, type PublicPartner } from '../../shared/partner.ts';
import { DEFAULT_COLORS } from '../../shared/constants.ts';
import { RESERVED_SLUGS } from '../../shared/routes.ts';
import type { AnyStruct } from '../../shared/any-struct.ts';
import { runKept } from '../store/kept-queries.ts';
import { PerVersion } from './per-version.ts';
import { readVersions, type StoreVersions } from './versions.ts';
import { checkInput, ConflictError, InputError, NotFoundError, rule, uniqueViolation } from '../store/errors.ts';

export function normaliseHost(host: string | undefined | null): string | null {
  if (!host) return null;
  let h = host.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1) || null; // IPv6 literal
  h = h.replace(/:\d+$/, '').replace(/\.$/, '');
  return h || null;
}

export function toPublicPartner(row: PartnerRow): PublicPartner {
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
    colors: { primary: row.color_primary, secondary: row.color_secondary, heading_color: row.color_heading },
    listing_indexing: row.listing_indexing,
  };
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
    const next = { ...current, ...set } as PartnerRow;
    await this.assertFree(next.slug !== current.slug ? next.slug : null, 'domain' in set ? next.domain : null, current.id);
    const update: PartnerUpdate = { ...set, updated_at: new Date().toISOString() };
    await uniqueAsConflict(() => this.db.updateTable('partners').set(update).where('id', '=', current.id).execute(), next);
    return (await this.bySlug(next.slug))!;
  }

  // --- scope (partner_scopes: the regions and projects a partner's site shows) --

  /** The partner's scope: its regions by path and its projects; both empty: all listings. */
  async scope(slug: string): Promise<PartnerScope> {
    const partner = await this.partnerRow(slug);
    return this.readScope(partner);
  }

  /** Adds regions (by path) and projects (by id) to a partner's scope; ones it has already are left as they are. */
  async addScope(slug: string, input: ScopeChange): Promise<ScopeResult> {
    return this.changeScope(slug, input, 'add');
  }

  /** Removes regions and projects from a partner's scope; ones it does not have are ignored. */
  async removeScope(slug: string, input: ScopeChange): Promise<ScopeResult> {
    return this.changeScope(slug, input, 'remove');
  }

  /** Removes the whole scope: the partner's site shows all listings again. Resolves with how many entries went. */
  async clearScope(slug: string): Promise<ScopeResult> {
    const partner = await this.partnerRow(slug);
    const result = await this.db.deleteFrom('partner_scopes').where('partner_id', '=', partner.id).executeTakeFirst();
    return { changed: Number(result.numDeletedRows), scope: await this.readScope(partner) };
  }

  private async changeScope(slug: string, input: ScopeChange, action: 'add' | 'remove'): Promise<ScopeResult> {
    const value = checkInput(input, ScopeChange, scopeExpectations);
    const paths = [...new Set(value.region ?? [])];
    const projectIds = [...new Set(value.project ?? [])];
    if (!paths.length && !projectIds.length) throw new InputError('input', 'has nothing to change: give at least one region or project');
    const partner = await this.partnerRow(slug);

    const places = paths.length
      ? await this.db.selectFrom('geo_places').select(['id', 'kind', 'path']).where('path', 'in', paths).execute()
      : [];
    for (const path of paths) {
      const place = places.find((p) => p.path === path);
      if (!place) throw new NotFoundError('region', `"${path}" is not a region (a path such as spain/alicante)`);
      if (place.kind !== 'region') throw new InputError('region', `"${path}" is a ${place.kind}, not a region`);
    }
    const projects = projectIds.length ? await this.db.selectFrom('projects').select('id').where('id', 'in', projectIds).execute() : [];
    const missing = projectIds.find((id) => !projects.some((p) => p.id === id));
    if (missing !== undefined) throw new NotFoundError('project', `${missing} is not a project`);

    const rows = [
      ...places.map((p) => ({ partner_id: partner.id, kind: 'region' as const, target_id: p.id })),
      ...projectIds.map((id) => ({ partner_id: partner.id, kind: 'project' as const, target_id: id })),
    ];
    const changed = await this.db.transaction().execute(async (trx) => {
      const before = await countScope(trx, partner.id);
      if (action === 'add')
        await trx
          .insertInto('partner_scopes')
          .values(rows)
          .onConflict((oc) => oc.doNothing())
          .execute();
      else
        for (const kind of ['region', 'project'] as const) {
          const ids = rows.filter((r) => r.kind === kind).map((r) => r.target_id);
          if (ids.length)
            await trx
              .deleteFrom('partner_scopes')
              .where('partner_id', '=', partner.id)
              .where('kind', '=', kind)
              .where('target_id', 'in', ids)
              .execute();
        }
      return Math.abs((await countScope(trx, partner.id)) - before);
    });
    return { changed, scope: await this.readScope(partner) };
  }

  private async partnerRow(slug: string): Promise<PartnerRow> {
    const row = await this.db.selectFrom('partners').selectAll().where('slug', '=', String(slug).trim().toLowerCase()).executeTakeFirst();
    if (!row) throw new NotFoundError('slug', `"${slug}" is not a partner`);
    return row;
  }

  private async readScope(partner: PartnerRow): Promise<PartnerScope> {
    const regions = await this.db
      .selectFrom('partner_scopes as s')
      .innerJoin('geo_places as g', 'g.id', 's.target_id')
      .select(['g.id', 'g.path', 'g.name'])
      .where('s.partner_id', '=', partner.id)
      .where('s.kind', '=', 'region')
      .orderBy('g.path')
      .execute();
    const projects = await this.db
      .selectFrom('partner_scopes as s')
      .innerJoin('projects as p', 'p.id', 's.target_id')
      .select(['p.id', 'p.name'])
      .where('s.partner_id', '=', partner.id)
      .where('s.kind', '=', 'project')
      .orderBy('p.id')
      .execute();
    return { partner: toPublicPartner(partner), regions, projects };
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

// --- what a write accepts --------------------------------------------------
// Every input is checked and coerced here, so no caller can store a partner
// the site cannot serve.

const trimmed = <T, S>(struct: Struct<T, S>) => coerce(struct, string(), (s) => s.trim());
/** Optional text: '' (e.g. `--phone ""`) clears the field. */
const optionalText = <T, S>(struct: Struct<T, S>) => optional(coerce(nullable(struct), string(), (s) => s.trim() || null));

export const PartnerSlug = rule(
  coerce(pattern(size(string(), 2, 60), /^[a-z0-9]+(?:-[a-z0-9]+)*$/), string(), (s) => s.trim().toLowerCase()),
  'PartnerSlug',
  (slug) => !RESERVED_SLUGS.has(slug) || `"${slug}" is reserved: the site has its own /${slug} page`,
);

// A host name as a browser sends it in Host: labels of letters, digits and
// hyphens, at least two of them, the last starting with a letter (no IP).
const HOST_RE = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
export const PartnerDomain = coerce(
  nullable(pattern(string(), HOST_RE)),
  string(),
  (s) => s.trim().toLowerCase().replace(/\.$/, '') || null,
);

const Color = coerce(HexColor, string(), (s) => s.trim().toLowerCase());
const Email = pattern(size(string(), 3, 254), /^[^\s@]+@[^\s@]+\.[^\s@]+$/);
const Phone = pattern(size(string(), 6, 30), /^\+?[0-9][0-9 ()./-]*[0-9]$/);
/** An http(s) URL, or a path on this site such as /assets/partners/x.svg. */
const LogoUrl = refine(size(string(), 1, 500), 'LogoUrl', (v) => {
  if (v.startsWith('/')) return !v.startsWith('//') && !v.includes('\\');
  try {
    return ['http:', 'https:'].includes(new URL(v).protocol);
  } catch {
    return false;
  }
});

const partnerFields = {
  slug: PartnerSlug,
  name: trimmed(size(string(), 1, 120)),
  domain: optional(PartnerDomain),
  logo: optionalText(LogoUrl),
  email: optionalText(Email),
  phone: optionalText(Phone),
  address: optionalText(size(string(), 1, 200)),
  city: optionalText(size(string(), 1, 100)),
  primary: optional(Color),
  secondary: optional(Color),
  heading: optional(Color),
  /** How its copies of the listings are indexed: canonical to the main site, or noindex. */
  indexing: optional(coerce(ListingIndexing, string(), (s) => s.trim().toLowerCase())),
};

/** A new partner; colours left out take the defaults of SPEC §3. */
export const NewPartner = object(partnerFields);
export type NewPartner = Infer<typeof NewPartner>;
/** The fields to change; null (or '') clears an optional one. */
export const PartnerChanges = partial(object(partnerFields));
export type PartnerChanges = Infer<typeof PartnerChanges>;

const partnerExpectations: Record<keyof typeof partnerFields, string> = {
  slug: '2 to 60 lowercase letters, digits and single hyphens, such as costa-casas',
  name: 'a name of 1 to 120 characters',
  domain: 'a host name such as costa-casas.es, without scheme, port or path',
  logo: 'an http(s) URL or a path starting with /',
  email: 'an email address',
  phone: 'a phone number such as +34 965 71 24 80',
  address: 'an address of at most 200 characters',
  city: 'a city of at most 100 characters',
  primary: 'a colour like #13206a',
  secondary: 'a colour like #fffb00',
  heading: 'a colour like #fffb00',
  indexing: 'canonical or noindex',
};

const columnOf = {
  slug: 'slug',
  name: 'name',
  domain: 'domain',
  logo: 'logo',
  email: 'email',
  phone: 'phone',
  address: 'address',
  city: 'city',
  primary: 'color_primary',
  secondary: 'color_secondary',
  heading: 'color_heading',
  indexing: 'listing_indexing',
} as const satisfies Record<keyof typeof partnerFields, keyof PartnersTable>;

type PartnerField = keyof typeof partnerFields;
const REQUIRED = new Set<PartnerField>(['slug', 'name', 'primary', 'secondary', 'heading', 'indexing']);

// --- what a scope change accepts -------------------------------------------

/** A place path such as spain/alicante (lowercased; slashes at either end dropped). */
const PlacePath = coerce(pattern(size(string(), 1, 200), /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/), string(), (s) =>
  s
    .trim()
    .toLowerCase()
    .replace(/^\/+|\/+$/g, ''),
);
/** A project id; digits given as text (a CLI flag) count. */
const ProjectId = coerce(min(integer(), 1), pattern(string(), /^\s*\d+\s*$/), (s) => Number(s));
const asList = <T, S>(struct: Struct<T, S>) => optional(coerce(array(struct), struct as AnyStruct, (v) => [v]));

/** The regions (paths) and projects (ids) to add to or remove from a scope. */
export const ScopeChange = object({ region: asList(PlacePath), project: asList(ProjectId) });
export type ScopeChange = { region?: string | string[]; project?: number | string | Array<number | string> };

const scopeExpectations: Record<keyof ScopeChange, string> = {
  region: 'a region path such as spain/alicante',
  project: 'a project id such as 12',
};

export interface PartnerScope {
  partner: PublicPartner;
  /** Both empty: the partner shows all listings. */
  regions: Array<{ id: number; path: string; name: string }>;
  projects: Array<{ id: number; name: string }>;
}

export interface ScopeResult {
  /** How many scope entries were added or removed (ones already there, or not there, do not count). */
  changed: number;
  scope: PartnerScope;
}

async function countScope(db: Kysely<Database>, partnerId: number): Promise<number> {
  const { n } = await db
    .selectFrom('partner_scopes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('partner_id', '=', partnerId)
    .executeTakeFirstOrThrow();
  return Number(n);
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
