// Each import records the units' price and status changes (issue 13): none on
// first sight, one row per change after, withdrawals and relistings as status
// changes, and the projects' "Price reduced" date from drops of available units.
import t from 'tap';
import { forEachStore } from '../../helpers/db.ts';
import type { Store } from '../../../src/server/store/db.ts';
import { importFeed } from '../../../src/server/catalogue-import/importer.ts';
import { chunks, feed, fingerprint, property } from './feeds.ts';

const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12));
const run = (store: Store, xml: string, now: Date) => importFeed(store, chunks(xml, 4096), { source: 'test', now });

const history = (store: Store) =>
  store.db
    .selectFrom('unit_history as h')
    .innerJoin('units as u', 'u.id', 'h.unit_id')
    .select(['u.feed_id', 'h.changed_at', 'h.price_before', 'h.price', 'h.status_before', 'h.status'])
    .orderBy('h.id')
    .execute();

const droppedAt = async (store: Store) =>
  (await store.db.selectFrom('projects').select('price_dropped_at').where('ref', '=', 'D1').executeTakeFirstOrThrow()).price_dropped_at;

const unit = (id: string, price: number, status = 'available') => property({ id, dev: 'D1', price, status });

forEachStore(t, 'a first import records no change; later imports record each change once', async (t, store) => {
  await run(store, feed(unit('A', 300000), unit('B', 250000), unit('C', 400000, 'reserved')), day(1));
  t.same(await history(store), [], 'first sight is not a change');
  t.equal(await droppedAt(store), null);

  // A cheaper, B reserved, C gone from the feed.
  await run(store, feed(unit('A', 280000), unit('B', 250000, 'reserved')), day(2));
  t.same(await history(store), [
    {
      feed_id: 'A',
      changed_at: day(2).toISOString(),
      price_before: 300000,
      price: 280000,
      status_before: 'available',
      status: 'available',
    },
    { feed_id: 'B', changed_at: day(2).toISOString(), price_before: 250000, price: 250000, status_before: 'available', status: 'reserved' },
    { feed_id: 'C', changed_at: day(2).toISOString(), price_before: 400000, price: 400000, status_before: 'reserved', status: 'withdrawn' },
  ]);
  t.equal(await droppedAt(store), day(2).toISOString(), "A's drop marks the project");

  // The same feed again: nothing new.
  const before = await fingerprint(store);
  await run(store, feed(unit('A', 280000), unit('B', 250000, 'reserved')), day(3));
  t.equal((await history(store)).length, 3, 'an unchanged feed records nothing');
  t.same((await fingerprint(store)).counts.unit_history, before.counts.unit_history);

  // C listed again and available; B available again; A's price back up.
  await run(store, feed(unit('A', 310000), unit('B', 250000), unit('C', 390000)), day(4));
  t.same((await history(store)).slice(3), [
    {
      feed_id: 'A',
      changed_at: day(4).toISOString(),
      price_before: 280000,
      price: 310000,
      status_before: 'available',
      status: 'available',
    },
    { feed_id: 'B', changed_at: day(4).toISOString(), price_before: 250000, price: 250000, status_before: 'reserved', status: 'available' },
    {
      feed_id: 'C',
      changed_at: day(4).toISOString(),
      price_before: 400000,
      price: 390000,
      status_before: 'withdrawn',
      status: 'available',
    },
  ]);
  t.equal(await droppedAt(store), day(4).toISOString(), 'C, listed again for less, is the newest drop of an available unit');

  // Everything sold: no available unit stands at a dropped price any more.
  await run(store, feed(unit('A', 310000, 'sold'), unit('B', 250000, 'sold'), unit('C', 390000, 'sold')), day(5));
  t.equal(await droppedAt(store), null, 'a drop of a unit since sold is no longer shown');
});

forEachStore(t, 'a failed import records no history', async (t, store) => {
  await run(store, feed(unit('A', 300000)), day(1));
  const before = await fingerprint(store);
  await t.rejects(run(store, feed(unit('A', 200000)).replace('</root>', '<broken'), day(2)));
  t.same(await fingerprint(store), before);
});
