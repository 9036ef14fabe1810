// A unit whose feed id changed (a CRM export renumbered) while its <ref> and
// its development stayed the same is the same home: at the end of an import,
// each unit the feed no longer lists is paired with a unit this import added
// under the same source, development and ref, when that ref is held by those
// two units only. The stored row takes the new unit's fields and id, and the
// new row goes: the unit keeps its id, so its price history, its created_at
// (alerts do not see it as new) and whatever refers to it stay.
// docs/decisions/renamed-units-keep-their-history.md.
import { sql } from 'kysely';
import type { Trx } from './import-tables.ts';
import { UNIT_COLUMNS } from './unit-changes.ts';

/** Pairs and merges the re-keyed units of `source`; answers how many there were. */
export async function rekeyUnits(db: Trx, source: string, now: string): Promise<number> {
  const live = sql`u.source = ${source} and u.withdrawn_at is null`;
  await sql`insert into import_rekeyed (old_id, new_id, feed_id)
    select o.id, n.id, n.feed_id
    from units o
    join units n on n.source = o.source and n.project_id = o.project_id and n.ref = o.ref
    join import_added a on a.feed_id = n.feed_id
    where o.source = ${source} and o.withdrawn_at is null and o.ref is not null
      and not exists (select 1 from import_seen s where s.feed_id = o.feed_id)
      and (select count(*) from units u where ${live} and u.project_id = o.project_id and u.ref = o.ref) = 2`.execute(db);
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from import_rekeyed`.execute(db);
  const count = Number(rows[0]?.n ?? 0);
  if (!count) return 0;

  await sql`insert into unit_history (unit_id, project_id, changed_at, price_before, price, status_before, status)
    select o.id, n.project_id, ${now}, o.price, n.price, o.status, n.status
    from import_rekeyed r join units o on o.id = r.old_id join units n on n.id = r.new_id
    where o.price <> n.price or o.status <> n.status`.execute(db);
  // The new row's fields onto the stored one; its feed id once the new row is gone (it is unique).
  const assignments = sql.join(UNIT_COLUMNS.map((c) => sql`${sql.ref(c)} = n.${sql.ref(c)}`));
  await sql`update units set ${assignments}
    from import_rekeyed r, units n where units.id = r.old_id and n.id = r.new_id`.execute(db);
  await sql`delete from units where id in (select new_id from import_rekeyed)`.execute(db);
  await sql`update units set feed_id = (select r.feed_id from import_rekeyed r where r.old_id = units.id)
    where id in (select old_id from import_rekeyed)`.execute(db);
  return count;
}
