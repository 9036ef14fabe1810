// The projects an alert is about, and which of them each saved search wants.
//
// The candidates are gathered once per run into a temporary table: projects
// listed for the first time in the window (projects.listed_at) and projects
// with an available unit whose price an import lowered in it (unit_history,
// the unit still available below the price before). That set is small next to
// the catalogue; each search is then the catalogue's own search conditions
// (search.ts: filters, map area, partner scope, listed) over those rows only,
// so an alert never names a project its search page would not show.
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../store/schema.ts';
import type { DialectName } from '../../store/db.ts';
import type { SavedFilters } from '../../../shared/saved-searches.ts';
import type { PropertySearch } from '../../../shared/catalogue.ts';
import { SEARCH_ACCOUNT_ID } from '../../../shared/constants.ts';
import { LISTED, resolveGeo, searchConditions } from '../catalogue/search.ts';
import type { Scope } from '../catalogue/scope.ts';

/** The changes an alert covers: those of one import (`at`), or those after `after` up to `upTo` (a digest). */
export type AlertWindow = { at: string } | { after: string; upTo: string };

export interface AlertMatch {
  projectId: number;
  /** Listed for the first time in the search's window; otherwise a price drop. */
  isNew: boolean;
  /** The biggest drop: an available unit's price before it, and now (null for a new project without one). */
  priceBefore: number | null;
  price: number | null;
  /** That unit (null for a new project). */
  unitId: number | null;
}

export interface SearchMatches {
  /** Every candidate the search matches (the mail's "see all N"). */
  total: number;
  /** The first `limit` of them: new ones first (newest first), then the biggest drops. */
  matches: AlertMatch[];
}

/** Up to this many candidates, a search reads them all; beyond, the search's own indexes lead. */
const FEW_CANDIDATES = 2000;

function during(window: AlertWindow, column: string): Expression<SqlBool> {
  const ref = sql.ref(column);
  return 'at' in window ? sql<SqlBool>`${ref} = ${window.at}` : sql<SqlBool>`${ref} > ${window.after} and ${ref} <= ${window.upTo}`;
}

/** Fills the temporary table `alert_candidates` (in `db`'s transaction) and answers how many rows it holds. */
export async function gatherCandidates(db: Kysely<Database>, dialect: DialectName, window: AlertWindow): Promise<number> {
  await dropCandidates(db);
  await sql`create temporary table alert_candidates (
    project_id integer primary key, listed_at text, dropped_at text, price_before integer, price integer, unit_id integer)
    ${sql.raw(dialect === 'postgres' ? 'on commit drop' : '')}`.execute(db);
  await sql`insert into alert_candidates (project_id, listed_at)
    select p.id, p.listed_at from projects p where ${during(window, 'p.listed_at')} and ${LISTED}`.execute(db);
  // One row per project: its unit with the biggest drop still standing.
  await sql`insert into alert_candidates (project_id, dropped_at, price_before, price, unit_id)
    select project_id, changed_at, price_before, price, unit_id from (
      select h.project_id, h.changed_at, h.price_before, u.price, u.id as unit_id,
        row_number() over (partition by h.project_id order by h.price_before - u.price desc, h.id desc) as n
      from unit_history h join units u on u.id = h.unit_id
      where ${during(window, 'h.changed_at')} and h.price < h.price_before and h.status = 'available'
        and u.withdrawn_at is null and u.status = 'available' and u.price < h.price_before
    ) d where n = 1
    on conflict (project_id) do update set dropped_at = excluded.dropped_at, price_before = excluded.price_before, price = excluded.price,
      unit_id = excluded.unit_id`.execute(db);
  // PostgreSQL's planner knows nothing of a new temporary table: without this
  // it plans each search as if the candidates were many (a scan of projects).
  if (dialect === 'postgres') await sql`analyze alert_candidates`.execute(db);
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from alert_candidates`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

export async function dropCandidates(db: Kysely<Database>): Promise<void> {
  await sql`drop table if exists alert_candidates`.execute(db);
}

function bboxOf(value: string | undefined): [number, number, number, number] | undefined {
  if (!value) return undefined;
  const [w, s, e, n] = value.split(',').map(Number) as [number, number, number, number];
  return [w, s, e, n];
}

/**
 * The candidates one saved search matches. `since`: only what is new or
 * cheaper after it (a digest's search whose window began later than the
 * run's); null: every candidate. `candidates`: how many gatherCandidates found.
 */
export async function matchSearch(
  db: Kysely<Database>,
  filters: SavedFilters,
  scope: Scope,
  since: string | null,
  limit: number,
  candidates: number,
): Promise<SearchMatches> {
  const geo = await resolveGeo(db, filters.esGeo);
  if (geo && !geo.countries.length && !geo.regions.length && !geo.towns.length) return { total: 0, matches: [] };
  const query: Omit<PropertySearch, 'page' | 'per_page'> = {
    account_id: SEARCH_ACCOUNT_ID as PropertySearch['account_id'],
    cat: filters.cat,
    esGeo: filters.esGeo,
    bedrooms: filters.bedrooms,
    bathrooms: filters.bathrooms,
    pricefrom: filters.pricefrom,
    priceto: filters.priceto,
    sort: 'newest',
    bbox: bboxOf(filters.bbox),
    features: filters.features,
    stage: filters.stage,
    delivery: filters.delivery,
    builtfrom: filters.builtfrom,
    beach: filters.beach,
  };
  const isNew = since === null ? sql<SqlBool>`c.listed_at is not null` : sql<SqlBool>`(c.listed_at is not null and c.listed_at > ${since})`;
  const where: Expression<SqlBool>[] = [sql<SqlBool>`p.id = c.project_id`, ...searchConditions(query, geo, scope)];
  if (since !== null) where.push(sql<SqlBool>`(${isNew} or c.dropped_at > ${since})`);
  // CROSS JOIN fixes SQLite's loop order (PostgreSQL plans its own): over a
  // few candidates, each project read by its id; over many (a new source's
  // first import), over the projects the search's indexes find, each
  // candidate read by its id.
  const from = candidates <= FEW_CANDIDATES ? sql`alert_candidates c cross join projects p` : sql`projects p cross join alert_candidates c`;
  const { rows } = await sql<{
    project_id: number;
    is_new: number | boolean;
    price_before: number | null;
    price: number | null;
    unit_id: number | null;
    total: number | string;
  }>`select c.project_id, case when ${isNew} then 1 else 0 end as is_new, c.price_before, c.price, c.unit_id, count(*) over () as total
    from ${from}
    where ${sql.join(where, sql` and `)}
    order by case when ${isNew} then 0 else 1 end, case when ${isNew} then c.listed_at end desc,
      coalesce(c.price_before - c.price, 0) desc, c.project_id desc
    limit ${limit}`.execute(db);
  return {
    total: Number(rows[0]?.total ?? 0),
    matches: rows.map((r) => ({
      projectId: Number(r.project_id),
      isNew: Number(r.is_new) === 1,
      priceBefore: r.price_before === null ? null : Number(r.price_before),
      price: r.price === null ? null : Number(r.price),
      unitId: r.unit_id === null ? null : Number(r.unit_id),
    })),
  };
}
