// The one two-way mapping between a search and its addresses (issue 4, SPEC §3):
// the page's readable URL (`/search/spain/alicante/torrevieja?cat=1,12&bedrooms=2`),
// the legacy `bbbbbbbbb_type` URLs, and the GET query of /api/properties.
//
// A URL is read leniently: a value that is malformed or out of range is
// dropped, so a hand-edited address still shows a page. A place path that names
// no place is the one thing that fails (404): it is the page's identity.
import type { Infer } from 'superstruct';
import type { GeoFilter } from './catalogue.ts';
import { KNOWN_CATEGORIES, NEW_BUILD_STAGES, PER_PAGE_DEFAULT, SORTS, type NewBuildStage } from './catalogue-terms.ts';
import { MAX_BEACH_KM, MAX_BUILT_FROM, PRICE_UPPER_BOUND, ROOMS_UPPER_BOUND, SEARCH_ACCOUNT_ID } from './constants.ts';
import { HttpError, NOT_FOUND_MESSAGE, Redirect } from './errors.ts';
import type { DataNeed, RouteParams } from './routes.ts';
import { cleanDelivery, cleanFeatures, type DeliveryBy, type Feature } from './features.ts';

export type SearchSort = (typeof SORTS)[number];
export const SEARCH_VIEWS = ['grid', 'list', 'map'] as const;
export type SearchView = (typeof SEARCH_VIEWS)[number];

/** Place slugs from the country down; a level is present only under its parent. */
export type GeoPath = Infer<typeof GeoFilter>;

export interface SearchFilters {
  /** Category ids, ascending, without repeats. */
  cat: number[];
  esGeo: GeoPath;
  /** Minimums; 0 is "any". */
  bedrooms: number;
  bathrooms: number;
  /** 0 is no lower bound; PRICE_UPPER_BOUND is no upper bound (SPEC §9). */
  pricefrom: number;
  priceto: number;
  sort: SearchSort;
  page: number;
  view: SearchView;
  /** A map area 'w,s,e,n', passed to the API as it came. */
  bbox?: string;
  /** Features the homes have, all of them, in the vocabulary's order (features.ts). */
  features: Feature[];
  /** Stages, in NEW_BUILD_STAGES' order; empty: any. */
  stage: NewBuildStage[];
  /** Ready now, or by the end of a year; none: any time. */
  delivery?: DeliveryBy;
  /** Built area from, m²; 0 is any. */
  builtfrom: number;
  /** The beach within this many km; 0 is any. */
  beach: number;
}

/** How a search route spells its filters: readable, or one of the legacy forms of SPEC §2. */
export type SearchUrlForm = 'readable' | 'legacy' | 'legacy-all';

export const DEFAULT_SEARCH: SearchFilters = {
  cat: [],
  esGeo: {},
  bedrooms: 0,
  bathrooms: 0,
  pricefrom: 0,
  priceto: PRICE_UPPER_BOUND,
  sort: 'newest',
  page: 1,
  view: 'grid',
  features: [],
  stage: [],
  builtfrom: 0,
  beach: 0,
};

const { sort: _sort, view: _view, ...unfiltered } = DEFAULT_SEARCH;
/** Every filter back to "any", the sort and the view kept (the form's and the empty search's "clear filters"). */
export const CLEARED: Partial<SearchFilters> = { ...unfiltered, bbox: undefined, delivery: undefined };

/** The page number the API accepts at most (PropertySearch). */
const MAX_PAGE = 10_000;
const MAX_CATEGORIES = 30;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** The place tree's levels, the countries first: a place path's segments, a place's kind. */
export const GEO_LEVELS = ['country', 'region', 'town'] as const;
/** The legacy URLs' "all types" token: `/search/bbbbbbbbb_type/old_`. */
const ALL_TYPES = 'old_';

// --- single values ----------------------------------------------------------------

/** A whole number written plainly ('12'), or a number; anything else is undefined. */
function wholeNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
  if (typeof value !== 'string' || !/^\d{1,12}$/.test(value.trim())) return undefined;
  return Number(value.trim());
}

