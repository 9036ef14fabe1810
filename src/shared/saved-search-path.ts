// The one form a saved search takes (saved-searches.ts): the address of its
// search page under /search. Apart from saved-searches.ts so that the search
// page, which only writes it ("Save this search"), loads none of the rest.
import type { DeliveryBy } from './features.ts';
import { DEFAULT_SEARCH, searchHref, type SearchFilters } from './search-url.ts';

/** The filters a saved search keeps (SPEC §3, and issue 22's), and the map area. */
export type SavedFilters = Pick<
  SearchFilters,
  'cat' | 'esGeo' | 'bedrooms' | 'bathrooms' | 'pricefrom' | 'priceto' | 'features' | 'stage' | 'builtfrom' | 'beach'
> & { bbox?: string; delivery?: DeliveryBy };

export function savedFilters(f: SearchFilters | SavedFilters): SavedFilters {
  const { cat, esGeo, bedrooms, bathrooms, pricefrom, priceto, bbox, features, stage, delivery, builtfrom, beach } = f;
  return {
    cat,
    esGeo,
    bedrooms,
    bathrooms,
    pricefrom,
    priceto,
    features,
    stage,
    builtfrom,
    beach,
    ...(bbox ? { bbox } : {}),
    ...(delivery ? { delivery } : {}),
  };
}

/** The canonical form: the search page's address under /search, without sort, view and page. */
export function savedSearchPath(f: SearchFilters | SavedFilters): string {
  return searchHref('/search', { ...DEFAULT_SEARCH, ...savedFilters(f) });
}
