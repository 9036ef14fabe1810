// Where a typed place name leads (issue 22): the search entry's GET form sends
// `/places?q=Torrevieja&cat=…&priceto=…` to its section. The server and the
// client resolve it alike from the route table: no name, the section's whole
// search; a name the catalogue's places answer with one place meant, that
// place's readable search (302: tomorrow's catalogue may answer otherwise);
// else the page lists the places it may mean, each a link to its search.
import type { PlaceMatch, PlaceMatchesAnswer, PlaceRef } from './catalogue.ts';
import { Redirect } from './errors.ts';
import { providePlaceChoiceReads, type DataNeed, type RouteParams } from './routes.ts';
import { geoFromSegments, parseSearchUrl, searchHref, searchRoot, type SearchFilters } from './search-url.ts';

/** The longest typed name read (the read refuses more); a place's name is far shorter. */
const TYPED_MAX = 100;

/** The typed name of a place-choice address, trimmed ('' when none). */
export function typedPlace(query: URLSearchParams): string {
  return (query.get('q') ?? '').trim().slice(0, TYPED_MAX);
}

/** The filters a search entry sends beside the name (type, budget, …): a new place starts at page one of the whole place. */
export function entryFilters(query: URLSearchParams): Partial<SearchFilters> {
  const { cat, bedrooms, bathrooms, pricefrom, priceto, sort, view } = parseSearchUrl({}, query);
  return { cat, bedrooms, bathrooms, pricefrom, priceto, sort, view };
}

/** The readable search of `place` under the section's search root, the entry's other filters kept. */
export function placeSearchHref(root: string, place: Pick<PlaceRef, 'path'>, query: URLSearchParams): string {
  return searchHref(root, { ...entryFilters(query), esGeo: geoFromSegments(place.path.split('/')) ?? {} });
}

/** The place a typed name means without asking: the only one found, or the only one it names wholly. */
export function meantPlace(matches: PlaceMatch[]): PlaceMatch | null {
  if (matches.length === 1) return matches[0]!;
  const exact = matches.filter((m) => m.exact);
  return exact.length === 1 ? exact[0]! : null;
}

/** The read of a place-choice address: the places its name may mean (none without a name). */
export function placeChoiceNeeds(params: RouteParams, query: URLSearchParams): DataNeed[] {
  const q = typedPlace(query);
  if (!q) return [];
  return [{ endpoint: '/api/places', query: params.partner ? { q, partner: params.partner } : { q } }];
}

/**
 * After the read, where the address of the section at `prefix` leads: without
 * a name the whole search, with one place meant its search, else null (the
 * page lists the places).
 */
export function placeChoiceMove(prefix: string, answers: unknown[], params: RouteParams, query: URLSearchParams): Redirect | null {
  const root = searchRoot(prefix, params);
  const answer = answers[0] as PlaceMatchesAnswer | undefined;
  if (!answer) return new Redirect(searchHref(root, entryFilters(query)));
  const place = meantPlace(answer.data);
  return place ? new Redirect(placeSearchHref(root, place, query)) : null;
}

// The /places route's reads (routes.ts): known wherever this module is loaded.
providePlaceChoiceReads({ placeChoiceNeeds, placeChoiceMove });
