// The catalogue as the API serves it (issue 3, SPEC §3, §7, §9): categories,
// the search body, and the shapes of projects, units, files and places.
// Request structs are superstruct; types are derived from them.
import type { Embed } from './embeds.ts';
import type { PreparedPhoto } from './photos.ts';
import { demoDrawingName } from './demo-pictures.ts';
import {
  array,
  assign,
  coerce,
  defaulted,
  enums,
  integer,
  literal,
  max,
  min,
  number,
  object,
  omit,
  optional,
  pattern,
  refine,
  size,
  string,
  tuple,
  type Infer,
} from 'superstruct';
import { MAX_BEACH_KM, MAX_BUILT_FROM, PRICE_UPPER_BOUND, ROOMS_UPPER_BOUND, SEARCH_ACCOUNT_ID } from './constants.ts';
import { NEW_BUILD_STAGES, PER_PAGE_DEFAULT, PER_PAGE_MAX, SORTS, type ProjectStage } from './catalogue-terms.ts';
import { ProjectId } from './request-ids.ts';
import { FEATURES } from './features.ts';
import { COMPARE_MAX } from './compare.ts';
import { LANGUAGES } from './languages.ts';

export { ProjectId };

// The terms the browser uses (categories, sorts, stages) are in catalogue-terms.ts, which imports no
// superstruct: a module that imports this one brings superstruct with it (issue 12).
export {
  FIRST_DYNAMIC_CATEGORY_ID,
  KNOWN_CATEGORIES,
  NEW_BUILD_STAGES,
  PER_PAGE_DEFAULT,
  PER_PAGE_MAX,
  SORTS,
  trackingType,
  type ProjectStage,
} from './catalogue-terms.ts';

// --- requests -----------------------------------------------------------------

export const PlaceSlug = pattern(size(string(), 1, 80), /^[a-z0-9]+(?:-[a-z0-9]+)*$/);
const PartnerSlug = size(string(), 1, 80);
const Rooms = min(max(integer(), ROOMS_UPPER_BOUND), 0);
const Price = min(max(integer(), PRICE_UPPER_BOUND), 0);

export const GeoFilter = object({
  country: optional(PlaceSlug),
  region: optional(PlaceSlug),
  town: optional(PlaceSlug),
});

const Longitude = min(max(number(), 180), -180);
const Latitude = min(max(number(), 90), -90);

/**
 * A map area, [west, south, east, north] in degrees (the GET form: bbox=w,s,e,n).
 * West must lie west of east: an area across the antimeridian is not a search.
 */
export const BBox = refine(tuple([Longitude, Latitude, Longitude, Latitude]), 'BBox', ([w, s, e, n]) =>
  w < e && s < n ? true : 'expected [west, south, east, north] with west < east and south < north',
);
export type BBox = Infer<typeof BBox>;

/** POST /api/properties (SPEC §3 search filters, §7 account_id fixed at 1). */
export const PropertySearch = object({
  account_id: literal(SEARCH_ACCOUNT_ID),
  cat: optional(size(array(min(integer(), 1)), 0, 30)),
  esGeo: optional(GeoFilter),
  bedrooms: optional(Rooms),
  bathrooms: optional(Rooms),
  pricefrom: optional(Price),
  priceto: defaulted(Price, PRICE_UPPER_BOUND),
  sort: defaulted(enums(SORTS), 'newest'),
  page: defaulted(min(max(integer(), 10_000), 1), 1),
  per_page: defaulted(min(max(integer(), PER_PAGE_MAX), 1), PER_PAGE_DEFAULT),
  /** Only projects whose coordinates lie in this area (the search by map). */
  bbox: optional(BBox),
  /** Features the project has, all of them (src/shared/features.ts). */
  features: optional(size(array(enums(FEATURES)), 0, FEATURES.length)),
  /** Its stage is one of these. */
  stage: optional(size(array(enums(NEW_BUILD_STAGES)), 0, NEW_BUILD_STAGES.length)),
  /** Ready now ('now'), or to be delivered by the end of a year (the ready ones too). */
  delivery: optional(pattern(string(), /^(now|20\d\d|2100)$/)),
  /** A home of at least this built area, m². */
  builtfrom: optional(min(max(integer(), MAX_BUILT_FROM), 0)),
  /** The coast at most this far in a straight line, km (issue 23); 0 is any. */
  beach: optional(min(max(integer(), MAX_BEACH_KM), 0)),
  partner: optional(PartnerSlug),
});
export type PropertySearch = Infer<typeof PropertySearch>;

