// The ids of the search page's two forms, which the filters' toggle controls: in a module of
// their own, so that naming them loads neither form's code.
export const SEARCH_FORM_ID = 'search-form';
export const PLACE_NAME_FORM_ID = 'place-name-form';
