// POST /api/geo-url: the place tree with counts for the location filter, and
// the resolution of a place path (an SEO URL such as spain/alicante/torrevieja).
//
// The tree is cached in memory per catalogue version (catalogue_meta, bumped
// by every import, so every process sees a new catalogue) and per scope: the
// key is the scope itself (its regions and projects), never only a partner's
// id, so one partner's counts can never be served to another that sees other
// projects, and a change of a partner's scope is seen at once.
import type { Kysely } from 'kysely';
import type { Selectable } from 'kysely';
import type { Database, GeoPlacesTable } from '../../store/schema.ts';
import type { GeoAnswer, GeoNode, PlaceRef, PropertySearch } from '../../../shared/catalogue.ts';
import { inScope, scopeKey, type Scope } from './scope.ts';
import { LISTED, type GeoIds } from './search.ts';
import { catalogueVersion } from './version.ts';
import { PerVersion } from '../per-version.ts';

type PlaceRow = Selectable<GeoPlacesTable>;

interface GeoView {
  /** Places with at least one project, nested, by name. */
  tree: GeoNode[];
  /** Every place, by path, with its count (possibly 0). */
  byPath: Map<string, { row: PlaceRow; count: number }>;
  byId: Map<number, PlaceRow>;
  /** Places by kind and slug (a town slug may name several towns). */
  bySlug: Map<string, PlaceRow[]>;
}

const slugKey = (kind: string, slug: string) => `${kind}/${slug}`;

/** Entries kept: a few versions' worth of scopes is plenty; the oldest goes first. */
const MAX_ENTRIES = 256;

export class GeoCache {
  private readonly views = new PerVersion<GeoView>(MAX_ENTRIES);

  constructor(private readonly db: Kysely<Database>) {}

  /** `version`: the catalogue's, when the request has read it already (services/versions.ts). */
  async view(scope: Scope, version?: string): Promise<GeoView> {
    return this.views.get(version ?? (await catalogueVersion(this.db)), scopeKey(scope), () => buildView(this.db, scope));
  }

  /**
   * The places a search's geo filter names (resolveGeo in search.ts, the same
   * rules), from the places kept for this catalogue version instead of a query.
   * Every place is in every scope's view; the main site's is the one read.
   */
  async resolve(geo: PropertySearch['esGeo'], version?: string): Promise<GeoIds | null> {
    if (!geo || (!geo.country && !geo.region && !geo.town)) return null;
    const { byId, bySlug } = await this.view(null, version);
    const level = geo.town ? 'town' : geo.region ? 'region' : 'country';
    const parentOf = (row: PlaceRow | undefined) => (row?.parent_id == null ? undefined : byId.get(row.parent_id));
    const rows = (bySlug.get(slugKey(level, geo[level]!)) ?? []).filter((g) => {
      const up1 = parentOf(g);
      if (level === 'town') return (!geo.region || up1?.slug === geo.region) && (!geo.country || parentOf(up1)?.slug === geo.country);
      return level !== 'region' || !geo.country || up1?.slug === geo.country;
    });
    const ids = (pick: (g: PlaceRow) => number | undefined) => [...new Set(rows.map(pick).filter((v): v is number => v !== undefined))];
    if (level === 'town')
      return { towns: ids((g) => g.id), regions: ids((g) => parentOf(g)?.id), countries: ids((g) => parentOf(parentOf(g))?.id) };
    if (level === 'region') return { towns: [], regions: ids((g) => g.id), countries: ids((g) => parentOf(g)?.id) };
    return { towns: [], regions: [], countries: ids((g) => g.id) };
  }

  /** The tree, and the place `path` names (null without a path); undefined when no place has that path. */
  async answer(path: string | undefined, scope: Scope, version?: string): Promise<GeoAnswer | undefined> {
    const view = await this.view(scope, version);
    if (!path) return { data: { tree: view.tree, place: null } };
    const found = view.byPath.get(path);
    if (!found) return undefined;
    const trail: PlaceRef[] = [];
    for (let up = found.row.parent_id; up !== null;) {
      const row = view.byId.get(up);
      if (!row) break;
      trail.unshift(ref(row));
      up = row.parent_id;
    }
    const { row, count } = found;
    return { data: { tree: view.tree, place: { ...ref(row), kind: row.kind, count, lat: row.lat, lng: row.lng, trail } } };
  }
}

const ref = (row: PlaceRow): PlaceRef => ({ name: row.name, slug: row.slug, path: row.path });

async function buildView(db: Kysely<Database>, scope: Scope): Promise<GeoView> {
  const scoped = inScope(scope);
  const [places, counts] = await Promise.all([
    db.selectFrom('geo_places').select(['id', 'kind', 'parent_id', 'name', 'slug', 'path', 'lat', 'lng']).execute(),
    db
      .selectFrom('projects as p')
      .select(['p.country_id', 'p.region_id', 'p.town_id'])
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(LISTED)
      .$if(scoped !== null, (qb) => qb.where(scoped!))
      .groupBy(['p.country_id', 'p.region_id', 'p.town_id'])
      .execute(),
  ]);
  // Each project counts once in its town, its region and its country (its own
  // ids, so a place counts its projects even if the places' parents disagree).
  const count = new Map<number, number>();
  const add = (id: number, n: number) => count.set(id, (count.get(id) ?? 0) + n);
  for (const c of counts) {
    const n = Number(c.n);
    add(c.country_id, n);
    add(c.region_id, n);
    add(c.town_id, n);
  }
  const byId = new Map<number, PlaceRow>();
  const nodes = new Map<number, GeoNode>();
  const byPath: GeoView['byPath'] = new Map();
  const bySlug: GeoView['bySlug'] = new Map();
  for (const row of places) {
    const r = { ...row, lat: row.lat === null ? null : Number(row.lat), lng: row.lng === null ? null : Number(row.lng) };
    byId.set(r.id, r);
    const key = slugKey(r.kind, r.slug);
    const sameSlug = bySlug.get(key);
    if (sameSlug) sameSlug.push(r);
    else bySlug.set(key, [r]);
    const n = count.get(r.id) ?? 0;
    byPath.set(r.path, { row: r, count: n });
    if (n > 0) nodes.set(r.id, { ...ref(r), count: n, children: [] });
  }
  const tree: GeoNode[] = [];
  for (const [id, node] of nodes) {
    const parent = byId.get(id)!.parent_id;
    const parentNode = parent === null ? undefined : nodes.get(parent);
    if (parentNode) parentNode.children.push(node);
    else if (parent === null) tree.push(node);
  }
  const byName = (a: GeoNode, b: GeoNode) => a.name.localeCompare(b.name, 'es');
  const sortAll = (list: GeoNode[]) => {
    list.sort(byName);
    for (const n of list) sortAll(n.children);
  };
  sortAll(tree);
  return { tree, byPath, byId, bySlug };
}