function inRange(value: unknown, lo: number, hi: number): number | undefined {
  const n = wholeNumber(value);
  return n !== undefined && n >= lo && n <= hi ? n : undefined;
}

/** Category ids from '1,12', ['1', '12'] or [1, 12]: positive, unique, ascending, at most 30. */
export function cleanCategories(value: unknown): number[] {
  const parts = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  const ids = new Set<number>();
  for (const part of parts.flatMap((p) => (typeof p === 'string' ? p.split(',') : [p]))) {
    const id = inRange(part, 1, 2 ** 31 - 1);
    if (id !== undefined) ids.add(id);
  }
  return [...ids].sort((a, b) => a - b).slice(0, MAX_CATEGORIES);
}

export const cleanRooms = (value: unknown): number => inRange(value, 0, ROOMS_UPPER_BOUND) ?? 0;

export function cleanPrices(from: unknown, to: unknown): { pricefrom: number; priceto: number } {
  const low = inRange(from, 0, PRICE_UPPER_BOUND) ?? 0;
  const high = inRange(to, 0, PRICE_UPPER_BOUND) ?? PRICE_UPPER_BOUND;
  // A range typed the wrong way round is still the range the visitor meant.
  return low <= high ? { pricefrom: low, priceto: high } : { pricefrom: high, priceto: low };
}

/** A place path as an object, or null when a segment is not a slug or there are more than three. */
export function geoFromSegments(segments: string[]): GeoPath | null {
  if (segments.length > GEO_LEVELS.length || !segments.every((s) => SLUG.test(s) && s.length <= 80)) return null;
  const geo: GeoPath = {};
  segments.forEach((slug, i) => (geo[GEO_LEVELS[i]!] = slug));
  return geo;
}

export function geoSegments(geo: GeoPath): string[] {
  const out: string[] = [];
  for (const level of GEO_LEVELS) {
    const slug = geo[level];
    if (!slug) break;
    out.push(slug);
  }
  return out;
}

/** A stored or posted { country, region, town }: valid slugs from the country down, the rest dropped. */
export function cleanGeo(value: unknown): GeoPath {
  if (!value || typeof value !== 'object') return {};
  const record = value as Record<string, unknown>;
  const segments: string[] = [];
  for (const level of GEO_LEVELS) {
    const slug = record[level];
    if (typeof slug !== 'string' || !SLUG.test(slug) || slug.length > 80) break;
    segments.push(slug);
  }
  return geoFromSegments(segments) ?? {};
}

const NUMBER = String.raw`-?\d{1,3}(?:\.\d{1,12})?`;
const BBOX = new RegExp(`^(${NUMBER}),(${NUMBER}),(${NUMBER}),(${NUMBER})$`);

/** 'w,s,e,n' within the globe, west of east and south of north; otherwise undefined. */
export function cleanBbox(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const m = BBOX.exec(value);
  if (!m) return undefined;
  const [w, s, e, n] = m.slice(1).map(Number) as [number, number, number, number];
  const ok = w >= -180 && e <= 180 && s >= -90 && n <= 90 && w < e && s < n;
  return ok ? value : undefined;
}

// --- reading a URL ------------------------------------------------------------------

const GEO_KEY = /^(?:esGeo(?:\[(country|region|town)\]|\.(country|region|town))|(country|region|town))$/;

/** Whether a query names a place (a GET form's location fields): such a URL moves to the readable one. */
export function hasGeoQuery(query: URLSearchParams): boolean {
  for (const key of query.keys()) if (GEO_KEY.test(key)) return true;
  return false;
}

/**
 * The place a GET form's fields name. Each field holds a slug, or a place path
 * ('spain/alicante/torrevieja' in `town`, 'spain/alicante' in `region`), so a
 * form whose selects cannot depend on each other (no JavaScript) still names
 * one place. The deepest complete path wins; empty fields are "anywhere".
 */
