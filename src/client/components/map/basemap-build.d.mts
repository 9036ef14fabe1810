// Types of basemap.mjs, for the TypeScript that imports it (its test).
export const BASEMAP_BOUNDS: [number, number, number, number];
export function buildBasemap(): GeoJSON.FeatureCollection<
  GeoJSON.MultiPolygon | GeoJSON.MultiLineString,
  { kind: 'land' | 'border' | 'province' }
>;
