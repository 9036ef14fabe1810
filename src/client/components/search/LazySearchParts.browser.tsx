// LazySearchParts.tsx in the browser: the server's form kept until first use (a pointer over it
// included: its options' counts are asked for then), then its code, with the "more filters"
// fields' when the address shows them, so that it hydrates what the server sent; the chips and
// the pages of results (links) until first use too.
import { showsMoreFilters } from '../../../shared/search-url.ts';
import { island } from '../../lib/island.tsx';
import { SEARCH_FORM_ID } from './form-id.ts';

const load = (query: URLSearchParams) =>
  import('./SearchForm.tsx').then(
    async (mod) => {
      if (showsMoreFilters(query)) await mod.moreFilters.load();
      return mod.SearchForm;
    },
    // Left to the browser (lib/island.tsx), the server's form shows its submit button again.
    (error: unknown) => {
      document.getElementById(SEARCH_FORM_ID)?.classList.add('search-form--no-code');
      throw error;
    },
  );

export const SearchForm = island(() => load(new URLSearchParams(window.location.search)), { onHover: true });
export const FilterChips = island(() => import('./FilterChips.tsx').then((mod) => mod.FilterChips));
export const Pagination = island(() => import('./Pagination.tsx').then((mod) => mod.Pagination));

// The document holds the server's form: the page the server sent is about to be hydrated.
let sentByServer = document.getElementById(SEARCH_FORM_ID) !== null;

/**
 * Before a render of the page: nothing for the page the server sent (its form waits for first
 * use); the form's code for a page a client navigation renders, which then shows it at once.
 */
export function prepareSearchForm(query: URLSearchParams): Promise<unknown> | null {
  if (sentByServer) {
    sentByServer = false;
    return null;
  }
  return Promise.all([SearchForm.preload(), load(query)]);
}
