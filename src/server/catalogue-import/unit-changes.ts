// What a batch does to the units the store already has under the feed's ids:
// unchanged (same content hash, same development, still listed) is not
// written; otherwise the feed's fields replace the stored ones (UNIT_UPSERT),
// and a new price or status is recorded in unit_history first.
import type { Insertable } from 'kysely';
import type { UnitHistoryTable, UnitStatus } from '../store/schema.ts';
import type { Trx } from './import-tables.ts';

/** The columns the feed decides: what a stored unit takes from the feed (or from its re-keyed twin, unit-rekey.ts). */
export const UNIT_COLUMNS = [
  'project_id',
  'ref',
  'category_id',
  'bedrooms',
  'bathrooms',
  'built_area',
  'plot_area',
  'terrace_area',
  'solarium_area',
  'garden_area',
  'floor',
  'price',
  'status',
  'pool',
  'feed_date',
  'content_hash',
  'updated_at',
] as const;

/** A unit already stored under its (source, feed id) takes the feed's fields, and is live again. */
export const UNIT_UPSERT = `on conflict (source, feed_id) do update set ${UNIT_COLUMNS.map((c) => `${c} = excluded.${c}`).join(', ')}, withdrawn_at = null`;

export interface StoredUnit {
  id: number;
  feed_id: string;
  content_hash: string | null;
  project_id: number;
  price: number;
  status: UnitStatus;
  withdrawn_at: string | null;
}

/** The stored units of `source` among these feed ids, by feed id. */
export async function storedUnits(db: Trx, source: string, feedIds: string[]): Promise<StoredUnit[]> {
  return db
    .selectFrom('units')
    .select(['id', 'feed_id', 'content_hash', 'project_id', 'price', 'status', 'withdrawn_at'])
    .where('source', '=', source)
    .where('feed_id', 'in', feedIds)
    .execute();
}

/** Whether the feed's unit is the stored one as it is: nothing to write. */
export const isUnchanged = (old: StoredUnit | undefined, hash: string, projectId: number): boolean =>
  Boolean(old && old.withdrawn_at === null && old.content_hash === hash && old.project_id === projectId);

/** The history row for a stored unit the feed now gives this price and status; null when neither changed. */
export function historyRow(
  old: StoredUnit,
  projectId: number,
  price: number,
  status: UnitStatus,
  now: string,
): Insertable<UnitHistoryTable> | null {
  const statusBefore = old.withdrawn_at === null ? old.status : 'withdrawn';
  if (old.price === price && statusBefore === status) return null;
  return { unit_id: old.id, project_id: projectId, changed_at: now, price_before: old.price, price, status_before: statusBefore, status };
}
