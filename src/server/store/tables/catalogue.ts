// The catalogue (migration 0002): places, categories, projects and their units,
// pictures and files, partners' scopes, the catalogue's versions; and each
// unit's history (migration 0013).
import type { Generated } from 'kysely';
// The value sets are the API's (src/shared/catalogue.ts): one definition.
import type { FileKind, PlaceKind, ProjectStage, UnitStatus } from '../../../shared/catalogue.ts';
import type { HistoryStatus } from '../../../shared/price-history.ts';
export type { FileKind, ProjectStage, UnitStatus };
export type GeoKind = PlaceKind;

export interface GeoPlacesTable {
  id: Generated<number>;
  kind: GeoKind;
  parent_id: number | null;
  name: string;
  slug: string;
  path: string;
  lat: number | null;
  lng: number | null;
}

export interface CategoriesTable {
  id: number;
  key: string;
  name: string;
}

export interface ProjectsTable {
  id: Generated<number>;
  source: string;
  ref: string;
  name: string;
  developer: string | null;
  category_id: number;
  stage: ProjectStage;
  /** Plain text (migration 0008 added the rest). */
  description: string;
  /** Sanitised rich text of the same description. */
  description_html: Generated<string>;
  /** JSON: { [ISO 639-1 code]: { text, html } } for every language the feed gives. */
  descriptions: Generated<string>;
  /** JSON: { [ISO 639-1 code]: url } of the listing on the exporter's site. */
  urls: Generated<string>;
  /** JSON: its lead unit's videos and virtual tours, [{ kind, url, lang }] (migration 0026). */
  media: Generated<string>;
  amenities: string;
  country_id: number;
  region_id: number;
  town_id: number;
  location_detail: string | null;
  lat: number | null;
  lng: number | null;
  /** Straight-line km to the coast, one decimal; null: no position, or far inland (migration 0027, geo/distances.ts). */
  beach_km: number | null;
  /** The nearest airport's IATA code (geo/airports.ts) and its distance in whole km. */
  airport: string | null;
  airport_km: number | null;
  /** Straight-line km to its town's centre (geo/town-centres.ts), one decimal; null: unknown (migration 0030). */
  centre_km: number | null;
  /** 1: its position is only approximate (coarse, or shared with another development; migration 0029). */
  position_approx: Generated<number>;
  delivery_date: string | null;
  price_min: number | null;
  price_max: number | null;
  beds_min: number | null;
  beds_max: number | null;
  baths_min: number | null;
  baths_max: number | null;
  built_min: number | null;
  built_max: number | null;
  plot_min: number | null;
  plot_max: number | null;
  units_total: number;
  units_available: number;
  withdrawn_at: string | null;
  listed_at: string;
  updated_at: string;
  /** The newest drop of an available unit's price (migration 0013); null: none recorded. */
  price_dropped_at: string | null;
  /** Its features, a bit set of src/shared/features.ts (migration 0024); 0: none known. */
  features: Generated<number>;
  /** The lowest price per m² of its available units, whole euros (migration 0024); null: unknown. */
  price_m2_min: number | null;
}

export interface ProjectCategoriesTable {
  project_id: number;
  category_id: number;
}

export interface UnitsTable {
  id: Generated<number>;
  project_id: number;
  source: string;
  feed_id: string;
  ref: string | null;
  category_id: number;
  /** 0: the feed does not say (a NOT NULL column from before unknowns were kept; the API answers null). */
  bedrooms: number;
  bathrooms: number;
  built_area: number | null;
  plot_area: number | null;
  terrace_area: number | null;
  solarium_area: number | null;
  garden_area: number | null;
  floor: string | null;
  price: number;
  status: UnitStatus;
  pool: number;
  /** The feed's <date>, or the import's time when the feed gives none. */
  feed_date: string;
  /** A hash of everything the feed says about the unit (migration 0008); null for rows from before. */
  content_hash: string | null;
  withdrawn_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface ImagesTable {
  id: Generated<number>;
  project_id: number;
  unit_id: number | null;
  position: number;
  url: string;
  caption: string | null;
  floorplan: number;
}

export type PhotoStatus = 'ready' | 'failed' | 'working';

/** A feed photo's preparation, per address (migration 0021, feed-images/prepare-photos.ts). */
export interface PhotosTable {
  url: string;
  status: PhotoStatus;
  /** Ready: the variants' names start with it (feed-images/variants.ts). */
  key: string | null;
  /** Ready: the upright photo's size and most common colour (`#rrggbb`). */
  width: number | null;
  height: number | null;
  colour: string | null;
  /** Failed: why, in one line. */
  reason: string | null;
  /** Failures in a row; 0 once ready. */
  attempts: number;
  /** Failed: when to try again; working: when the claim lapses; ready: when to check the photo's address again. ISO-8601. */
  next_attempt_at: string | null;
  prepared_at: string | null;
  /** The validators the photo's server last answered, for a conditional GET (migration 0022). */
  etag: string | null;
  last_modified: string | null;
}

export interface ProjectFilesTable {
  id: Generated<number>;
  project_id: number;
  kind: FileKind;
  title: string;
  url: string;
  registered_only: number;
  position: number;
}

export interface PartnerScopesTable {
  partner_id: number;
  kind: 'region' | 'project';
  target_id: number;
}

/** Rows: 'version', bumped by every import; 'partners', bumped by triggers on partners and partner_scopes (migration 0017). */
export interface CatalogueMetaTable {
  key: string;
  value: string;
}

export interface CatalogueTables {
  geo_places: GeoPlacesTable;
  categories: CategoriesTable;
  projects: ProjectsTable;
  project_categories: ProjectCategoriesTable;
  units: UnitsTable;
  images: ImagesTable;
  photos: PhotosTable;
  project_files: ProjectFilesTable;
  partner_scopes: PartnerScopesTable;
  catalogue_meta: CatalogueMetaTable;
  unit_history: UnitHistoryTable;
}

export type { HistoryStatus };

/** One change of a unit's price or status, recorded by an import. */
export interface UnitHistoryTable {
  id: Generated<number>;
  unit_id: number;
  project_id: number;
  /** The import's time. */
  changed_at: string;
  price_before: number;
  price: number;
  status_before: HistoryStatus;
  status: HistoryStatus;
}
