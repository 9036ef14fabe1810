// The catalogue's reads (SPEC §7, issue 3): /api/properties, /api/map-markers,
// /api/geo-url, /api/property, /api/project/units, /api/project/price-history and
// /api/project/files. Each answers POST with the JSON body the spec names, GET
// with the same parameters in the query string, and a page's data need
// in-process (api/reads.ts).
//
// The query-string form of a search is flat and all strings:
//   cat=1,12&country=spain&region=alicante&town=torrevieja&bedrooms=2&bathrooms=1
//   &pricefrom=100000&priceto=400000&sort=price_asc&page=2&per_page=12&account_id=1
//   &bbox=-0.9,37.8,-0.6,38.1   (west,south,east,north; the body's bbox is that tuple)
//   &view=-1,37.5,0,38.5&zoom=9 (the map's: the area drawn, the same form, and its zoom)
// queryForm() turns it into the body's shape before validation, so both
// forms meet the same struct and a bad value is a 400 naming its field.
import { coerce, refine, record, string, unknown, type Struct } from 'superstruct';
import { FacetSearch, GeoUrlQuery, MarkerSearch, ProjectDetailQuery, ProjectQuery, PropertySearch } from '../../shared/catalogue.ts';
import { HttpError, NOT_FOUND_MESSAGE, PARTNER_NOT_FOUND_MESSAGE } from '../../shared/errors.ts';
import { read, type ReadContext } from './read.ts';
import type { Scope } from '../services/catalogue/index.ts';
import type { ReadAnswers, ReadPath } from '../../shared/reads.ts';

// --- the query-string form ------------------------------------------------------

type QueryValue = string | string[];

/** Input that is all strings (a parsed query string, a page's data need): the GET form. */
const QueryString = refine(record(string(), unknown()), 'QueryString', (value) =>
  Object.values(value).every((v) => typeof v === 'string' || (Array.isArray(v) && v.every((s) => typeof s === 'string'))),
);

/** '12' → 12; anything else is left as it is, for the struct to refuse by name. */
function toNumber(value: QueryValue): unknown {
  if (typeof value !== 'string') return value;
  const s = value.trim();
  return /^-?\d+(\.\d+)?$/.test(s) ? Number(s) : value;
}

/** cat=1,12 or cat=1&cat=12; an empty value is an empty list. */
function toList(value: QueryValue): unknown[] {
  return (Array.isArray(value) ? value : [value])
    .flatMap((v) => v.split(','))
    .filter((v) => v.trim() !== '')
    .map(toNumber);
}

const GEO_KEY = /^(?:esGeo(?:\[(country|region|town)\]|\.(country|region|town))|(country|region|town))$/;

/**
 * The GET form of a search → the PropertySearch body. An empty parameter
 * counts as absent (a form's untouched field); the place slugs may be given
 * flat (country=) or as esGeo[country]= / esGeo.country=.
 */
export function searchFromQuery(query: Record<string, QueryValue>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const geo: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === '') continue;
    const geoKey = GEO_KEY.exec(key);
    if (geoKey) geo[(geoKey[1] ?? geoKey[2] ?? geoKey[3])!] = value;
    else if (key === 'cat') body.cat = toList(value);
    else if (key === 'features' || key === 'stage') body[key] = String(value).split(',');
    else if (key === 'bbox' || key === 'view') body[key] = toList(value);
    else if (NUMERIC.has(key)) body[key] = toNumber(value);
    else body[key] = value;
  }
  if (Object.keys(geo).length) body.esGeo = geo;
  return body;
}
const NUMERIC = new Set([
  'account_id',
  'bedrooms',
  'bathrooms',
  'pricefrom',
  'priceto',
  'builtfrom',
  'beach',
  'page',
  'per_page',
  'id',
  'zoom',
]);

/** The GET form of the other reads: id=42 → { id: 42 }, other values as they are. */
function fieldsFromQuery(query: Record<string, QueryValue>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) if (value !== '') body[key] = NUMERIC.has(key) ? toNumber(value) : value;
  return body;
}

/** A body struct that also accepts the GET form, converted by `parse`. */
function queryForm<T, S>(struct: Struct<T, S>, parse: (query: Record<string, QueryValue>) => Record<string, unknown>): Struct<T, S> {
  return coerce(struct, QueryString, (value) => parse(value as Record<string, QueryValue>));
}

