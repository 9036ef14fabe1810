// Two instances starting together on one empty database seed the demo once:
// the second waits for the first and then finds it there.
import t from 'tap';
import { createTarget, forEachTarget } from '../../helpers/db.ts';
import type { Store } from '../../../src/server/store/db.ts';
import { seedDemoSite } from '../../../src/server/demo/seed.ts';

const TABLES = ['partners', 'projects', 'units', 'unit_history'] as const;

async function counts(store: Store): Promise<Record<(typeof TABLES)[number], number>> {
  const out = {} as Record<(typeof TABLES)[number], number>;
  for (const table of TABLES)
    out[table] = Number(
      (
        await store.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return out;
}

forEachTarget(t, 'two instances seeding at once make one demo', async (t, target) => {
  if (target.dialect !== 'postgres')
    // Two connections in one process would wait on themselves (better-sqlite3's busy wait is synchronous).
    return t.pass('SQLite: one writer at a time across processes, each waiting up to the busy timeout');
  const [one, two] = [await target.open(), await target.open()];
  const results = await Promise.allSettled([seedDemoSite(one), seedDemoSite(two)]);
  t.same(
    results.map((r) => r.status),
    ['fulfilled', 'fulfilled'],
    results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok')).join('; '),
  );

  // What one seeding alone makes, on a store of its own.
  const alone = await (await createTarget(t, target.dialect)).open();
  await seedDemoSite(alone);
  const once = await counts(alone);
  t.equal(once.partners, 2);
  t.same(await counts(one), once, 'partners, catalogue and history as one seeding makes them');
});
