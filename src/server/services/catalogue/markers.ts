// GET|POST /api/map-markers (issue 12): a search's matches with coordinates,
// clustered on the server. The matches of one filter (everything but the
// view and the zoom; the sort does not change a map) are read once per
// catalogue version and indexed (marker-index.ts, kept by marker-cache.ts);
// a request then costs the version's one-row read and a walk of the index.
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { create } from 'superstruct';
import { MarkerSearch, type BBox, type MapMarker, type MarkersAnswer } from '../../../shared/catalogue.ts';
import { SEARCH_ACCOUNT_ID } from '../../../shared/constants.ts';
import { searchConditions, type GeoIds } from './search.ts';
import type { GeoCache } from './geo.ts';
import { scopeKey, type Scope } from './scope.ts';
import { MarkerCache, type MarkerCacheLimits } from './marker-cache.ts';
import { MarkerIndex } from './marker-index.ts';
import { catalogueVersion } from './version.ts';
import { featureMask } from '../../../shared/features.ts';

const HAS_POSITION = sql<SqlBool>`p.lat is not null and p.lng is not null`;
const WORLD: BBox = [-180, -90, 180, 90];
/** The map of a search without filters, with the defaults a request gets. */
const UNFILTERED = create({ account_id: SEARCH_ACCOUNT_ID }, MarkerSearch);

/** Every match of the filter with coordinates, as markers (name and lowest available price label them). */
export async function markerRows(db: Kysely<Database>, q: MarkerSearch, geo: GeoIds | null, scope: Scope): Promise<MapMarker[]> {
  const where = sql.join([...searchConditions(q, geo, scope, 'count'), HAS_POSITION], sql` and `);
  const { rows } = await sql<MapMarker>`select p.id, p.name, p.lat, p.lng, p.price_min as price from projects p where ${where}`.execute(db);
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    lat: Number(r.lat),
    lng: Number(r.lng),
    price: r.price === null ? null : Number(r.price),
  }));
}

/** What makes two requests' matches the same: the filter and the scope, not the view, zoom, sort or partner's name. */
function filterKey(q: MarkerSearch, scope: Scope): string {
  const { cat, esGeo, bedrooms, bathrooms, pricefrom, priceto, bbox, features, stage, delivery, builtfrom, beach } = q;
  const cats = cat?.length ? [...new Set(cat)].sort((a, b) => a - b) : undefined;
  const geo = esGeo && { country: esGeo.country, region: esGeo.region, town: esGeo.town };
  const mask = features?.length ? featureMask(features) : undefined;
  const stages = stage?.length ? [...new Set(stage)].sort() : undefined;
  return JSON.stringify([
    cats,
    geo,
    bedrooms || undefined,
    bathrooms || undefined,
    pricefrom,
    priceto,
    bbox,
    scopeKey(scope),
    mask,
    stages,
    delivery,
    builtfrom || undefined,
    beach || undefined,
  ]);
}

/** The unfiltered map's key: warm() builds it ahead, and the cache keeps it pinned. */
const UNFILTERED_KEY = filterKey(UNFILTERED, null);

export class MapMarkers {
  private readonly cache: MarkerCache;

  /** `geo`: the places kept per catalogue version, which the search reads too; `limits`: the cache's (tests lower them). */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly geo: GeoCache,
    limits?: MarkerCacheLimits,
  ) {
    this.cache = new MarkerCache(limits, UNFILTERED_KEY);
  }

  /** `version`: the catalogue's, when the request has read it already (services/versions.ts). */
  async answer(q: MarkerSearch, scope: Scope, version?: string): Promise<MarkersAnswer> {
    version ??= await catalogueVersion(this.db);
    return (await this.index(q, scope, version)).answer(q.view ?? WORLD, q.zoom);
  }

  /**
   * Builds the main site's unfiltered index (the map of a search without
   * filters) for the current version, unless it is kept: called at start and
   * whenever the catalogue may have changed, so that no visitor waits for it.
   */
  async warm(): Promise<void> {
    const version = await catalogueVersion(this.db);
    if (!this.cache.has(version, UNFILTERED_KEY)) await this.index(UNFILTERED, null, version);
  }

  private index(q: MarkerSearch, scope: Scope, version: string): Promise<MarkerIndex> {
    return this.cache.get(version, filterKey(q, scope), async () => {
      const geo = await this.geo.resolve(q.esGeo, version);
      const none = geo && geo.countries.length + geo.regions.length + geo.towns.length === 0;
      return new MarkerIndex(none ? [] : await markerRows(this.db, q, geo, scope));
    });
  }
}