// --- the reads --------------------------------------------------------------------

/** The partner of the request and what it may show; a partner slug naming nobody is 404. */
export async function scopeOf(ctx: ReadContext, slug: string | undefined): Promise<Scope> {
  const partner = await ctx.partner(slug);
  if (slug && !partner) throw new HttpError(404, PARTNER_NOT_FOUND_MESSAGE);
  return ctx.services.catalogue.scope(partner?.id, await ctx.versions());
}

function found<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new HttpError(404, NOT_FOUND_MESSAGE);
  return value;
}

/** `{id, partner?}` as a body or as a query string: the project reads' input. */
export const ProjectReadQuery = queryForm(ProjectQuery, fieldsFromQuery);

/**
 * A read of a part of one project (its units, price history, files): `part`
 * answers for a project whose listing within the request's scope is `listed`
 * (asked once per request: ReadContext.listed), null for none (404).
 */
function projectRead<P extends ReadPath>(
  path: P,
  personal: boolean,
  part: (id: number, listed: Promise<boolean>, ctx: ReadContext) => Promise<ReadAnswers[P] | null>,
) {
  return read({
    path,
    query: ProjectReadQuery,
    personal,
    async handler(input, ctx) {
      const scope = await scopeOf(ctx, input.partner);
      return found(await part(input.id, ctx.listed(input.id, scope), ctx));
    },
  });
}

export const catalogueReads = {
  '/api/properties': read({
    path: '/api/properties',
    query: queryForm(PropertySearch, searchFromQuery),
    personal: false,
    async handler(input, ctx) {
      return ctx.services.catalogue.search(input, await scopeOf(ctx, input.partner), (await ctx.versions()).catalogue);
    },
  }),
  '/api/facets': read({
    path: '/api/facets',
    query: queryForm(FacetSearch, searchFromQuery),
    personal: false,
    async handler(input, ctx) {
      return { data: await ctx.services.catalogue.facets(input, await scopeOf(ctx, input.partner), (await ctx.versions()).catalogue) };
    },
  }),
  '/api/map-markers': read({
    path: '/api/map-markers',
    query: queryForm(MarkerSearch, searchFromQuery),
    personal: false,
    async handler(input, ctx) {
      return ctx.services.catalogue.markers(input, await scopeOf(ctx, input.partner), (await ctx.versions()).catalogue);
    },
  }),
  '/api/geo-url': read({
    path: '/api/geo-url',
    query: queryForm(GeoUrlQuery, fieldsFromQuery),
    personal: false,
    async handler(input, ctx) {
      const scope = await scopeOf(ctx, input.partner);
      return found(await ctx.services.catalogue.places(input.path, scope, (await ctx.versions()).catalogue));
    },
  }),
  '/api/property': read({
    path: '/api/property',
    query: queryForm(ProjectDetailQuery, fieldsFromQuery),
    personal: false,
    async handler(input, ctx) {
      const scope = await scopeOf(ctx, input.partner);
      const project = ctx.services.catalogue.project(input.id, scope, input.lang);
      // The detail's own read says whether it is listed: the page's other reads of the project ask no more.
      ctx
        .listed(
          input.id,
          scope,
          project.then((p) => p !== null),
        )
        .catch(() => undefined);
      return { data: found(await project) };
    },
  }),
  '/api/project/units': projectRead('/api/project/units', false, async (id, listed, ctx) => {
    const data = await ctx.services.catalogue.units(id, listed);
    return data && { data };
  }),
  '/api/project/price-history': projectRead('/api/project/price-history', false, async (id, listed, ctx) => {
    const data = await ctx.services.catalogue.priceHistory(id, listed);
    return data && { data };
  }),
  // The download addresses are for logged-in clients only. A request with a session is
  // private and never stored (http/caching.ts), so the anonymous answer, addresses
  // locked, is the one a CDN may keep: the property page stays cacheable.
  '/api/project/files': projectRead('/api/project/files', false, (id, listed, ctx) =>
    ctx.services.catalogue.files(id, Boolean(ctx.client), listed),
  ),
};
