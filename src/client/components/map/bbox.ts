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

/**
 * The markers' request for what the map shows: `view=w,s,e,n&zoom=z`, the view
 * widened to a grid of one tile's width at that zoom, plus one cell around
 * it. Small pans ask for the same view (cached by the browser and the CDN,
 * shared by visitors), and the markers just outside are drawn already.
 */
export function viewParams(bounds: Bounds, zoom: number): string {
  const z = Math.round(zoom);
  const step = 360 / 2 ** z;
  const down = (v: number) => (Math.floor(v / step) - 1) * step;
  const up = (v: number) => (Math.ceil(v / step) + 1) * step;
  const view = bboxParam({ west: down(bounds.west), south: down(bounds.south), east: up(bounds.east), north: up(bounds.north) });
  return `view=${view}&zoom=${z}`;
}
