// Straight-line distances from a development to the sea and to the nearest
// airport (issue 23), computed at import (unit-rows.ts) and stored, never per
// request. The coast is read from coast.json (made by `npm run generate-coast`
// from the packaged maps: coast-from-maps.ts), straight segments between
// points ~1–2 km apart: a distance is good to about half a kilometre, which
// the page says by calling it a straight line.
import fs from 'node:fs';
import { AIRPORTS, type Airport } from './airports.ts';
import { serverFile } from '../paths.ts';

const KM_PER_DEGREE_LAT = 110.574;
const KM_PER_DEGREE_LNG = 111.32;
/** Grid cells of the segment index, in degrees. */
const CELL = 0.25;
/** Farther than this from the coast, the distance is not worth stating (inland Spain). */
const MAX_COAST_KM = 150;
/** [lng1, lat1, lng2, lat2] */
export type Segment = [number, number, number, number];

/** Point-to-segment distance in km, on a plane tangent at the point (exact enough below a few hundred km). */
function segmentKm(lat: number, lng: number, [x1, y1, x2, y2]: Segment): number {
  const kx = KM_PER_DEGREE_LNG * Math.cos((lat * Math.PI) / 180);
  const ax = (x1 - lng) * kx;
  const ay = (y1 - lat) * KM_PER_DEGREE_LAT;
  const bx = (x2 - lng) * kx;
  const by = (y2 - lat) * KM_PER_DEGREE_LAT;
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len2));
  return Math.hypot(ax + t * dx, ay + t * dy);
}

/** Segments in a grid of CELL-degree cells, each in every cell its bounding box touches. */
export class SegmentGrid {
  private readonly cells = new Map<string, Segment[]>();

  constructor(segments: Segment[]) {
    for (const s of segments) {
      const [x0, x1] = [Math.min(s[0], s[2]), Math.max(s[0], s[2])];
      const [y0, y1] = [Math.min(s[1], s[3]), Math.max(s[1], s[3])];
      for (let cx = Math.floor(x0 / CELL); cx <= Math.floor(x1 / CELL); cx++)
        for (let cy = Math.floor(y0 / CELL); cy <= Math.floor(y1 / CELL); cy++) {
          const key = `${cx},${cy}`;
          const list = this.cells.get(key);
          if (list) list.push(s);
          else this.cells.set(key, [s]);
        }
    }
  }

  /** The nearest segment's distance within `maxKm`, or null: rings of cells outwards until none nearer can be left. */
  nearestKm(lat: number, lng: number, maxKm: number): number | null {
    const cx = Math.floor(lng / CELL);
    const cy = Math.floor(lat / CELL);
    // The narrower side of a cell here: a ring r cells out is at least (r - 1) of them away.
    const cellKm = CELL * Math.min(KM_PER_DEGREE_LAT, KM_PER_DEGREE_LNG * Math.cos((Math.abs(lat) * Math.PI) / 180));
    let best = Infinity;
    for (let r = 0; (r - 1) * cellKm <= Math.min(best, maxKm); r++)
      for (let x = cx - r; x <= cx + r; x++)
        for (let y = cy - r; y <= cy + r; y++) {
          if (Math.max(Math.abs(x - cx), Math.abs(y - cy)) !== r) continue;
          for (const s of this.cells.get(`${x},${y}`) ?? []) best = Math.min(best, segmentKm(lat, lng, s));
        }
    return best <= maxKm ? best : null;
  }
}

export const COAST_FILE = serverFile('geo/coast.json');

export interface CoastFile {
  source: string;
  segments: Segment[];
}

let coast: SegmentGrid | null = null;

/** Spain's coast, read once per process on first use. */
function coastGrid(): SegmentGrid {
  coast ??= new SegmentGrid((JSON.parse(fs.readFileSync(COAST_FILE, 'utf8')) as CoastFile).segments);
  return coast;
}

/** Great-circle distance in km. */
export function kmBetween(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The straight-line distance to Spain's coast in km, or null beyond MAX_COAST_KM. */
export function coastKm(lat: number, lng: number): number | null {
  return coastGrid().nearestKm(lat, lng, MAX_COAST_KM);
}

export function nearestAirport(lat: number, lng: number): { airport: Airport; km: number } {
  let best = { airport: AIRPORTS[0]!, km: Infinity };
  for (const airport of AIRPORTS) {
    const km = kmBetween(lat, lng, airport.lat, airport.lng);
    if (km < best.km) best = { airport, km };
  }
  return best;
}

export interface Distances {
  /** To the coast, km, one decimal; null: unknown or farther than MAX_COAST_KM. */
  beach_km: number | null;
  /** The nearest airport's IATA code and its distance, km, whole. */
  airport: string | null;
  airport_km: number | null;
}

const NONE: Distances = { beach_km: null, airport: null, airport_km: null };

/** Decimals a coordinate was given with: 37.98 has 2 (about a kilometre), 37.9787 has 4. */
const decimals = (value: number) => (String(value).split('.')[1] ?? '').length;

/**
 * Whether a position is too coarse to place a home: fewer than three decimals in either
 * coordinate is a kilometre or more (a town's, a postcode's). A precise coordinate that
 * ends in zeros reads as coarse too: one in a thousand, and it says only "approximate".
 */
export function coarsePosition(lat: number | null, lng: number | null): boolean {
  return lat !== null && lng !== null && (decimals(lat) < 3 || decimals(lng) < 3);
}

/** A development's distances from its position; none without one. */
export function distancesOf(lat: number | null, lng: number | null): Distances {
  if (lat === null || lng === null) return NONE;
  const beach = coastKm(lat, lng);
  const { airport, km } = nearestAirport(lat, lng);
  return {
    beach_km: beach === null ? null : Math.round(beach * 10) / 10,
    airport: km <= 400 ? airport.code : null,
    airport_km: km <= 400 ? Math.round(km) : null,
  };
}
