// GET|POST /api/map-markers: every project a search finds that has coordinates,
// as a map marker (id, name, position, lowest available price), in the
// search's sort order, at most MARKERS_CAP of them. The filters and their
// planner hints are the search's own (search.ts); the name is read from the
// table row of each marker only, after the covering index has chosen it.
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { MARKERS_CAP, type MarkerSearch, type MarkersAnswer } from '../../../shared/catalogue.ts';
import { ORDER, resolveGeo, searchConditions, type GeoIds, type SearchOptions } from './search.ts';
import type { Scope } from './scope.ts';

const HAS_POSITION = sql<SqlBool>`p.lat is not null and p.lng is not null`;

/** The markers (one more than the cap, to know whether it was reached) and their count. */
export function markerStatements(q: MarkerSearch, geo: GeoIds | null, scope: Scope, options: SearchOptions, cap = MARKERS_CAP) {
  const where = (purpose: 'count' | 'page' | 'page-hinted') =>
    sql.join([...searchConditions(q, geo, scope, purpose), HAS_POSITION], sql` and `);
  return {
    count: sql<{ n: number }>`select count(*) as n from projects p where ${where('count')}`,
    list: sql<{
      id: number;
      name: string;
      lat: number;
      lng: number;
      price: number | null;
    }>`select p.id, p.name, p.lat, p.lng, p.price_min as price from projects p where ${where(options.planHints ? 'page-hinted' : 'page')} order by ${ORDER[q.sort ?? 'newest']} limit ${cap + 1}`,
  };
}

export async function markers(
  db: Kysely<Database>,
  q: MarkerSearch,
  scope: Scope,
  options: SearchOptions,
  cap = MARKERS_CAP,
): Promise<MarkersAnswer> {
  const geo = await resolveGeo(db, q.esGeo);
  if (geo && geo.countries.length + geo.regions.length + geo.towns.length === 0) return { data: [], meta: { total: 0, truncated: false } };
  const statements = markerStatements(q, geo, scope, options, cap);
  const rows = (await statements.list.execute(db)).rows;
  const truncated = rows.length > cap;
  // Below the cap the list is every match: no count needed.
  const total = truncated ? Number((await statements.count.execute(db)).rows[0]?.n ?? 0) : rows.length;
  const data = rows.slice(0, cap).map((r) => ({
    id: Number(r.id),
    name: r.name,
    lat: Number(r.lat),
    lng: Number(r.lng),
    price: r.price === null ? null : Number(r.price),
  }));
  return { data, meta: { total, truncated } };
}
