// The area a map shows, as the search's bbox parameter: 'west,south,east,north'.

export interface Bounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

const round = (value: number) => String(Math.round(value * 1e5) / 1e5);
const clamp = (value: number, limit: number) => Math.max(-limit, Math.min(limit, value));

/**
 * Clamped to the world (a map zoomed far out shows longitudes past ±180) and
 * rounded to about a metre, so that a URL stays short and equal views give
 * equal searches.
 */
export function bboxParam({ west, south, east, north }: Bounds): string {
  let w = clamp(west, 180);
  let e = clamp(east, 180);
  const s = clamp(south, 90);
  const n = clamp(north, 90);
  // A view wider than the world, or across the antimeridian: all longitudes.
  if (east - west >= 360 || w >= e) [w, e] = [-180, 180];
  return [w, s, e, n].map(round).join(',');
}