/** GET|POST /api/facets: a search's filters, without paging; its sort changes nothing (services/catalogue/facets.ts). */
export const FacetSearch = omit(PropertySearch, ['page', 'per_page']);
export type FacetSearch = Infer<typeof FacetSearch>;

/**
 * How many developments each option of the search form would leave, the other
 * filters kept (a type or stage more widens; a feature more narrows), by
 * option value; `total`: the search as it is.
 */
export interface FacetsAnswer {
  data: {
    total: number;
    cat: Record<string, number>;
    bedrooms: Record<string, number>;
    bathrooms: Record<string, number>;
    builtfrom: Record<string, number>;
    beach: Record<string, number>;
    stage: Record<string, number>;
    delivery: Record<string, number>;
    features: Record<string, number>;
  };
}

/** The deepest zoom a map asks markers for (Leaflet's zoom levels, 256 px tiles). */
export const MAP_MAX_ZOOM = 18;

/**
 * GET|POST /api/map-markers: the filters of a search, without paging, and the
 * part of the map drawn: `view` (as bbox; none: the world) at `zoom` (0–18,
 * default 0). `bbox` stays a filter (the search by map); `view` only chooses
 * which clusters and markers come back.
 */
export const MarkerSearch = assign(
  omit(PropertySearch, ['page', 'per_page']),
  object({ view: optional(BBox), zoom: defaulted(min(max(integer(), MAP_MAX_ZOOM), 0), 0) }),
);
export type MarkerSearch = Infer<typeof MarkerSearch>;

/** The most single markers one answer carries (only reached at the deepest zooms, where nothing merges). */
export const MARKERS_CAP = 2000;

export const ProjectQuery = object({ id: ProjectId, partner: optional(PartnerSlug) });
/** /api/property's: `lang`, the language whose description the detail shows when the feed gives it (else English, Spanish, any). */
export const ProjectDetailQuery = assign(ProjectQuery, object({ lang: optional(enums([...LANGUAGES])) }));

/**
 * GET (or POST) /api/compare → 200 CompareAnswer (compare.ts): the
 * developments `ids`, in that order, as the section's site shows them
 * (withdrawn and out-of-scope ones left out). Public: the answer depends on
 * the ids alone. GET form: ids=3,1.
 */
export const CompareQuery = object({
  ids: coerce(size(array(ProjectId), 1, COMPARE_MAX), string(), (s) =>
    s.split(',').map((v) => (/^\d{1,10}$/.test(v.trim()) ? Number(v) : v)),
  ),
  partner: optional(PartnerSlug),
});
export type CompareQuery = Infer<typeof CompareQuery>;

/** GET|POST /api/featured: the developments a home page features, in a partner's scope when given. */
export const FeaturedQuery = object({ partner: optional(PartnerSlug) });
export type FeaturedQuery = Infer<typeof FeaturedQuery>;

/** The home page's featured developments, each list newest first, no development in two lists. */
export interface FeaturedAnswer {
  data: {
    /** The developments whose listing changed last. */
    newest: ProjectCard[];
    /** Those with a price reduced within PRICE_REDUCED_DAYS, the latest reduction first. */
    reduced: ProjectCard[];
    /** Those finished: homes to move into now. */
    key_ready: ProjectCard[];
  };
}
export type ProjectQuery = Infer<typeof ProjectQuery>;

export const GeoUrlQuery = object({
  /** A place path such as 'spain/alicante/torrevieja'; none: only the tree. */
  path: optional(pattern(size(string(), 1, 250), /^[a-z0-9-]+(\/[a-z0-9-]+){0,2}$/)),
  partner: optional(PartnerSlug),
});
export type GeoUrlQuery = Infer<typeof GeoUrlQuery>;

