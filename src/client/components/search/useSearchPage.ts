// The search page's state: its filters come from the URL (useSearch: a change
// of the query string alone does not re-resolve the route), its results and
// place tree from SWR under the keys the server used, and the filters are kept
// in localStorage per section (storage.ts) and mirrored into the client store.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import useSWR from 'swr';
import type { GeoAnswer, SearchAnswer } from '../../../shared/catalogue.ts';
import { dataKey, type RouteMatch } from '../../../shared/match.ts';
import {
  hasFilters,
  hasGeoQuery,
  parseSearchUrl,
  searchDataNeeds,
  searchHref,
  searchToQuery,
  searchUrlFormOf,
  type SearchFilters,
} from '../../../shared/search-url.ts';
import { storageContext, useHref, useSection } from '../../lib/section.tsx';
import { useStoreApi } from '../../store.tsx';
import { loadFilters, loadView, saveFilters, saveView, storeSlot } from './storage.ts';

export interface NavigateOptions {
  /** For changes made while typing: one history entry, not one per keystroke. */
  replace?: boolean;
}

// The server's answers are in SWR's fallback and Navigator preloads the rest,
// so nothing is fetched on mount; a key that is missing anyway (the URL moved
// under a render) is fetched. `undefined` lifts the app's revalidateOnMount: false.
const SWR_OPTIONS = { revalidateOnMount: undefined } as const;

/**
 * SWR with the last answer kept on screen while the next one loads (no flash).
 * Not SWR's keepPreviousData: that prefers the previous key's answer to the
 * server's answer of the new key (the fallback), e.g. page 2's cards on page 1.
 */
function useLaggingSWR<T>(key: string) {
  const swr = useSWR<T>(key, SWR_OPTIONS);
  // Kept in state, updated during render (React's way to remember a previous render's value).
  const [last, setLast] = useState<T | undefined>(swr.data);
  if (swr.data !== undefined && swr.data !== last) setLast(swr.data);
  return {
    data: swr.data ?? last,
    error: swr.error as unknown,
    /** A new search is loading while the last one's answer is shown. */
    updating: swr.data === undefined && swr.isValidating,
    retry: () => void swr.mutate(),
  };
}

/**
 * The query string of this page's own URL. During a navigation to another
 * path the old page is still mounted for a moment while the URL already shows
 * the new one: its query is not this page's (read with these route params, it
 * would be another search, and would be saved as the visitor's choice).
 */
function useOwnSearch(): string {
  const [location] = useLocation();
  const [ownPath] = useState(location);
  const search = useSearch();
  const [own, setOwn] = useState(search);
  if (location === ownPath && search !== own) setOwn(search);
  return location === ownPath ? search : own;
}

export function useSearchPage(match: RouteMatch) {
  const search = useOwnSearch();
  const [location, navigate] = useLocation();
  const [ownPath] = useState(location);
  const section = useSection();
  const store = useStoreApi();
  const root = useHref('/search');
  const context = storageContext(section);
  const partner = match.params.partner;
  const form = searchUrlFormOf(match.route.name);

  const filters = useMemo(() => parseSearchUrl(match.params, search, form), [match.params, search, form]);
  const [resultsNeed, geoNeed] = searchDataNeeds(filters, partner);
  const results = useLaggingSWR<SearchAnswer>(dataKey(resultsNeed!));
  const geo = useLaggingSWR<GeoAnswer>(dataKey(geoNeed!));

  const hrefFor = useCallback((next: Partial<SearchFilters>) => searchHref(root, { ...filters, ...next }), [root, filters]);

  /** Keeps what the visitor chose before leaving for it, so that "no filter" is kept as a choice too. */
  const remember = useCallback(
    (next: Partial<SearchFilters>) => {
      const f = { ...filters, ...next };
      saveFilters(context, f);
      saveView(context, f.view);
    },
    [filters, context],
  );

  const go = useCallback(
    (next: Partial<SearchFilters>, options: NavigateOptions = {}) => {
      remember(next);
      navigate(hrefFor(next), { replace: options.replace ?? false });
    },
    [remember, navigate, hrefFor],
  );

  useEffect(() => {
    if (location !== ownPath) return; // leaving for another page
    const query = new URLSearchParams(search);
    // A GET form's place fields (a link from another page's form): the readable URL.
    if (hasGeoQuery(query)) return void navigate(hrefFor({}), { replace: true });
    // A URL without filters opens the visitor's last search, and one without a
    // view their last view; what a URL says wins and is kept.
    const restore: Partial<SearchFilters> = {};
    if (query.has('view')) saveView(context, filters.view);
    else {
      const view = loadView(context);
      if (view && view !== filters.view) restore.view = view;
    }
    if (hasFilters(filters)) saveFilters(context, filters);
    else {
      const saved = loadFilters(context);
      if (hasFilters(saved)) Object.assign(restore, saved, { page: 1 });
    }
    if (Object.keys(restore).length) return void navigate(hrefFor(restore), { replace: true });
    const slot = storeSlot(context);
    store.set({ esGeo: filters.esGeo, [`esGeo${slot}`]: filters.esGeo, [`searchData${slot}`]: filters });
  }, [search, filters]); // eslint-disable-line react-hooks/exhaustive-deps -- once per new search; the store, router and context are read as they are then

  return {
    filters,
    form,
    root,
    hrefFor,
    go,
    remember,
    results,
    geo,
    /** The GET query of the search without paging: the map's markers. */
    mapQuery: searchToQuery(filters, { paging: false, ...(partner ? { partner } : {}) }),
  };
}

export type SearchPageState = ReturnType<typeof useSearchPage>;
