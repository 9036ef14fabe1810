// Reading the feed in a worker thread (parseInWorker, as the CLI and scheduled
// pulls do) imports exactly what reading it on the importing thread does, and
// fails the same way: a malformed feed or a failed download changes nothing.
import fs from 'node:fs';
import t from 'tap';
import { forEachStore } from '../../helpers/db.ts';
import type { Store } from '../../../src/server/store/db.ts';
import { importFeed } from '../../../src/server/catalogue-import/importer.ts';
import { FeedError, newReadReport } from '../../../src/server/catalogue-import/kyero.ts';
import { readKyeroInWorker } from '../../../src/server/catalogue-import/parse-in-worker.ts';
import { DEMO_FEED_FILE } from '../../../src/server/demo/seed.ts';
import { fingerprint } from './feeds.ts';

const NOW = new Date('2026-11-01T00:00:00.000Z');
const demo = () => fs.createReadStream(DEMO_FEED_FILE, { highWaterMark: 16 * 1024 });

/** The catalogue as an import on the importing thread leaves it, per dialect. */
const inThread = new Map<string, Awaited<ReturnType<typeof fingerprint>>>();

forEachStore(t, 'read on the importing thread (the reference)', async (t, store: Store) => {
  t.match(await importFeed(store, demo(), { source: 'demo', now: NOW }), { added: 1500 });
  inThread.set(store.dialect, await fingerprint(store));
});

forEachStore(t, 'the same catalogue, read in a worker', async (t, store) => {
  const inWorker = await importFeed(store, demo(), { source: 'demo', now: NOW, parseInWorker: true });
  t.match(inWorker, { added: 1500, rejectedTotal: 0 });
  const worker = await fingerprint(store);
  t.same(worker, inThread.get(store.dialect), 'byte for byte what the importing thread writes');

  const again = await importFeed(store, demo(), { source: 'demo', now: NOW, parseInWorker: true });
  t.match(again, { unchanged: 1500, updated: 0 }, 'a second import finds nothing changed');
  t.same(await fingerprint(store), worker);

  const broken = fs.readFileSync(DEMO_FEED_FILE, 'utf8').replace('</property>', '</propertyy>');
  await t.rejects(importFeed(store, [broken], { source: 'demo', now: NOW, parseInWorker: true }), FeedError, 'a malformed feed');
  async function* cut() {
    yield fs.readFileSync(DEMO_FEED_FILE).subarray(0, 200_000);
    throw new Error('download failed: connection reset');
  }
  await t.rejects(importFeed(store, cut(), { source: 'demo', now: NOW, parseInWorker: true }), { message: 'download failed: connection reset' });
  t.same(await fingerprint(store), worker, 'nothing changed by either');
});

t.test('batches in feed order, with the reading report', async (t) => {
  const report = newReadReport();
  const sizes: number[] = [];
  for await (const batch of readKyeroInWorker(demo(), report, 400)) sizes.push(batch.length);
  t.same(sizes, [400, 400, 400, 300]);
  t.same(report, { decoding: { declared: 'utf-8', transcodedBytes: 0 }, repairedText: 0 });
});