// --- answers ------------------------------------------------------------------

export interface Range {
  min: number;
  max: number;
}

export interface PlaceRef {
  name: string;
  slug: string;
  path: string;
}

export interface ProjectLocation {
  town: PlaceRef;
  region: PlaceRef;
  country: PlaceRef;
  detail: string | null;
  lat: number | null;
  lng: number | null;
}

export interface ImageRef {
  /** The picture as the feed gave it, through this site (publicImageUrl): what a page shows until `photo` is prepared. */
  url: string;
  caption: string | null;
  floorplan: boolean;
  /** Its prepared variants (src/shared/photos.ts), null until the photo job has made them. */
  photo: PreparedPhoto | null;
}

/** What a result card and a map marker need. */
export interface ProjectCard {
  id: number;
  name: string;
  developer: string | null;
  category: { id: number; key: string };
  stage: ProjectStage;
  location: ProjectLocation;
  /** null when no unit is available (nothing to price). */
  price: Range | null;
  bedrooms: Range | null;
  bathrooms: Range | null;
  built: Range | null;
  plot: Range | null;
  units_available: number;
  delivery_date: string | null;
  images: ImageRef[];
  updated_at: string;
  /** The newest drop of a unit still available at that price (issue 13), or null. */
  price_dropped_at: string | null;
  /** Whether that drop is within PRICE_REDUCED_DAYS as the answer is made: the card's "Price reduced". */
  price_reduced: boolean;
  /** The lowest price per m² of its available units, whole euros (issue 22); null when none states a built area. */
  price_m2: number | null;
}

/** A project on the map: `name` and `price` (its lowest available price) label the marker. */
export interface MapMarker {
  id: number;
  name: string;
  lat: number;
  lng: number;
  price: number | null;
}

/** Projects near each other at the asked zoom, drawn as one disc with their count. */
export interface MapCluster {
  /** The cluster's id, stable while the catalogue does not change. */
  id: number;
  count: number;
  lat: number;
  lng: number;
  /** The zoom at which it splits into smaller clusters or markers. */
  zoom: number;
}

export interface MarkersAnswer {
  /** The single projects in the view, by id, at most MARKERS_CAP. */
  data: MapMarker[];
  /** The clusters in the view. */
  clusters: MapCluster[];
  /**
   * total: every match with coordinates (in the view or not); bounds: the area
   * they cover, [west, south, east, north], null when none; truncated: the
   * view held more single markers than MARKERS_CAP.
   */
  meta: { total: number; bounds: BBox | null; truncated: boolean };
}

export interface SearchAnswer {
  data: ProjectCard[];
  meta: { total: number; page: number; per_page: number; pages: number };
}

/** POST /api/property: everything the detail page shows, apart from units and files. */
export interface ProjectDetail extends ProjectCard {
  /** Plain text in the page's language if the feed gives it, else English, else Spanish, else its first ('' when none). */
  description: string;
  /** The same description as sanitised rich text (p, br, ul, ol, li, strong, em, b, i only; no attributes). */
  description_html: string;
  /** The language it is written in (ISO 639-1), or null when the feed did not say. */
  description_lang: string | null;
  /** Every language the feed gives, keyed by ISO 639-1 code, as plain text. */
  descriptions: Record<string, string>;
  amenities: string[];
  categories: Array<{ id: number; key: string }>;
  units_total: number;
  images: ImageRef[];
  /** Its videos and virtual tours (issue 23), videos first. */
  media: ProjectMedia[];
  distances: Distances;
  listed_at: string;
}

/** Straight-line distances from a development's position (issue 23), computed at import. */
export interface Distances {
  /** To the coast, km (one decimal); null: no position, or far inland. */
  beach_km: number | null;
  /** The nearest airport with scheduled flights, whole km; null without a position. */
  airport: { code: string; name: string; km: number } | null;
  /** To its town's centre, km (one decimal); null: the town's centre is not known. */
  centre_km: number | null;
  /** The position they are measured from is only approximate (a town's, or given coarsely). */
  approximate: boolean;
}

