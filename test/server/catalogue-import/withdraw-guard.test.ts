// The withdrawal guard in the importer (withdraw-guard.ts): a feed that would
// withdraw more than maxWithdrawPercent of its source's listed units (and more
// than WITHDRAW_GUARD_FLOOR) is refused and changes nothing; the first import
// of a source, a small source and an import without the option never trip it.
import t from 'tap';
import { forEachStore } from '../../helpers/db.ts';
import type { Store } from '../../../src/server/store/db.ts';
import { importFeed } from '../../../src/server/catalogue-import/importer.ts';
import { WITHDRAW_GUARD_FLOOR, WithdrawGuardError } from '../../../src/server/catalogue-import/withdraw-guard.ts';
import { chunks, feed, fingerprint, property } from './feeds.ts';

const NOW = new Date('2025-12-01T12:00:00.000Z');
const units = (prefix: string, from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => property({ id: `${prefix}${from + i}`, dev: 'D1' }));
const run = (store: Store, properties: string[], maxWithdrawPercent?: number, source = 'acme') =>
  importFeed(store, chunks(feed(...properties)), { source, now: NOW, maxWithdrawPercent });
const FORCE = /a feed that drops or renames most of its properties is usually a broken export; .*--force .*;no-withdraw-guard/;

forEachStore(t, 'a feed that withdraws more than the share is refused; up to the share it is imported', async (t, store) => {
  t.match(await run(store, units('A', 1, 40), 30), { added: 40 }, 'the first import of a source withdraws nothing');
  const before = await fingerprint(store);

  const refused = run(store, units('A', 1, 27), 30);
  await t.rejects(refused, WithdrawGuardError);
  await t.rejects(
    refused,
    /^refused: the feed would withdraw 13 of the 40 units listed under source 'acme' \(33 %, more than FEED_MAX_WITHDRAW 30 %\): .*--force .*;no-withdraw-guard/,
  );
  t.same(await fingerprint(store), before, 'nothing changed');

  t.match(await run(store, units('A', 1, 28), 30), { withdrawn: 12 }, '30 % exactly is not more than 30 %');
});

forEachStore(t, 'every id renamed: refused, unless the guard is off', async (t, store) => {
  await run(store, units('A', 1, 20), 30);
  const before = await fingerprint(store);
  await t.rejects(run(store, units('B', 1, 20), 30), /would withdraw 20 of the 20 units/);
  await t.rejects(run(store, units('B', 1, 20), 30), FORCE, 'renamed, not skipped: --force is the way');
  t.same(await fingerprint(store), before);
  t.match(await run(store, units('B', 1, 20)), { added: 20, withdrawn: 20 }, 'without maxWithdrawPercent: imported');
});

forEachStore(t, 'a small source may lose every unit: the floor', async (t, store) => {
  await run(store, units('A', 1, WITHDRAW_GUARD_FLOOR + 1), 30);
  t.match(await run(store, units('A', 1, 1), 30), { withdrawn: WITHDRAW_GUARD_FLOOR }, `${WITHDRAW_GUARD_FLOOR} withdrawn: never refused`);
  await run(store, units('A', 1, WITHDRAW_GUARD_FLOOR + 2), 30);
  await t.rejects(run(store, units('A', 1, 1), 30), WithdrawGuardError, 'one more is');
  t.match(await run(store, units('A', 1, 1), 100), { withdrawn: WITHDRAW_GUARD_FLOOR + 1 }, '100 % lets everything go');
});

forEachStore(t, "the share is of the source's units, not of the catalogue", async (t, store) => {
  await run(store, units('O', 1, 100), 30, 'other');
  await run(store, units('A', 1, 20), 30);
  await t.rejects(run(store, units('A', 1, 5), 30), /withdraw 15 of the 20 units listed under source 'acme'/);
});

forEachStore(t, 'withdrawals the skipped properties account for: the line names the setting, not --force', async (t, store) => {
  await run(store, units('A', 1, 20), 30);
  const before = await fingerprint(store);
  const unknown = Array.from({ length: 20 }, (_, i) => property({ id: `A${i + 1}`, dev: 'D1', newBuild: null }));
  const refused = run(store, unknown, 30);
  await t.rejects(
    refused,
    /^refused: the feed would withdraw 20 of the 20 units listed under source 'acme' \(100 %, more than FEED_MAX_WITHDRAW 30 %\): /,
  );
  await t.rejects(
    refused,
    /: the feed skipped 20 properties without <new_build>: if acme is a new-build source, write ;new-build in FEEDS \(--new-build\)$/,
  );
  t.same(await fingerprint(store), before, 'nothing changed');

  const resales = Array.from({ length: 20 }, (_, i) => property({ id: `A${i + 1}`, dev: 'D1', newBuild: 0 }));
  await t.rejects(
    run(store, resales, 30),
    /the feed skipped 20 resales: to list them, write ;include-resales in FEEDS \(--include-resales\)$/,
  );
});
