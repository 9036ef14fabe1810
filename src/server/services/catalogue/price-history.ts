// POST /api/project/price-history: each unit's price and status over time, from
// unit_history (migration 0013). The store keeps changes only, so a unit's
// first point is rebuilt: at units.created_at, with the values before its
// first change (or its values now when it never changed).
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import type { HistoryStatus, PricePoint, UnitPriceHistory } from '../../../shared/price-history.ts';
import { unitQuery } from './project.ts';
import { runKept } from '../../store/kept-queries.ts';

interface Change {
  changed_at: string;
  price_before: number;
  price: number;
  status_before: HistoryStatus;
  status: HistoryStatus;
}

/** A unit's points: its first sight, then one per change (already in the order they were recorded). */
function pointsOf(createdAt: string, now: { price: number; status: HistoryStatus }, changes: Change[]): PricePoint[] {
  const first = changes[0];
  return [
    first
      ? { date: createdAt, price: Number(first.price_before), status: first.status_before }
      : { date: createdAt, price: now.price, status: now.status },
    ...changes.map((c) => ({ date: c.changed_at, price: Number(c.price), status: c.status })),
  ];
}

/**
 * The history of every unit of project `id` the feed ever listed while it was
 * recorded; null when the project is not listed (unknown, withdrawn or outside the request's scope).
 * A unit whose every point is 'withdrawn' (withdrawn before history was kept)
 * is left out: there is nothing to tell about it.
 */
export async function projectPriceHistory(db: Kysely<Database>, id: number, listed: Promise<boolean>): Promise<UnitPriceHistory[] | null> {
  if (!(await listed)) return null;
  // One row per unit and change (a unit never changed: one row without a change), in the order recorded.
  // By unit, not by unit_history.project_id: a unit moved to another development keeps its past.
  const rows = await runKept(db, 'price-history', [id] as const, ([project]) =>
    unitQuery(db, project)
      .leftJoin('unit_history as h', 'h.unit_id', 'u.id')
      .select(['u.price', 'u.status', 'u.withdrawn_at', 'u.created_at'])
      .select(['h.changed_at', 'h.price_before', 'h.price as changed_price', 'h.status_before', 'h.status as changed_status'])
      .orderBy('u.id')
      .orderBy('h.id'),
  );
  const units: typeof rows = [];
  const byUnit = new Map<number, Change[]>();
  for (const r of rows) {
    if (units.at(-1)?.id !== r.id) units.push(r);
    if (r.changed_at === null) continue;
    const change: Change = {
      changed_at: r.changed_at,
      price_before: r.price_before!,
      price: r.changed_price!,
      status_before: r.status_before!,
      status: r.changed_status!,
    };
    const list = byUnit.get(r.id);
    if (list) list.push(change);
    else byUnit.set(r.id, [change]);
  }
  return units
    .map((u): UnitPriceHistory => {
      const now = { price: Number(u.price), status: u.withdrawn_at === null ? u.status : ('withdrawn' as const) };
      return {
        id: u.id,
        ref: u.ref,
        category: { id: u.category_id, key: u.category_key },
        // The store keeps 0 for a count the feed does not give.
        bedrooms: u.bedrooms > 0 ? u.bedrooms : null,
        ...now,
        points: pointsOf(u.created_at, now, byUnit.get(u.id) ?? []),
      };
    })
    .filter((u) => u.points.some((p) => p.status !== 'withdrawn'))
    .sort((a, b) => Number(a.status === 'withdrawn') - Number(b.status === 'withdrawn') || a.price - b.price || a.id - b.id);
}
