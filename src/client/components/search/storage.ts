// The visitor's last search, kept in localStorage (SPEC §3): cat, esGeo,
// bathrooms, bedrooms, pricefrom and priceto, each key suffixed with the page's
// context, plus the results view, and `more` for issue 22's filters (features,
// stage, delivery, built area) as a URL's query spells them. Contexts (docs/decisions/search-filters-in-local-storage.md): '1' the main
// site, '2' /old, '4:{slug}' a partner's site (by path or on its own domain),
// so two partners' searches never mix. Everything read back goes through the
// same cleaning as a URL: a corrupt or foreign value is dropped, never trusted.
import {
  DEFAULT_SEARCH,
  SEARCH_VIEWS,
  cleanCategories,
  cleanGeo,
  cleanPrices,
  cleanRooms,
  parseSearchUrl,
  searchHref,
  type SearchFilters,
  type SearchView,
} from '../../../shared/search-url.ts';
import { readStored, writeStored } from '../../lib/local-storage.ts';

export type SavedFilters = Pick<
  SearchFilters,
  'cat' | 'esGeo' | 'bedrooms' | 'bathrooms' | 'pricefrom' | 'priceto' | 'features' | 'stage' | 'delivery' | 'builtfrom' | 'beach'
>;

/** The store's own key number for a context (esGeo1, searchData4, … of SPEC §3). */
export function storeSlot(context: string): 1 | 2 | 4 {
  return context.startsWith('4') ? 4 : context === '2' ? 2 : 1;
}

// Storage missing, full or refused (lib/local-storage.ts): nothing kept; the URL still carries the search.
function read(key: string): unknown {
  const raw = readStored(key);
  try {
    return raw === null ? undefined : (JSON.parse(raw) as unknown);
  } catch {
    return undefined;
  }
}

const write = (key: string, value: unknown): void => writeStored(key, value === undefined ? null : JSON.stringify(value));

export function loadFilters(context: string): SavedFilters {
  // The filters of issue 22, kept in one key as a URL's query spells them, and read as one.
  const { features, stage, delivery, builtfrom, beach } = parseSearchUrl({}, String(read(`more${context}`) ?? ''));
  return {
    cat: cleanCategories(read(`cat${context}`)),
    esGeo: cleanGeo(read(`esGeo${context}`)),
    bedrooms: cleanRooms(read(`bedrooms${context}`)),
    bathrooms: cleanRooms(read(`bathrooms${context}`)),
    ...cleanPrices(read(`pricefrom${context}`), read(`priceto${context}`)),
    features,
    stage,
    builtfrom,
    beach,
    ...(delivery ? { delivery } : {}),
  };
}

/** Keeps a search's filters; those at their default are removed, so "no filter" is remembered too. */
export function saveFilters(context: string, f: SavedFilters): void {
  write(`cat${context}`, f.cat.length ? f.cat : undefined);
  write(`esGeo${context}`, f.esGeo.country ? f.esGeo : undefined);
  write(`bedrooms${context}`, f.bedrooms || undefined);
  write(`bathrooms${context}`, f.bathrooms || undefined);
  write(`pricefrom${context}`, f.pricefrom || undefined);
  write(`priceto${context}`, f.priceto < DEFAULT_SEARCH.priceto ? f.priceto : undefined);
  const more = searchHref('', { features: f.features, stage: f.stage, delivery: f.delivery, builtfrom: f.builtfrom, beach: f.beach }).slice(
    1,
  );
  write(`more${context}`, more || undefined);
}

export function loadView(context: string): SearchView | undefined {
  const value = read(`view${context}`);
  return SEARCH_VIEWS.find((v) => v === value);
}

export function saveView(context: string, view: SearchView): void {
  write(`view${context}`, view === DEFAULT_SEARCH.view ? undefined : view);
}