function geoFromQuery(query: URLSearchParams): GeoPath {
  const fields: Record<(typeof GEO_LEVELS)[number], string[]> = { country: [], region: [], town: [] };
  for (const [key, value] of query) {
    const m = GEO_KEY.exec(key);
    const level = (m?.[1] ?? m?.[2] ?? m?.[3]) as (typeof GEO_LEVELS)[number] | undefined;
    const parts = value.toLowerCase().split('/');
    if (level && !fields[level].length && parts.every((s) => SLUG.test(s) && s.length <= 80)) fields[level] = parts;
  }
  const chain: string[] = [];
  GEO_LEVELS.forEach((level, depth) => {
    const parts = fields[level];
    if (parts.length === depth + 1)
      chain.splice(0, chain.length, ...parts); // a full path
    else if (parts.length === 1 && chain.length === depth) chain.push(parts[0]!); // a slug under its parent
  });
  return geoFromSegments(chain) ?? {};
}

/** The categories a legacy segment names ('apartment,villa', '1+12'), or null if it names something else. */
function legacyCategories(segment: string): number[] | null {
  const parts = segment.split(/[,+ ]/).filter(Boolean);
  const ids: number[] = [];
  for (const part of parts) {
    const known = KNOWN_CATEGORIES.find((c) => c.key === part);
    const id = known?.id ?? inRange(part, 1, 2 ** 31 - 1);
    if (id === undefined) return null;
    ids.push(id);
  }
  return parts.length ? ids : null;
}

interface PathPart {
  /** null: the path is not a place path at all (404). */
  geo: GeoPath | null;
  cat: number[];
}

/**
 * The path after `/search/` (or `/search/bbbbbbbbb_type/`). Legacy form:
 * `<types>/<place path>`, where `<types>` is `old_` (all types) or category
 * keys or ids joined by ',' or '+'; a first segment that is neither starts the
 * place path.
 */
function readPath(wild: string | undefined, form: SearchUrlForm): PathPart {
  const segments = (wild ?? '').toLowerCase().split('/').filter(Boolean);
  let cat: number[] = [];
  if (form === 'legacy' && segments.length) {
    const first = segments[0]!;
    const ids = first === ALL_TYPES ? [] : legacyCategories(first);
    if (ids) {
      cat = cleanCategories(ids);
      segments.shift();
    }
  }
  return { geo: geoFromSegments(segments), cat };
}

/**
 * A search page's URL → its filters: the route's params (the wildcard `*`
 * holds the place path), its query string and the route's form. Query fields
 * of a place win over the path (they are a form's newer choice).
 */
export function parseSearchUrl(params: RouteParams, query: URLSearchParams | string, form: SearchUrlForm = 'readable'): SearchFilters {
  const q = typeof query === 'string' ? new URLSearchParams(query) : query;
  const path = readPath(params['*'], form);
  const sort = q.get('sort');
  const view = q.get('view');
  return {
    cat: q.has('cat') ? cleanCategories(q.getAll('cat')) : path.cat,
    esGeo: hasGeoQuery(q) ? geoFromQuery(q) : (path.geo ?? {}),
    bedrooms: cleanRooms(q.get('bedrooms')),
    bathrooms: cleanRooms(q.get('bathrooms')),
    ...cleanPrices(q.get('pricefrom'), q.get('priceto')),
    sort: SORTS.find((s) => s === sort) ?? DEFAULT_SEARCH.sort,
    page: inRange(q.get('page'), 1, MAX_PAGE) ?? 1,
    view: SEARCH_VIEWS.find((v) => v === view) ?? DEFAULT_SEARCH.view,
    ...optionalBbox(cleanBbox(q.get('bbox'))),
    features: cleanFeatures(q.getAll('features')),
    stage: cleanStages(q.getAll('stage')),
    ...optionalDelivery(cleanDelivery(q.get('delivery'))),
    builtfrom: inRange(q.get('builtfrom'), 0, MAX_BUILT_FROM) ?? 0,
    beach: inRange(q.get('beach'), 0, MAX_BEACH_KM) ?? 0,
  };
}

const optionalBbox = (bbox: string | undefined) => (bbox ? { bbox } : {});
const optionalDelivery = (delivery: DeliveryBy | undefined) => (delivery ? { delivery } : {});