/** A development's video or virtual tour. */
export interface ProjectMedia {
  kind: 'video' | 'tour';
  /** The feed's address (http or https). */
  url: string;
  /** The allowed provider's player to frame behind consent (src/shared/embeds.ts); null: shown as a link only. */
  embed: Embed | null;
}

/** POST /api/property. */
export interface PropertyAnswer {
  data: ProjectDetail;
}

export type UnitStatus = 'available' | 'reserved' | 'sold';

export interface UnitRow {
  id: number;
  ref: string | null;
  category: { id: number; key: string };
  /** null: the feed does not say (it wrote 0 or nothing). */
  bedrooms: number | null;
  bathrooms: number | null;
  built_area: number | null;
  plot_area: number | null;
  terrace_area: number | null;
  solarium_area: number | null;
  garden_area: number | null;
  floor: string | null;
  price: number;
  status: UnitStatus;
}

/** POST /api/project/units: the units still in the feed, every status, cheapest first. */
export interface UnitsAnswer {
  data: UnitRow[];
}

export type FileKind = 'price_list' | 'floor_plan' | 'brochure';

export interface ProjectFile {
  id: number;
  kind: FileKind;
  title: string;
  /** Only for a logged-in client; anonymous callers get null and `locked`. */
  url: string | null;
  locked: boolean;
}

export interface FilesAnswer {
  data: ProjectFile[];
  /** 'register to access all information' when files are locked. */
  message: string | null;
}

export type PlaceKind = 'country' | 'region' | 'town';

/**
 * A place of the tree: what the filter form and the area links show (the kind
 * and the coordinates are the named place's, below; no reader of the tree uses
 * them, and every page that shows the tree carries it in its HTML).
 */
export interface GeoNode extends PlaceRef {
  /** Listed projects with at least one available unit, within the partner's scope. */
  count: number;
  children: GeoNode[];
}

/** GET|POST /api/places: the places a typed name may mean, within a partner's scope when given. */
export const PlaceNameQuery = object({ q: size(string(), 1, 100), partner: optional(PartnerSlug) });
export type PlaceNameQuery = Infer<typeof PlaceNameQuery>;

/** A place a typed name may mean, with the places it lies in (the nearest first: town, region, country). */
export interface PlaceMatch extends PlaceRef {
  kind: PlaceKind;
  count: number;
  within: PlaceRef[];
  /** The typed text is the whole of one of its names ('alacant' for Alicante), not its start or a near spelling. */
  exact: boolean;
}

export interface PlaceMatchesAnswer {
  data: PlaceMatch[];
}

export interface GeoAnswer {
  data: {
    tree: GeoNode[];
    /**
     * The place a path names, null without a path; `trail` is its ancestors,
     * the country first, without the place itself (empty for a country).
     */
    place: (PlaceRef & { kind: PlaceKind; count: number; lat: number | null; lng: number | null; trail: PlaceRef[] }) | null;
  };
}

/**
 * The address a browser loads a listing's picture from until it is prepared:
 * the picture proxy's quick resize (/media/images/{id}). A feed's picture on
 * another server is fetched by this site, so no request reaches a third party
 * before the visitor's consent and the CSP stays 'self'; a demo drawing
 * (/media/demo/{name}.svg) is drawn by it, so the demo shows what a real
 * catalogue does. Any other address (the site's own file) is as given.
 */
export function publicImageUrl(imageId: number, url: string): string {
  return /^https?:\/\//i.test(url) || demoDrawingName(url) !== null ? `/media/images/${imageId}` : url;
}

/** The languages a description falls back to, in order, when the feed has none in the page's. */
export const DESCRIPTION_FALLBACK = ['en', 'es'] as const;

/** Which of a feed's description languages a page in `language` shows: its own, else the fallbacks, else the first. */
export function descriptionLanguage(available: readonly string[], language: string): string | null {
  for (const code of [language, ...DESCRIPTION_FALLBACK]) if (available.includes(code)) return code;
  return available[0] ?? null;
}
