// POST /api/properties: the listed projects that match the filters, one page of
// them as cards, and the total. The rules are in README.md beside this file.
//
// A search is a few small queries (the place the geo filter names, the count,
// the ids of the page, then the page's cards by id), never one wide join
// sorted as a whole: the count and the ids run on the partial indexes of
// migration 0003, which hold only listed projects and every column a search
// filters or sorts on, so neither reads a table row.
import { createHash } from 'node:crypto';
import { sql, type Compilable, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../store/schema.ts';
import type { PropertySearch, SearchAnswer } from '../../../shared/catalogue.ts';
import { PRICE_UPPER_BOUND } from '../../../shared/constants.ts';
import { inScope, scopeKey, type Scope } from './scope.ts';
import { loadCards } from './cards.ts';
import { runKept } from '../../store/kept-queries.ts';
import { featureMask } from '../../../shared/features.ts';

/**
 * "Listed": in the feed and with something to sell. Written as literal SQL, the
 * same text as the WHERE of the partial indexes, so that both engines can
 * prove a search may use them (a bound parameter would hide the 0).
 */
export const LISTED = sql<SqlBool>`p.withdrawn_at is null and p.units_available > 0`;

/** Places a geo filter resolved to; empty lists: the filter names no place. */
export interface GeoIds {
  countries: number[];
  regions: number[];
  towns: number[];
}

/**
 * The place the filter names: its most specific given level (town, then region,
 * then country), which must lie within the other given levels. A town slug
 * alone may name several towns (a 'la-herradura' in two regions): all of them.
 * null: no geo filter. Unknown or inconsistent slugs resolve to no place.
 */
export async function resolveGeo(db: Kysely<Database>, geo: PropertySearch['esGeo']): Promise<GeoIds | null> {
  if (!geo || (!geo.country && !geo.region && !geo.town)) return null;
  const level = geo.town ? 'town' : geo.region ? 'region' : 'country';
  // The slugs given decide the SQL's shape; their values are bound.
  const region = level === 'town' ? geo.region : undefined;
  const country = level !== 'country' ? geo.country : undefined;
  const shape = `resolve-geo:${level}:${region ? 'r' : ''}${country ? 'c' : ''}`;
  const values = [geo[level]!, region ?? '', country ?? ''] as const;
  const rows = await runKept(db, shape, values, ([slug, regionSlug, countrySlug]) => {
    let q = db
      .selectFrom('geo_places as g')
      .leftJoin('geo_places as up1', 'up1.id', 'g.parent_id')
      .leftJoin('geo_places as up2', 'up2.id', 'up1.parent_id')
      .select(['g.id as id', 'up1.id as parent', 'up2.id as grandparent'])
      .where('g.kind', '=', level)
      .where('g.slug', '=', slug);
    if (level === 'town') {
      if (region) q = q.where('up1.slug', '=', regionSlug);
      if (country) q = q.where('up2.slug', '=', countrySlug);
    } else if (level === 'region' && country) q = q.where('up1.slug', '=', countrySlug);
    return q;
  });
  const ids = (pick: (r: (typeof rows)[number]) => number | null) => [...new Set(rows.map(pick).filter((v): v is number => v !== null))];
  if (level === 'town') return { towns: ids((r) => r.id), regions: ids((r) => r.parent), countries: ids((r) => r.grandparent) };
  if (level === 'region') return { towns: [], regions: ids((r) => r.id), countries: ids((r) => r.parent) };
  return { towns: [], regions: [], countries: ids((r) => r.id) };
}

/** Category ids below this are bits of projects.category_mask; the others share bit MASK_BITS (migration 0003). */
export const MASK_BITS = 62;

/** The category filter: the project offers one of `cats` (project_categories). */
function categoryCondition(cats: number[], mask: (column: string) => ReturnType<typeof sql>): Expression<SqlBool> {
  const small = cats.filter((c) => c < MASK_BITS);
  const large = cats.filter((c) => c >= MASK_BITS);
  const parts = [];
  // Built from validated integers, so the literal is safe to inline.
  if (small.length)
    parts.push(sql`(${mask('p.category_mask')} & ${sql.raw(small.reduce((m, c) => m | (1n << BigInt(c)), 0n).toString())}) <> 0`);
  if (large.length)
    parts.push(
      sql`((${mask('p.category_mask')} & ${sql.raw((1n << BigInt(MASK_BITS)).toString())}) <> 0 and exists (select 1 from project_categories pc where pc.project_id = p.id and pc.category_id in (${sql.join(large)})))`,
    );
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

/**
 * The WHERE of a search, as conditions on `projects as p`.
 *
 * `purpose` steers SQLite's planner, which has no statistics to go by (see
 * README.md, "Indexes and plans"): for the count every condition may use an
 * index (the place index, or any covering index read whole); for the page
 * (`page-hinted`) only a town may, and every other column is written
 * `+p.column`, the same value but not an index key. The planner then walks the
 * index of the sort order and stops when the page is full, instead of sorting
 * every match of a region or a price band first; in a town it sorts the town's
 * few projects. PostgreSQL plans well from its statistics, and a `+p.column`
 * would only hide them: its page query is `page`, without hints.
 */
export function searchConditions(
  q: Omit<PropertySearch, 'page' | 'per_page'>,
  geo: GeoIds | null,
  scope: Scope,
  purpose: 'count' | 'page' | 'page-hinted' = 'count',
): Expression<SqlBool>[] {
  const indexed = (column: string) => sql.ref(column);
  const unindexed = (column: string) => sql`+${sql.ref(column)}`;
  const col = purpose === 'page-hinted' ? unindexed : indexed;
  const place = purpose !== 'page-hinted' || (geo && geo.towns.length) ? indexed : unindexed;
  const where: Expression<SqlBool>[] = [LISTED];
  const ids = (column: ReturnType<typeof sql>, values: number[]) =>
    values.length === 1 ? sql<SqlBool>`${column} = ${values[0]}` : sql<SqlBool>`${column} in (${sql.join(values)})`;
  if (geo) {
    // Every level of the place, not only the most specific: the place index
    // leads with country, region, town, so a town is one range of it.
    if (geo.countries.length) where.push(ids(place('p.country_id'), geo.countries));
    if (geo.regions.length) where.push(ids(place('p.region_id'), geo.regions));
    if (geo.towns.length) where.push(ids(place('p.town_id'), geo.towns));
  }
  if (filterSet(q, 'bedrooms')) where.push(sql<SqlBool>`${col('p.beds_max')} >= ${q.bedrooms}`);
  if (filterSet(q, 'bathrooms')) where.push(sql<SqlBool>`${col('p.baths_max')} >= ${q.bathrooms}`);
  // The available price range overlaps [pricefrom, priceto].
  if (filterSet(q, 'pricefrom')) where.push(sql<SqlBool>`${col('p.price_max')} >= ${q.pricefrom}`);
  if (filterSet(q, 'priceto')) where.push(sql<SqlBool>`${col('p.price_min')} <= ${q.priceto}`);
  if (q.cat?.length) where.push(categoryCondition([...new Set(q.cat)], col));
  if (filterSet(q, 'builtfrom')) where.push(sql<SqlBool>`${col('p.built_max')} >= ${q.builtfrom}`);
  // Unknown (no position, or far inland) is never within a distance.
  if (filterSet(q, 'beach')) where.push(sql<SqlBool>`${col('p.beach_km')} <= ${q.beach}`);
  // Every feature asked for (a validated mask, so the literal is safe to inline).
  const features = q.features?.length ? featureMask(q.features) : 0;
  if (features) where.push(sql<SqlBool>`(${col('p.features')} & ${sql.lit(features)}) = ${sql.lit(features)}`);
  if (q.stage?.length) where.push(sql<SqlBool>`${col('p.stage')} in (${sql.join([...new Set(q.stage)])})`);
  if (q.delivery === 'now') where.push(sql<SqlBool>`${col('p.stage')} = 'key_ready'`);
  // A month 'YYYY-MM' is at most 'YYYY-12'; a ready project is delivered by any year.
  else if (q.delivery) where.push(sql<SqlBool>`(${col('p.stage')} = 'key_ready' or ${col('p.delivery_date')} <= ${`${q.delivery}-12`})`);
  if (q.bbox) {
    // Inclusive on every side; a project without coordinates is outside every area.
    // The search indexes hold lat and lng (migration 0007), so this reads no table row.
    const [west, south, east, north] = q.bbox;
    where.push(sql<SqlBool>`${col('p.lat')} between ${south} and ${north}`, sql<SqlBool>`${col('p.lng')} between ${west} and ${east}`);
  }
  const scoped = inScope(scope);
  if (scoped) where.push(scoped);
  return where;
}

/** ORDER BY of each sort; the id breaks ties, so pages neither repeat nor skip a project. */
export const ORDER = {
  newest: sql`p.updated_at desc, p.id desc`,
  price_asc: sql`p.price_min asc, p.id asc`,
  price_desc: sql`p.price_max desc, p.id desc`,
  // Unknown (no unit with a built area) after every known one.
  price_m2_asc: sql`(case when p.price_m2_min is null then 1 else 0 end), p.price_m2_min asc, p.id asc`,
} as const;

/** The two statements of a search on `projects`: its count, and the ids of its page. */
export function searchStatements(
  q: PropertySearch,
  geo: GeoIds | null,
  scope: Scope,
  options: Pick<SearchOptions, 'planHints'>,
  { limit, offset } = pageOf(q),
) {
  const where = (purpose: 'count' | 'page' | 'page-hinted') => sql.join(searchConditions(q, geo, scope, purpose), sql` and `);
  return {
    count: sql<{ n: number }>`select count(*) as n from projects p where ${where('count')}`,
    page: sql<{
      id: number;
    }>`select p.id from projects p where ${where(options.planHints ? 'page-hinted' : 'page')} order by ${ORDER[q.sort ?? 'newest']} limit ${limit} offset ${offset}`,
  };
}

function pageOf(q: PropertySearch): { limit: number; offset: number } {
  const perPage = q.per_page ?? 12;
  return { limit: perPage, offset: ((q.page ?? 1) - 1) * perPage };
}

/** The filters whose values a kept search binds (keptSearch); the others are part of its shape. */
const BOUND_FILTERS = ['bedrooms', 'bathrooms', 'pricefrom', 'priceto', 'builtfrom', 'beach'] as const;

/**
 * Whether the search filters by `key`: 0 is no filter (but a top price of 0
 * is), nor is a top price at the upper bound (its default, the price slider's
 * top: "10,000,000 and more", so the dearest villas are not hidden from every
 * search). Written `!(≥)`: a kept query's marker (keptSearch) compares as NaN,
 * and is bound, not dropped.
 */
function filterSet(q: Pick<PropertySearch, (typeof BOUND_FILTERS)[number]>, key: (typeof BOUND_FILTERS)[number]): boolean {
  const value = q[key];
  return key === 'priceto' ? value !== undefined && !(value >= PRICE_UPPER_BOUND) : Boolean(value);
}

/**
 * A search's count and page statements, compiled once per shape
 * (kept-queries.ts): which filters are set, how many places of each level, the
 * categories (their mask is written into the SQL), the sort and the planner's
 * hints; every other value is bound. A partner's scope is written into the SQL:
 * that search is built as usual.
 */
function keptSearch(db: Kysely<Database>, q: PropertySearch, geo: GeoIds | null, scope: Scope, options: Pick<SearchOptions, 'planHints'>) {
  const bound = BOUND_FILTERS.filter((k) => filterSet(q, k));
  const places = geo ? [geo.countries, geo.regions, geo.towns] : [];
  const { limit, offset } = pageOf(q);
  const filterValues = [...places.flat(), ...bound.map((k) => q[k]), ...(q.bbox ?? [])];
  const values = [...filterValues, limit, offset];
  // Every field not bound is part of the shape as it is (the sort, and any filter added later), so a
  // kept statement can never answer a search that differs in one; the categories' order and repeats aside.
  const { page: _page, per_page: _perPage, esGeo: _esGeo, bbox: _bbox, cat, sort, ...fixed } = q;
  for (const k of BOUND_FILTERS) delete fixed[k];
  const cats = cat?.length ? [...new Set(cat)].sort((a, b) => a - b) : [];
  // The count depends on neither the sort nor the page.
  const filters = JSON.stringify([places.map((l) => l.length), bound, Boolean(q.bbox), cats, fixed]);
  const scoped = inScope(scope) !== null;
  const shape = scoped ? null : JSON.stringify([filters, sort, options.planHints]);
  /** The search again, with `v` (values or a kept query's markers) in place of its bound values. */
  const statements = (v: readonly unknown[]) => {
    let at = 0;
    const take = (n: number) => v.slice(at, (at += n)) as number[];
    const [countries, regions, towns] = places.map((l) => take(l.length));
    const filters = Object.fromEntries(bound.map((k) => [k, take(1)[0]]));
    const bbox = q.bbox ? (take(4) as PropertySearch['bbox']) : undefined;
    const [keptLimit, keptOffset] = take(2);
    const again = { ...q, ...filters, bbox } as PropertySearch;
    const where = geo ? { countries: countries!, regions: regions!, towns: towns! } : null;
    return searchStatements(again, where, scope, options, { limit: keptLimit!, offset: keptOffset! });
  };
  const compilable = <R>(raw: RawBuilder<R>): Compilable<R> => ({ compile: () => raw.compile(db) });
  return {
    count: () => runKept(db, scoped ? null : `search-count:${filters}`, values, (v) => compilable(statements(v).count)),
    page: () => runKept(db, shape && `search-page:${shape}`, values, (v) => compilable(statements(v).page)),
    /** What decides the count (the filters, their values and the scope), digested: a partner's scope may list many projects. */
    totalKey: createHash('sha256')
      .update(JSON.stringify([scopeKey(scope), filters, filterValues]))
      .digest('base64'),
  };
}

export interface SearchOptions {
  /** Write the page query's conditions for SQLite's planner (see searchConditions). */
  planHints: boolean;
  /** The places of the geo filter (the catalogue service's, kept per catalogue version: GeoCache.resolve). */
  resolve: (geo: PropertySearch['esGeo']) => Promise<GeoIds | null>;
  /** The total kept for `key` in this catalogue version, else `count()` (the catalogue service's, kept per version). */
  total: (key: string, count: () => Promise<number>) => Promise<number>;
}

export async function search(db: Kysely<Database>, q: PropertySearch, scope: Scope, options: SearchOptions): Promise<SearchAnswer> {
  const page = q.page ?? 1;
  const perPage = q.per_page ?? 12;
  const geo = await options.resolve(q.esGeo);
  const named = !geo || geo.countries.length + geo.regions.length + geo.towns.length > 0;
  if (!named) return { data: [], meta: { total: 0, page, per_page: perPage, pages: 0 } };

  const statements = keptSearch(db, q, geo, scope, options);
  const count = async () => Number((await statements.count())[0]?.n ?? 0);
  const [total, idRows] = await Promise.all([options.total(statements.totalKey, count), statements.page()]);
  const data = await loadCards(
    db,
    idRows.map((r) => Number(r.id)),
  );
  return { data, meta: { total, page, per_page: perPage, pages: Math.ceil(total / perPage) } };
}
