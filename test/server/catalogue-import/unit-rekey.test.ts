// A unit the feed lists under a new id but with the same ref and development
// keeps its row (id, created_at) and its price history (unit-rekey.ts); an
// ambiguous ref or another development is not a rename.
import t from 'tap';
import { forEachStore } from '../../helpers/db.ts';
import type { Store } from '../../../src/server/store/db.ts';
import { importFeed } from '../../../src/server/catalogue-import/importer.ts';
import { projectPriceHistory } from '../../../src/server/services/catalogue/price-history.ts';
import { chunks, feed, property } from './feeds.ts';

const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12));
const run = (store: Store, units: string[], now: Date, maxWithdrawPercent?: number) =>
  importFeed(store, chunks(feed(...units)), { source: 'crm', now, maxWithdrawPercent });
const unit = (id: string, ref: string, price: number, dev = 'D1') => property({ id, dev, price, extra: `<ref>${ref}</ref>` });

const rows = (store: Store) =>
  store.db
    .selectFrom('units')
    .select(['id', 'feed_id', 'ref', 'price', 'created_at', 'withdrawn_at'])
    .orderBy('ref')
    .orderBy('id')
    .execute();
const history = (store: Store) =>
  store.db
    .selectFrom('unit_history as h')
    .innerJoin('units as u', 'u.id', 'h.unit_id')
    .select(['u.feed_id', 'h.changed_at', 'h.price_before', 'h.price', 'h.status'])
    .orderBy('h.id')
    .execute();

forEachStore(t, 'every id renamed, refs and development kept: the same units, with their history', async (t, store) => {
  const ids = (prefix: string, prices: number[]) => prices.map((price, i) => unit(`${prefix}${i + 1}`, `R${i + 1}`, price));
  await run(store, ids('A', [300000, 250000, 400000]), day(1));
  await run(store, ids('A', [280000, 250000, 400000]), day(2));
  const before = await rows(store);

  // The CRM renumbers every property; R1 is cheaper again.
  const summary = await run(store, ids('B', [270000, 250000, 400000]), day(3), 30);
  t.match(summary, { added: 0, updated: 3, rekeyed: 3, withdrawn: 0 }, 'no withdrawal: the guard does not trip');
  const after = await rows(store);
  t.same(
    after.map((u) => [u.id, u.feed_id, u.created_at, u.withdrawn_at]),
    before.map((u, i) => [u.id, `B${i + 1}`, u.created_at, null]),
    'the stored rows, under the new ids, first seen when they were: not new to alerts',
  );
  t.same(
    after.map((u) => u.price),
    [270000, 250000, 400000],
  );
  t.same(await history(store), [
    { feed_id: 'B1', changed_at: day(2).toISOString(), price_before: 300000, price: 280000, status: 'available' },
    { feed_id: 'B1', changed_at: day(3).toISOString(), price_before: 280000, price: 270000, status: 'available' },
  ]);
  const project = await store.db.selectFrom('projects').select(['id', 'units_total', 'price_dropped_at']).executeTakeFirstOrThrow();
  t.match(project, { units_total: 3, price_dropped_at: day(3).toISOString() });
  const shown = await projectPriceHistory(store.db, project.id, Promise.resolve(true));
  t.same(
    shown?.find((u) => u.ref === 'R1')?.points.map((p) => p.price),
    [300000, 280000, 270000],
    "the property page's history of R1, from its first sight",
  );

  t.match(await run(store, ids('B', [270000, 250000, 400000]), day(4)), { unchanged: 3, rekeyed: 0 }, 'the new ids are the keys now');
});

forEachStore(t, 'a ref shared by several units, or another development, is not a rename', async (t, store) => {
  await run(
    store,
    [unit('X1', 'SAME', 200000), unit('X2', 'SAME', 210000), unit('Y1', 'R9', 300000), unit('Z1', 'R8', 100000, 'D2')],
    day(1),
  );
  const summary = await run(
    store,
    [unit('X2', 'SAME', 210000), unit('X3', 'SAME', 200000), unit('Y1', 'R9', 300000), unit('Z2', 'R8', 100000, 'D3')],
    day(2),
  );
  t.match(summary, { added: 2, rekeyed: 0, withdrawn: 2 });
  t.same(
    (await rows(store)).filter((u) => u.withdrawn_at).map((u) => u.feed_id),
    ['Z1', 'X1'],
    'withdrawn, as before',
  );
});
