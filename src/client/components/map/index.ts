// The maps (issue 4): ResultsMap for the search page, PlaceMap for a property's
// location. Both are client-only (Leaflet loads in an effect); the server
// renders a sized placeholder. Styles: map.css, imported by styles/main.css.
export { ResultsMap, type ResultsMapProps } from './ResultsMap.tsx';
export { PlaceMap, type PlaceMapProps } from './PlaceMap.tsx';
