// The catalogue as the API reads it (issue 3): search, one project with its
// units and files, and the place tree. Every method takes the partner whose
// site asks (its scope limits what exists); the rules are in README.md.
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import type {
  FacetSearch,
  FacetsAnswer,
  FeaturedAnswer,
  FilesAnswer,
  GeoAnswer,
  MarkerSearch,
  MarkersAnswer,
  ProjectCard,
  ProjectDetail,
  PropertySearch,
  SearchAnswer,
  UnitRow,
} from '../../../shared/catalogue.ts';
import type { UnitPriceHistory } from '../../../shared/price-history.ts';
import type { ComparedProject } from '../../../shared/compare.ts';
import { loadScope, scopeKey, type Scope } from './scope.ts';
import { countFacets, facetKey, loadFacetRows, type FacetRows } from './facets.ts';
import { search } from './search.ts';
import { MapMarkers } from './markers.ts';
import { projectDetail, projectFiles, projectUnits, visible } from './project.ts';
import { projectPriceHistory } from './price-history.ts';
import { similarProjects } from './similar.ts';
import { featuredProjects } from './featured.ts';
import { listedCards } from './cards.ts';
import { comparedProjects } from './compared.ts';
import { GeoCache } from './geo.ts';
import type { MarkerCacheLimits } from './marker-cache.ts';
import { PerVersion } from '../per-version.ts';
import { readVersions, type StoreVersions } from '../versions.ts';
import { catalogueVersion } from './version.ts';

export type { Scope } from './scope.ts';

/** Partners' scopes kept: more than there are partners. */
const KEPT_SCOPES = 1000;

/** Search totals kept per catalogue version, by a digest of filters, values and scope: well under 1 MB. */
const KEPT_TOTALS = 4096;

/** Facet counts kept per catalogue version: about 1 KB each. */
const KEPT_FACETS = 1024;

export interface CatalogueOptions {
  /** The bounds of the map's indexes kept (marker-cache.ts; tests lower them). */
  markerCache?: MarkerCacheLimits;
}

export class CatalogueService {
  private readonly geo: GeoCache;
  private readonly mapMarkers: MapMarkers;
  /** SQLite: the search tells the planner which index to walk (search.ts). */
  private readonly planHints: boolean;
  private readonly scopes = new PerVersion<Scope>(KEPT_SCOPES);
  /** A search's total changes only with the catalogue: counting every listed match costs as the catalogue grows. */
  private readonly totals = new PerVersion<number>(KEPT_TOTALS);
  /** The facet counts of a search (facets.ts), for the same reason; about 1 KB each. */
  private readonly facetCounts = new PerVersion<FacetsAnswer['data']>(KEPT_FACETS);
  /** The listed projects' filter columns the counts are taken over (facets.ts): about 70 bytes a project. */
  private readonly facetRows = new PerVersion<FacetRows>(1);

  constructor(
    private readonly db: Kysely<Database>,
    options: CatalogueOptions = {},
  ) {
    this.geo = new GeoCache(db);
    this.mapMarkers = new MapMarkers(db, this.geo, options.markerCache);
    this.planHints = !db.getExecutor().adapter.constructor.name.startsWith('Postgres');
  }

  /**
   * What partner `partnerId` may show (null or 0: the main site, everything).
   * Kept per partners' version (partner_scopes' writes bump it: services/versions.ts).
   */
  async scope(partnerId: number | null | undefined, versions?: StoreVersions): Promise<Scope> {
    if (!partnerId) return null;
    const { partners } = versions ?? (await readVersions(this.db));
    return this.scopes.get(partners, String(partnerId), () => loadScope(this.db, partnerId));
  }

  /**
   * `version`: the catalogue's, when the request has read it already (services/versions.ts); so for places().
   */
  async search(query: PropertySearch, scope: Scope, version?: string): Promise<SearchAnswer> {
    const current = version ?? (await catalogueVersion(this.db));
    return search(this.db, query, scope, {
      planHints: this.planHints,
      resolve: (geo) => this.geo.resolve(geo, current),
      total: (key, count) => this.totals.get(current, key, count),
    });
  }

  /** How many developments each option of the search form would leave (facets.ts), kept per catalogue version. */
  async facets(query: FacetSearch, scope: Scope, version?: string): Promise<FacetsAnswer['data']> {
    const current = version ?? (await catalogueVersion(this.db));
    const geo = await this.geo.resolve(query.esGeo, current);
    return this.facetCounts.get(current, `${scopeKey(scope)}|${facetKey(query)}`, async () =>
      countFacets(await this.facetRows.get(current, 'listed', () => loadFacetRows(this.db)), query, geo, scope),
    );
  }

  /** The map's clusters and markers for a search's filters, a view and a zoom (markers.ts). */
  markers(query: MarkerSearch, scope: Scope, version?: string): Promise<MarkersAnswer> {
    return this.mapMarkers.answer(query, scope, version);
  }

  /** Builds what the catalogue's first visitors would otherwise wait for (the map's unfiltered index), unless kept. */
  warm(): Promise<void> {
    return this.mapMarkers.warm();
  }

  /** null: unknown, withdrawn or outside the scope; its description in `language` when the feed gives it. */
  project(id: number, scope: Scope, language?: string): Promise<ProjectDetail | null> {
    return projectDetail(this.db, id, scope, language);
  }

  /** `listed`: whether the project is listed within the scope, as the request knows it (ReadContext.listed). */
  units(id: number, listed: Promise<boolean>): Promise<UnitRow[] | null> {
    return projectUnits(this.db, id, listed);
  }

  /** Each unit's price and status over time (price-history.ts); null as for project(). */
  priceHistory(id: number, listed: Promise<boolean>): Promise<UnitPriceHistory[] | null> {
    return projectPriceHistory(this.db, id, listed);
  }

  files(id: number, loggedIn: boolean, listed: Promise<boolean>): Promise<FilesAnswer | null> {
    return projectFiles(this.db, id, loggedIn, listed);
  }

  /** Whether project `id` is in the feed and within the scope. */
  listed(id: number, scope: Scope): Promise<boolean> {
    return visible(this.db, id, scope);
  }

  /** Listed projects like `id` (same region and category, its town first); null as for project(). */
  similar(id: number, scope: Scope): Promise<ProjectCard[] | null> {
    return similarProjects(this.db, id, scope);
  }

  /** The developments a home page features: the newest, the lately reduced and the key-ready (featured.ts). */
  featured(scope: Scope): Promise<FeaturedAnswer['data']> {
    return featuredProjects(this.db, scope);
  }

  /** Cards of the listed projects among `ids` within the scope, in the order of `ids`. */
  cards(ids: number[], scope: Scope): Promise<ProjectCard[]> {
    return listedCards(this.db, ids, scope);
  }

  /** The developments of a comparison: their cards and stated features, in the order of `ids` (compared.ts). */
  compared(ids: number[], scope: Scope): Promise<ComparedProject[]> {
    return comparedProjects(this.db, ids, scope);
  }

  /** The tree with counts, and the place `path` names; undefined: no such place. */
  places(path: string | undefined, scope: Scope, version?: string): Promise<GeoAnswer | undefined> {
    return this.geo.answer(path, scope, version);
  }
}
