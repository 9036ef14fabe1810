// New build only when the feed says so: a property without <new_build> is
// imported only from a source declared new-build, a resale only from one that
// takes resales, a type that is not a home never; each is counted by reason.
import t from 'tap';
import { forEachStore } from '../../helpers/db.ts';
import type { Store } from '../../../src/server/store/db.ts';
import { importFeed, type ImportOptions } from '../../../src/server/catalogue-import/importer.ts';
import { summaryLines } from '../../../src/server/catalogue-import/summary.ts';
import { chunks, feed, property } from './feeds.ts';

const NOW = new Date('2026-11-01T12:00:00.000Z');
// What a real CRM export holds: a development, a resale, a flat it does not mark, premises and a garage.
const EXPORT = feed(
  property({ id: 'N1', dev: 'D1' }),
  property({ id: 'R1', newBuild: 0 }),
  property({ id: 'U1', newBuild: null, extra: '<stage>key_ready</stage>' }),
  property({ id: 'C1', type: 'Commercial premises' }),
  property({ id: 'G1', type: 'Garage', newBuild: null }),
  property({ id: 'P1', type: 'Restaurant', newBuild: 0 }),
);
const run = (store: Store, options: Partial<ImportOptions> = {}) =>
  importFeed(store, chunks(EXPORT), { source: 'crm', now: NOW, ...options });
const listed = async (store: Store) =>
  (await store.db.selectFrom('units').select('feed_id').where('withdrawn_at', 'is', null).orderBy('feed_id').execute()).map(
    (u) => u.feed_id,
  );

forEachStore(t, 'a source not declared new-build: only what says new build, the rest counted by reason', async (t, store) => {
  const summary = await run(store);
  t.match(summary, { added: 1, skippedResales: 1, skippedUnknown: 1, skippedNotHomes: 3, rejectedTotal: 0 });
  t.equal(
    summaryLines(summary)[0],
    'added 1, updated 0, unchanged 0, withdrawn 0, rejected 0; skipped 1 resale, 1 without <new_build>, 3 not homes',
  );
  t.same(await listed(store), ['N1']);
  const categories = (await store.db.selectFrom('categories').select('key').execute()).map((c) => c.key);
  t.notOk(
    categories.some((k) => /commercial|garage|restaurant/.test(k)),
    'no category for what is not a home',
  );
});

forEachStore(t, 'a new-build source takes the unmarked ones; resales still need include-resales; non-homes never', async (t, store) => {
  t.match(await run(store, { newBuildSource: true }), { added: 2, skippedResales: 1, skippedUnknown: 0, skippedNotHomes: 3 });
  t.same(await listed(store), ['N1', 'U1']);
  const stage = await store.db.selectFrom('projects').select('stage').where('ref', '=', 'unit:U1').executeTakeFirstOrThrow();
  t.equal(stage.stage, 'key_ready', 'a new-build stage');

  t.match(await run(store, { newBuildSource: true, includeResales: true }), { added: 1, skippedResales: 0, skippedNotHomes: 3 });
  t.same(await listed(store), ['N1', 'R1', 'U1']);

  // Declared no longer: the unmarked unit stored before is withdrawn, like a resale when resales are no longer taken.
  t.match(await run(store), { withdrawn: 2, skippedUnknown: 1, skippedResales: 1 });
  t.same(await listed(store), ['N1']);
});
