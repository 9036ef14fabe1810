// The search filter form's id, for the page's own fields that belong to it (the sort) and the
// filters' toggle; SearchForm.tsx takes it as a prop, so that the page names it without bringing
// the form's code, which loads on first use (LazySearchParts.browser.tsx).
export const SEARCH_FORM_ID = 'search-form';
