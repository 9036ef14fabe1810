// The demo's kinds of development and their units: rooms, areas, floor,
// price and status, by kind, area and stage, and the delivery date.
import type { Area, DevelopmentKind } from './areas.ts';
import { int, pick, weighted, type Random } from './prng.ts';

export type Stage = 'off_plan' | 'under_construction' | 'key_ready';

const ORDINALS = ['Ground', '1st', '2nd', '3rd', '4th', '5th', '6th', '7th', '8th', '9th', '10th'];

export interface KindSpec {
  units: [number, number];
  /** Plural noun for descriptions. */
  noun: string;
  /** The scene of its main picture (see svg.ts). */
  scene: string;
  communal: boolean;
}

export const KINDS: Record<DevelopmentKind, KindSpec> = {
  apartments: { units: [8, 22], noun: 'apartments', scene: 'apartment', communal: true },
  villas: { units: [3, 9], noun: 'villas', scene: 'villa', communal: false },
  'luxury-villa': { units: [1, 2], noun: 'luxury villas', scene: 'villa', communal: false },
  townhouses: { units: [6, 14], noun: 'townhouses', scene: 'townhouse', communal: true },
  bungalows: { units: [8, 18], noun: 'bungalows', scene: 'bungalow', communal: true },
  quads: { units: [8, 14], noun: 'quad houses', scene: 'townhouse', communal: true },
  plots: { units: [2, 5], noun: 'building plots', scene: 'land', communal: false },
  'country-houses': { units: [1, 3], noun: 'country houses', scene: 'villa', communal: false },
};

export interface Unit {
  type: string;
  beds: number;
  baths: number;
  built: number | null;
  plot: number | null;
  terrace: number | null;
  solarium: number | null;
  garden: number | null;
  floor: string | null;
  pool: boolean;
  price: number;
  status: 'available' | 'reserved' | 'sold';
}

export function unit(rand: Random, kind: DevelopmentKind, area: Area, i: number, count: number, stage: Stage): Unit {
  const m2 = area.pricePerM2;
  let u: Unit;
  switch (kind) {
    case 'apartments': {
      const floors = Math.max(2, Math.ceil(count / 4));
      const floor = Math.floor(i / 4);
      const top = floor === floors - 1 && count > 4;
      const beds = top
        ? int(rand, 2, 3)
        : weighted(rand, [
            { b: 1, weight: 2 },
            { b: 2, weight: 5 },
            { b: 3, weight: 3 },
          ]).b;
      const built = 38 + beds * 20 + int(rand, 0, 14) + (top ? 10 : 0);
      u = {
        type: top ? 'Penthouse' : floor === 0 && rand() < 0.5 ? 'Ground Floor Apartment' : rand() < 0.15 ? 'Flat' : 'Apartment',
        beds,
        baths: beds >= 2 ? 2 : 1,
        built,
        plot: null,
        terrace: top ? int(rand, 15, 30) : int(rand, 8, 22),
        solarium: top ? int(rand, 35, 80) : null,
        garden: floor === 0 ? int(rand, 20, 60) : null,
        floor: top ? 'Top' : (ORDINALS[floor] ?? `${floor}th`),
        pool: false,
        price: built * m2 * (1 + floor * 0.02) * (top ? 1.15 : 1),
        status: 'available',
      };
      break;
    }
    case 'villas':
    case 'luxury-villa':
    case 'country-houses': {
      const luxury = kind === 'luxury-villa';
      const beds = luxury ? int(rand, 4, 5) : int(rand, 3, 5);
      const built = luxury ? int(rand, 320, 560) : kind === 'country-houses' ? int(rand, 180, 320) : 90 + beds * 30 + int(rand, 0, 50);
      const plot = luxury ? int(rand, 900, 2600) : kind === 'country-houses' ? int(rand, 3000, 12000) : int(rand, 320, 900);
      u = {
        type: kind === 'country-houses' ? 'Country House' : pick(rand, ['Villa', 'Villa', 'Detached Villa']),
        beds,
        baths: Math.min(4, luxury ? beds : beds - int(rand, 0, 1)),
        built,
        plot,
        terrace: int(rand, 20, 70),
        solarium: rand() < 0.6 ? int(rand, 30, 90) : null,
        garden: Math.max(0, plot - built),
        floor: null,
        pool: true,
        price:
          built * m2 * (luxury ? 1.25 : kind === 'country-houses' ? 0.75 : 1.1) + plot * m2 * (kind === 'country-houses' ? 0.02 : 0.08),
        status: 'available',
      };
      break;
    }
    case 'townhouses':
    case 'quads':
    case 'bungalows': {
      const beds = kind === 'townhouses' ? int(rand, 2, 4) : int(rand, 2, 3);
      const ground = kind === 'bungalows' ? i % 2 === 0 : true;
      const built = (kind === 'townhouses' ? 70 : 55) + beds * 14 + int(rand, 0, 16);
      const plot = ground ? int(rand, 70, 180) : null;
      u = {
        type:
          kind === 'quads'
            ? pick(rand, ['Quad House', 'Quad'])
            : kind === 'bungalows'
              ? 'Bungalow'
              : pick(rand, ['Townhouse', 'Town House', 'Semi-Detached', 'Duplex']),
        beds,
        baths: Math.min(3, beds),
        built,
        plot,
        terrace: int(rand, 8, 25),
        solarium: kind === 'bungalows' && ground ? null : int(rand, 20, 50),
        garden: plot !== null ? Math.max(0, plot - Math.round(built / 2)) : null,
        floor: kind === 'bungalows' ? (ground ? 'Ground' : 'Top') : null,
        pool: rand() < 0.25,
        price: built * m2 * 0.95 + (plot ?? 0) * m2 * 0.05,
        status: 'available',
      };
      break;
    }
    case 'plots': {
      const plot = int(rand, 500, 1600);
      u = {
        type: pick(rand, ['Plot', 'Land']),
        beds: 0,
        baths: 0,
        built: null,
        plot,
        terrace: null,
        solarium: null,
        garden: null,
        floor: null,
        pool: false,
        price: plot * m2 * 0.13,
        status: 'available',
      };
      break;
    }
  }
  u.price = Math.round((u.price * (0.93 + rand() * 0.14)) / 1000) * 1000 - (rand() < 0.3 ? 100 : 0);
  const r = rand();
  const soldShare = stage === 'key_ready' ? 0.35 : stage === 'under_construction' ? 0.2 : 0.1;
  u.status = r < soldShare ? 'sold' : r < soldShare + 0.1 ? 'reserved' : 'available';
  return u;
}

export function deliveryDate(rand: Random, stage: Stage): string {
  // Months counted from January 2024.
  const month = stage === 'key_ready' ? int(rand, 2, 17) : stage === 'under_construction' ? int(rand, 20, 35) : int(rand, 28, 54);
  return `${2024 + Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}`;
}
