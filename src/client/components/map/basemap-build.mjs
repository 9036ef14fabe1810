// The maps' first-party basemap (issue 10): land, country borders and Spain's
// province lines as one small GeoJSON, drawn by Leaflet under the markers
// before the visitor allows third-party tiles, and whenever tiles fail.
// Built from packaged public data, never fetched: Natural Earth 1:50m
// (world-atlas, public domain) for land and borders, IGN's provinces
// (es-atlas) for Spain's inner lines. Cut to Spain and its neighbours
// (Canary Islands included), simplified and rounded to 3 decimals (~100 m).
// Plain JavaScript: build.mjs runs it under node without a TypeScript loader.
import { createRequire } from 'node:module';
import { feature, merge, mesh } from 'topojson-client';

const require = createRequire(import.meta.url);

/** West, south, east, north: the Canaries to the Alps' foot, Algiers to Bordeaux. */
export const BASEMAP_BOUNDS = [-19.5, 26.5, 6.5, 45.5];
/** Degrees: points closer than this to the line through their neighbours go (about 1 km). */
const TOLERANCE = 0.01;
const round = (v) => Math.round(v * 1000) / 1000;

/** Douglas–Peucker on an open line of [lng, lat] points. */
function simplifyLine(points, tolerance) {
  if (points.length <= 2) return points;
  const keep = new Uint8Array(points.length);
  keep[0] = keep[points.length - 1] = 1;
  const stack = [[0, points.length - 1]];
  const tol2 = tolerance * tolerance;
  while (stack.length) {
    const [first, last] = stack.pop();
    const [ax, ay] = points[first];
    const [bx, by] = points[last];
    const dx = bx - ax;
    const dy = by - ay;
    const len2 = dx * dx + dy * dy;
    let worst = -1;
    let index = -1;
    for (let i = first + 1; i < last; i++) {
      const [px, py] = points[i];
      let d2;
      if (len2 === 0) d2 = (px - ax) ** 2 + (py - ay) ** 2;
      else {
        const tt = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2));
        d2 = (px - ax - tt * dx) ** 2 + (py - ay - tt * dy) ** 2;
      }
      if (d2 > worst) [worst, index] = [d2, i];
    }
    if (worst > tol2) {
      keep[index] = 1;
      stack.push([first, index], [index, last]);
    }
  }
  return points.filter((_, i) => keep[i]);
}

/** A closed ring, simplified in two halves (split at its farthest point from the start). */
function simplifyRing(ring, tolerance) {
  const open = ring.slice(0, -1);
  if (open.length < 4) return ring;
  let far = 0;
  let best = -1;
  for (let i = 1; i < open.length; i++) {
    const d = (open[i][0] - open[0][0]) ** 2 + (open[i][1] - open[0][1]) ** 2;
    if (d > best) [best, far] = [d, i];
  }
  const a = simplifyLine(open.slice(0, far + 1), tolerance);
  const b = simplifyLine([...open.slice(far), open[0]], tolerance);
  return [...a, ...b.slice(1)];
}

/** Sutherland–Hodgman: a ring cut to the bounds (a fill only: edges along the cut are never stroked). */
function clipRing(ring, [w, s, e, n]) {
  const edges = [
    [(p) => p[0] >= w, (p, q) => [w, p[1] + ((q[1] - p[1]) * (w - p[0])) / (q[0] - p[0])]],
    [(p) => p[0] <= e, (p, q) => [e, p[1] + ((q[1] - p[1]) * (e - p[0])) / (q[0] - p[0])]],
    [(p) => p[1] >= s, (p, q) => [p[0] + ((q[0] - p[0]) * (s - p[1])) / (q[1] - p[1]), s]],
    [(p) => p[1] <= n, (p, q) => [p[0] + ((q[0] - p[0]) * (n - p[1])) / (q[1] - p[1]), n]],
  ];
  let points = ring.slice(0, -1);
  for (const [inside, cut] of edges) {
    if (!points.length) break;
    const out = [];
    for (let i = 0; i < points.length; i++) {
      const p = points[i];
      const prev = points[(i + points.length - 1) % points.length];
      if (inside(p)) {
        if (!inside(prev)) out.push(cut(prev, p));
        out.push(p);
      } else if (inside(prev)) out.push(cut(prev, p));
    }
    points = out;
  }
  return points.length >= 3 ? [...points, points[0]] : null;
}