/** Known stages of a list of words, in their order, without repeats. */
function cleanStages(value: string[]): NewBuildStage[] {
  const words = new Set(value.flatMap((v) => v.split(',')));
  return NEW_BUILD_STAGES.filter((s) => words.has(s));
}

/** The form of a search route, from its name in the route table. */
export function searchUrlFormOf(routeName: string): SearchUrlForm {
  if (routeName.endsWith(':search-type-old')) return 'legacy-all';
  if (routeName.endsWith(':search-type')) return 'legacy';
  return 'readable';
}

// --- writing ------------------------------------------------------------------------

/** Whether a search narrows anything (the filters SPEC §3 keeps: not sort, view or page). */
export function hasFilters(
  f: Pick<
    SearchFilters,
    'cat' | 'esGeo' | 'bedrooms' | 'bathrooms' | 'pricefrom' | 'priceto' | 'features' | 'stage' | 'builtfrom' | 'beach'
  > & {
    bbox?: string;
    delivery?: string;
  },
): boolean {
  return (
    f.cat.length > 0 ||
    hasMoreFilters(f) ||
    geoSegments(f.esGeo).length > 0 ||
    f.bedrooms > 0 ||
    f.bathrooms > 0 ||
    f.pricefrom > 0 ||
    f.priceto < PRICE_UPPER_BOUND ||
    Boolean(f.bbox)
  );
}

/** Whether a search uses one of issue 22's filters (the search form's "more filters"). */
export function hasMoreFilters(f: Pick<SearchFilters, 'features' | 'stage' | 'builtfrom' | 'beach'> & { delivery?: string }): boolean {
  return f.features.length > 0 || f.stage.length > 0 || Boolean(f.delivery) || f.builtfrom > 0 || f.beach > 0;
}

/** A filter a search may use, as its chips name them (both prices are one). */
export type FilterInUse = 'cat' | 'esGeo' | 'bedrooms' | 'bathrooms' | 'price' | 'builtfrom' | 'beach' | 'stage' | 'delivery' | 'features';

/** The filters a search uses, in the form's order: a chip each beside the filters' toggle (FilterChips.tsx). */
export function filtersInUse(f: SearchFilters): FilterInUse[] {
  const used: Record<FilterInUse, boolean> = {
    cat: f.cat.length > 0,
    esGeo: geoSegments(f.esGeo).length > 0,
    bedrooms: f.bedrooms > 0,
    bathrooms: f.bathrooms > 0,
    price: f.pricefrom > 0 || f.priceto < PRICE_UPPER_BOUND,
    builtfrom: f.builtfrom > 0,
    beach: f.beach > 0,
    stage: f.stage.length > 0,
    delivery: f.delivery !== undefined,
    features: f.features.length > 0,
  };
  return (Object.keys(used) as FilterInUse[]).filter((name) => used[name]);
}

/** A search page address asks for the search form's "more filters" open (their link, followed without JavaScript). */
export const MORE_PARAM = 'more';

/** Whether a search page's query shows the "more filters": it asks for them, or uses one of them. */
export function showsMoreFilters(query: URLSearchParams): boolean {
  return query.has(MORE_PARAM) || hasMoreFilters(parseSearchUrl({}, query));
}

type QueryPair = [string, string | number | undefined | false];

/** The pairs that carry a value, as text: false, undefined and '' mean "left out". */
function keptPairs(pairs: QueryPair[]): Array<[string, string]> {
  return pairs
    .filter((p): p is [string, string | number] => p[1] !== undefined && p[1] !== false && p[1] !== '')
    .map(([k, v]) => [k, String(v)]);
}

/** Values are digits, commas, dots, minus signs and enum words: only the odd one needs escaping. */
function queryString(pairs: QueryPair[]): string {
  return keptPairs(pairs)
    .map(([k, v]) => `${k}=${encodeURIComponent(v).replace(/%2C/g, ',')}`)
    .join('&');
}

