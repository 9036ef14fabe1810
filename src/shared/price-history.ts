// A project's price history per unit (issue 13): what POST /api/project/price-history
// answers and the property page shows, and the cards' "Price reduced".
import type { UnitStatus } from './catalogue.ts';
import { DAY_MS } from './durations.ts';

/** A unit's status at a point of its history: 'withdrawn' while the feed did not list it. */
export type HistoryStatus = UnitStatus | 'withdrawn';

export interface PricePoint {
  /** ISO 8601: the unit's first sight, then the import that changed its price or status. */
  date: string;
  price: number;
  status: HistoryStatus;
}

export interface UnitPriceHistory {
  id: number;
  ref: string | null;
  category: { id: number; key: string };
  /** null: the feed does not say. */
  bedrooms: number | null;
  /** Now. */
  price: number;
  status: HistoryStatus;
  /** In date order: the first at the unit's first sight, then one per change. */
  points: PricePoint[];
}

/** POST /api/project/price-history: the units still listed (cheapest first), then the withdrawn ones. */
export interface PriceHistoryAnswer {
  data: UnitPriceHistory[];
}

/** How long a card says "Price reduced" after a drop. */
export const PRICE_REDUCED_DAYS = 30;

/** Whether a drop at `droppedAt` (ISO 8601, or null: none) is recent enough at `now` for the card's label. */
export function priceReduced(droppedAt: string | null, now: number): boolean {
  if (!droppedAt) return false;
  const at = Date.parse(droppedAt);
  return Number.isFinite(at) && at <= now && now - at < PRICE_REDUCED_DAYS * DAY_MS;
}

/** Whether a unit's price or status changed since it was first seen: it has more than its first point. */
export function unitChanged(unit: { points: readonly unknown[] }): boolean {
  return unit.points.length > 1;
}