/** A line cut to the bounds: the runs of points inside, each with its neighbours outside so it reaches the edge. */
function clipLine(line, [w, s, e, n]) {
  const inside = (p) => p[0] >= w && p[0] <= e && p[1] >= s && p[1] <= n;
  const runs = [];
  let run = null;
  for (let i = 0; i < line.length; i++) {
    if (inside(line[i])) {
      if (!run) run = i > 0 ? [line[i - 1]] : [];
      run.push(line[i]);
    } else if (run) {
      run.push(line[i]);
      runs.push(run);
      run = null;
    }
  }
  if (run) runs.push(run);
  return runs.filter((r) => r.length >= 2);
}

const roundLine = (line) => {
  const out = [];
  for (const [x, y] of line) {
    const p = [round(x), round(y)];
    const last = out[out.length - 1];
    if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p);
  }
  return out;
};

/** Twice the signed area, in square degrees: rings smaller than a few km² are dropped. */
const area = (ring) => {
  let sum = 0;
  for (let i = 1; i < ring.length; i++) sum += ring[i - 1][0] * ring[i][1] - ring[i][0] * ring[i - 1][1];
  return Math.abs(sum) / 2;
};

function lines(multi, bounds) {
  const out = [];
  for (const line of multi.coordinates)
    for (const run of clipLine(line, bounds)) {
      const simple = roundLine(simplifyLine(run, TOLERANCE));
      if (simple.length >= 2) out.push(simple);
    }
  return out;
}

/** The basemap as a GeoJSON FeatureCollection: `land` (MultiPolygons: the neighbours', Spain's), `border` and `province` (MultiLineString). */
export function buildBasemap() {
  const world = require('world-atlas/countries-50m.json');
  const spain = require('es-atlas/es/provinces.json');
  const bounds = BASEMAP_BOUNDS;

  const land = [];
  const spainLand = [];
  const landFeatures = feature(world, world.objects.land);
  const polygons = (landFeatures.features ?? [landFeatures]).flatMap(({ geometry }) =>
    geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates,
  );
  const addPolygons = (into, polygons) => {
    for (const polygon of polygons) {
      const rings = [];
      for (const ring of polygon) {
        const clipped = clipRing(ring, bounds);
        if (!clipped) continue;
        const simple = roundLine(simplifyRing(clipped, TOLERANCE));
        if (simple.length >= 4 && area(simple) > 0.0005) rings.push(simple);
        else if (!rings.length) break; // no outer ring, no holes
      }
      if (rings.length) into.push(rings);
    }
  };
  addPolygons(land, polygons);
  // Spain's own coast from IGN, finer than Natural Earth's and matching its
  // province lines: a feature of its own, since one path drawing both with
  // the even-odd rule would make their overlap a hole.
  addPolygons(spainLand, merge(spain, spain.objects.provinces.geometries).coordinates);

  const borders = lines(
    mesh(world, world.objects.countries, (a, b) => a !== b),
    bounds,
  );
  const provinces = lines(
    mesh(spain, spain.objects.provinces, (a, b) => a !== b),
    bounds,
  );

  return {
    type: 'FeatureCollection',
    bbox: bounds,
    features: [
      { type: 'Feature', properties: { kind: 'land' }, geometry: { type: 'MultiPolygon', coordinates: land } },
      { type: 'Feature', properties: { kind: 'land' }, geometry: { type: 'MultiPolygon', coordinates: spainLand } },
      { type: 'Feature', properties: { kind: 'border' }, geometry: { type: 'MultiLineString', coordinates: borders } },
      { type: 'Feature', properties: { kind: 'province' }, geometry: { type: 'MultiLineString', coordinates: provinces } },
    ],
  };
}