/** The filters after the category and the place, in the same order in the page's address and the API's query; defaults left out. */
function narrowingPairs(f: SearchFilters): QueryPair[] {
  return [
    ['bedrooms', f.bedrooms > 0 && f.bedrooms],
    ['bathrooms', f.bathrooms > 0 && f.bathrooms],
    ['pricefrom', f.pricefrom > 0 && f.pricefrom],
    ['priceto', f.priceto < PRICE_UPPER_BOUND && f.priceto],
    ['builtfrom', f.builtfrom > 0 && f.builtfrom],
    ['beach', f.beach > 0 && f.beach],
    ['features', f.features.length > 0 && f.features.join(',')],
    ['stage', f.stage.length > 0 && f.stage.join(',')],
    ['delivery', f.delivery],
    ['sort', f.sort !== DEFAULT_SEARCH.sort && f.sort],
    ['bbox', f.bbox],
  ];
}

/**
 * The readable address of a search under `root` (the section's search page:
 * '/search', '/old/search', '/costa-casas/search'): the place in the path, the
 * rest in the query in a fixed order, defaults left out. One search, one URL.
 */
export function searchHref(root: string, filters: Partial<SearchFilters>): string {
  const f = { ...DEFAULT_SEARCH, ...filters };
  const path = [root, ...geoSegments(f.esGeo)].join('/');
  const qs = queryString([
    ['cat', f.cat.length > 0 && f.cat.join(',')],
    ...narrowingPairs(f),
    ['view', f.view !== DEFAULT_SEARCH.view && f.view],
    ['page', f.page > 1 && f.page],
  ]);
  return qs ? `${path}?${qs}` : path;
}

export interface ApiQueryOptions {
  /** Include page and per_page (the results); false for the map's markers. */
  paging?: boolean;
  partner?: string;
}

/** The GET query of /api/properties as ordered pairs (the reverse of catalogue-reads' searchFromQuery). */
export function searchQueryPairs(f: SearchFilters, { paging = true, partner }: ApiQueryOptions = {}): Array<[string, string]> {
  return keptPairs([
    ['account_id', SEARCH_ACCOUNT_ID],
    ['cat', f.cat.length > 0 && f.cat.join(',')],
    ['country', f.esGeo.country],
    ['region', f.esGeo.country && f.esGeo.region],
    ['town', f.esGeo.country && f.esGeo.region && f.esGeo.town],
    ...narrowingPairs(f),
    ['page', paging && f.page > 1 && f.page],
    ['per_page', paging && PER_PAGE_DEFAULT],
    ['partner', partner],
  ]);
}

/** The GET query string of /api/properties (and, without paging, of the map's markers). */
export function searchToQuery(filters: SearchFilters, options: ApiQueryOptions = {}): string {
  return queryString(searchQueryPairs(filters, options));
}

// --- the routes -----------------------------------------------------------------

/** The section's search root for a route prefix ('', '/old', '/:partner') and its params. */
export function searchRoot(prefix: string, params: RouteParams): string {
  return `${prefix.replace(':partner', params.partner ?? '')}/search`;
}

/**
 * The data needs of a search route (routes.ts): the results and the place
 * tree (with the place the path names, for the heading). A place path that
 * cannot name a place is 404; a GET form's place fields move (301) to the
 * readable URL of the same search.
 */
export function searchNeeds(prefix: string, form: SearchUrlForm, params: RouteParams, query: URLSearchParams): DataNeed[] {
  if (readPath(params['*'], form).geo === null) throw new HttpError(404, NOT_FOUND_MESSAGE);
  const filters = parseSearchUrl(params, query, form);
  if (hasGeoQuery(query)) throw new Redirect(searchHref(searchRoot(prefix, params), filters), 301);
  return searchDataNeeds(filters, params.partner);
}

/** The two reads of a search page, also used by the page itself as its filters change. */
export function searchDataNeeds(filters: SearchFilters, partner: string | undefined): DataNeed[] {
  const place = geoSegments(filters.esGeo).join('/');
  const withPartner: Record<string, string> = partner ? { partner } : {};
  return [
    { endpoint: '/api/properties', query: Object.fromEntries(searchQueryPairs(filters, { partner })) },
    { endpoint: '/api/geo-url', query: place ? { path: place, ...withPartner } : withPartner },
  ];
}
