// Table types for Kysely. Timestamps are ISO-8601 strings so that the same
// queries run on SQLite and PostgreSQL.
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface PartnersTable {
  id: Generated<number>;
  slug: string;
  domain: string | null;
  name: string;
  logo: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  color_primary: string;
  color_secondary: string;
  color_heading: string;
  created_at: string;
  updated_at: string;
}

export interface ContentPagesTable {
  id: Generated<number>;
  slug: string;
  /** null: a page of the main site, shown on every partner's site unless it has its own. */
  partner_id: number | null;
  title: string;
  summary: string;
  body: string;
  created_at: string;
  updated_at: string;
}

export interface Database extends CatalogueTables {
  partners: PartnersTable;
  content_pages: ContentPagesTable;
}

export type PartnerRow = Selectable<PartnersTable>;
export type NewPartnerRow = Insertable<PartnersTable>;
export type PartnerUpdate = Updateable<PartnersTable>;
export type ContentPageRow = Selectable<ContentPagesTable>;

// --- the catalogue (migration 0002) -----------------------------------------

export type GeoKind = 'country' | 'region' | 'town';
export type ProjectStage = 'off_plan' | 'under_construction' | 'key_ready';
export type UnitStatus = 'available' | 'reserved' | 'sold';
export type FileKind = 'price_list' | 'floor_plan' | 'brochure';

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
  description: string;
  amenities: string;
  country_id: number;
  region_id: number;
  town_id: number;
  location_detail: string | null;
  lat: number | null;
  lng: number | null;
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
  feed_date: string;
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
  project_files: ProjectFilesTable;
  partner_scopes: PartnerScopesTable;
  catalogue_meta: CatalogueMetaTable;
}
