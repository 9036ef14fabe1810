// The search page's filter form, the chips of the filters in use and the pages
// of results, loaded by
// the browser on first use (LazySearchParts.browser.tsx, lib/island.tsx;
// docs/decisions/parts-taken-over-on-first-use.md). The server renders them in
// full, in the frame the browser keeps until then.
import { framed } from '../../lib/island-frame.tsx';
import { showsMoreFilters } from '../../../shared/search-url.ts';
import { SearchForm as Form, moreFilters } from './SearchForm.tsx';
import { FilterChips as Chips } from './FilterChips.tsx';
import { Pagination as Pages } from './Pagination.tsx';

export const SearchForm = framed(Form);
export const FilterChips = framed(Chips);
export const Pagination = framed(Pages);

/** Before the server's render: the "more filters" fields' code when the address shows them. */
export function prepareSearchForm(query: URLSearchParams): Promise<unknown> | null {
  return showsMoreFilters(query) ? moreFilters.load() : null;
}
