// A pull (pullFeed) against a feed served by a local HTTP server: the first
// pull imports, an unchanged feed costs one request answered 304, a changed one
// updates, gzip answers are read, and a failed pull (500, a body cut off, a
// time-out, a malformed feed, one refused by the withdrawal guard) changes
// nothing in the catalogue and is recorded.
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Sqlite from 'better-sqlite3';
import t from 'tap';
import { createTarget, forEachStore, type TapTest } from '../../helpers/db.ts';
import { testConfig } from '../../helpers/app.ts';
import { pullFeed, type PullOutcome } from '../../../src/server/catalogue-import/pull.ts';
import { SQLITE_FILE, type Store } from '../../../src/server/store/db.ts';
import type { ImportSummary } from '../../../src/server/catalogue-import/importer.ts';
import { feed, fingerprint, property } from './feeds.ts';
import { startFeedServer } from './feed-server.ts';
import { clock, logs, MINUTE } from './pull-helpers.ts';

t.setTimeout(300_000);

const row = (store: Store) => store.db.selectFrom('feed_pulls').selectAll().where('source', '=', 'acme').executeTakeFirstOrThrow();
const units = (store: Store) =>
  store.db.selectFrom('units').select(['feed_id', 'price']).where('source', '=', 'acme').orderBy('feed_id').execute();

const V1 = feed(property({ id: 'A1' }), property({ id: 'A2', price: 300000 }));
const V2 = feed(property({ id: 'A1' }), property({ id: 'A2', price: 280000, date: '2025-02-01 09:00:00' }));
const V3 = feed(property({ id: 'A1' }), property({ id: 'A2', price: 280000, date: '2025-02-01 09:00:00' }), property({ id: 'A3' }));

function imported(t: TapTest, outcome: PullOutcome, counts: Partial<ImportSummary>) {
  t.equal(outcome.result, 'imported', outcome.result === 'failed' ? outcome.error : 'imported');
  if (outcome.result === 'imported') t.match(outcome.summary, { ...counts, rejectedTotal: 0 });
}

forEachStore(t, 'a pull: imported, then 304, then changed, then gzip', async (t, store) => {
  const server = await startFeedServer(t, { body: V1, etag: '"v1"', lastModified: 'Sun, 01 Jun 2025 09:00:00 GMT' });
  const config = testConfig(t, { FEEDS: `acme=${server.url}` });
  const c = clock();
  const { lines, log } = logs();
  const pull = (force = false) => pullFeed(store, config, config.FEEDS[0]!, { now: c.now, log, force });

  imported(t, await pull(), { added: 2, updated: 0, unchanged: 0, withdrawn: 0 });
  t.equal(server.requests.length, 1);
  const first = server.requests[0]!;
  t.equal(first.headers['accept-encoding'], 'gzip');
  t.notOk(first.headers['if-none-match'], 'nothing to validate yet');
  t.notOk(first.headers['if-modified-since']);
  t.same(await units(store), [
    { feed_id: 'A1', price: 200000 },
    { feed_id: 'A2', price: 300000 },
  ]);
  t.match(await row(store), {
    url: server.url,
    result: 'imported',
    error: null,
    etag: '"v1"',
    last_modified: 'Sun, 01 Jun 2025 09:00:00 GMT',
    pulled_at: '2025-06-01T10:00:00.000Z',
    imported_at: '2025-06-01T10:00:00.000Z',
    next_pull_at: '2025-06-01T11:00:00.000Z',
    locked_by: null,
    locked_until: null,
  });
  t.match(JSON.parse((await row(store)).counts!), {
    added: 2,
    updated: 0,
    unchanged: 0,
    withdrawn: 0,
    rejectedTotal: 0,
    projectsTouched: 2,
  });
  t.match(lines.at(-1), { level: 'info', obj: { source: 'acme', result: 'imported', counts: { added: 2 }, durationMs: Number } });

  // Not due yet: no request.
  c.advance(30 * MINUTE);
  t.match(await pull(), { result: 'skipped', reason: 'not due' });
  t.equal(server.requests.length, 1, 'no request before the interval');

  // Due, unchanged: one request, answered 304, nothing imported.
  c.advance(30 * MINUTE);
  const before = await fingerprint(store);
  t.match(await pull(), { result: 'unchanged' });
  t.equal(server.requests.length, 2, 'one request');
  t.equal(server.requests[1]!.headers['if-none-match'], '"v1"');
  t.equal(server.requests[1]!.headers['if-modified-since'], 'Sun, 01 Jun 2025 09:00:00 GMT');
  t.same(await fingerprint(store), before, 'the catalogue is as it was');
  t.match(await row(store), {
    result: 'unchanged',
    etag: '"v1"',
    pulled_at: '2025-06-01T11:00:00.000Z',
    imported_at: '2025-06-01T10:00:00.000Z',
    next_pull_at: '2025-06-01T12:00:00.000Z',
  });
  t.match(lines.at(-1), { level: 'info', obj: { source: 'acme', result: 'unchanged', durationMs: Number } });

  // Changed (a new ETag): updated, and the new validators kept.
  server.answer = { body: V2, etag: '"v2"' };
  imported(t, await pull(true), { added: 0, updated: 1, unchanged: 1, withdrawn: 0 });
  t.equal(server.requests[2]!.headers['if-none-match'], '"v1"');
  t.same(await units(store), [
    { feed_id: 'A1', price: 200000 },
    { feed_id: 'A2', price: 280000 },
  ]);
  t.match(await row(store), { result: 'imported', etag: '"v2"', last_modified: null });

  // A gzip answer (Content-Encoding), and a gzip file served as is.
  server.answer = { body: V3, etag: '"v3"', gzip: true };
  imported(t, await pull(true), { added: 1, updated: 0, unchanged: 2, withdrawn: 0 });
  t.equal((await units(store)).length, 3);
  server.answer = { body: V1, etag: '"v4"', gzipFile: true };
  imported(t, await pull(true), { added: 0, updated: 1, unchanged: 1, withdrawn: 1 });
  t.same(await units(store), [
    { feed_id: 'A1', price: 200000 },
    { feed_id: 'A2', price: 300000 },
    { feed_id: 'A3', price: 200000 },
  ]);
});

forEachStore(t, 'a failed pull changes nothing, is recorded and logged, and is tried again at the next interval', async (t, store) => {
  const server = await startFeedServer(t, { body: V1, etag: '"v1"' });
  const config = testConfig(t, { FEEDS: `acme=${server.url}` });
  const c = clock();
  const { lines, log } = logs();
  const pull = (force = true, timeoutMs?: number) => pullFeed(store, config, config.FEEDS[0]!, { now: c.now, log, force, timeoutMs });
  imported(t, await pull(), { added: 2, updated: 0, unchanged: 0, withdrawn: 0 });
  const before = await fingerprint(store);
  const counts = (await row(store)).counts;

  const cases: Array<[string, Parameters<typeof startFeedServer>[1], RegExp, number?]> = [
    ['HTTP 500', { status: 500 }, /^download failed: HTTP 500 Internal Server Error from http:\/\/127\.0\.0\.1:\d+\/feed\.xml$/],
    ['a body cut off', { body: V2, etag: '"v2"', cutOff: true }, /^download failed: .+ \(http:\/\/127\.0\.0\.1:\d+\/feed\.xml\)$/],
    [
      'a time-out',
      { body: V2, etag: '"v2"', stall: true },
      /^download failed: timed out after 300 ms \(http:\/\/127\.0\.0\.1:\d+\/feed\.xml\)$/,
      300,
    ],
    ['a malformed feed', { body: V2.slice(0, V2.length - 40), etag: '"v2"' }, /^malformed XML at line \d+, column \d+: /],
    [
      'not a feed',
      { body: '<html><body>Maintenance</body></html>', etag: '"v2"' },
      /^not a Kyero feed: the root element is <html>, not <root>$/,
    ],
  ];
  for (const [name, answer, reason, timeoutMs] of cases) {
    server.answer = answer!;
    c.advance(MINUTE);
    const outcome = await pull(true, timeoutMs);
    t.equal(outcome.result, 'failed', name);
    if (outcome.result === 'failed') t.match(outcome.error, reason, name);
    t.same(await fingerprint(store), before, `${name}: the catalogue is as it was`);
    t.match(
      await row(store),
      { result: 'failed', error: reason, etag: '"v1"', counts, imported_at: '2025-06-01T10:00:00.000Z', locked_by: null },
      `${name}: recorded`,
    );
    t.match(
      lines.at(-1),
      { level: 'warn', obj: { source: 'acme', result: 'failed', reason, durationMs: Number } },
      `${name}: logged at warn with its reason`,
    );
  }

  // Retried at the next interval, not before.
  server.answer = { body: V2, etag: '"v2"' };
  const failedAt = c.now().getTime();
  c.advance(59 * MINUTE);
  t.match(await pull(false), { result: 'skipped', reason: 'not due' });
  c.advance(MINUTE);
  imported(t, await pull(false), { added: 0, updated: 1, unchanged: 1, withdrawn: 0 });
  t.match(await row(store), { result: 'imported', error: null, etag: '"v2"', pulled_at: new Date(failedAt + 60 * MINUTE).toISOString() });
});

forEachStore(t, 'a password in the URL is sent as Basic authentication and never stored; new options mean a full GET', async (t, store) => {
  const server = await startFeedServer(t, { body: V1, etag: '"v1"' });
  const secret = server.url.replace('http://', 'http://crm%20user:s3cr%40t@');
  const config = testConfig(t, { FEEDS: `acme=${secret}` });
  const { lines, log } = logs();
  imported(t, await pullFeed(store, config, config.FEEDS[0]!, { log }), { added: 2, updated: 0, unchanged: 0, withdrawn: 0 });
  t.equal(server.requests[0]!.headers.authorization, `Basic ${Buffer.from('crm user:s3cr@t').toString('base64')}`);
  t.equal((await row(store)).url, server.url.replace('http://', 'http://crm%20user:***@'));
  t.notMatch(JSON.stringify(lines), /s3cr/, 'the password is not logged');

  const withResales = testConfig(t, { FEEDS: `acme=${secret};include-resales` });
  t.match(await pullFeed(store, withResales, withResales.FEEDS[0]!, { force: true }), { result: 'imported' });
  t.notOk(server.requests[1]!.headers['if-none-match'], 'the last import did not take resales: not conditional');
  t.match(await row(store), { include_resales: 1, etag: '"v1"' });
  t.match(await pullFeed(store, withResales, withResales.FEEDS[0]!, { force: true }), { result: 'unchanged' });

  const newBuild = testConfig(t, { FEEDS: `acme=${secret};include-resales;new-build` });
  t.match(await pullFeed(store, newBuild, newBuild.FEEDS[0]!, { force: true }), { result: 'imported' });
  t.notOk(server.requests[3]!.headers['if-none-match'], 'nor when it was not a new-build source');
  t.match(await row(store), { new_build: 1, etag: '"v1"' });
});

forEachStore(t, 'a ;new-build source takes properties without <new_build>; others skip and count them', async (t, store) => {
  const body = feed(property({ id: 'N1' }), property({ id: 'U1', newBuild: null }), property({ id: 'C1', type: 'Local comercial' }));
  const server = await startFeedServer(t, { body, etag: '"v1"' });
  const plain = testConfig(t, { FEEDS: `acme=${server.url}` });
  const outcome = await pullFeed(store, plain, plain.FEEDS[0]!);
  imported(t, outcome, { added: 1, skippedUnknown: 1, skippedNotHomes: 1 });
  t.match(JSON.parse((await row(store)).counts!), { skippedUnknown: 1, skippedNotHomes: 1 }, 'kept for status');
  const declared = testConfig(t, { FEEDS: `acme=${server.url};new-build` });
  imported(t, await pullFeed(store, declared, declared.FEEDS[0]!, { force: true }), {
    added: 1,
    unchanged: 1,
    skippedUnknown: 0,
    skippedNotHomes: 1,
  });
  t.same(
    (await store.db.selectFrom('units').select('feed_id').orderBy('feed_id').execute()).map((u) => u.feed_id),
    ['N1', 'U1'],
  );
});

forEachStore(t, 'the withdrawal guard: a pull is refused, unless ignoreWithdrawGuard or ;no-withdraw-guard', async (t, store) => {
  const twelve = (prefix: string) => feed(...Array.from({ length: 12 }, (_, i) => property({ id: `${prefix}${i + 1}` })));
  const server = await startFeedServer(t, { body: twelve('A'), etag: '"a"' });
  const guarded = testConfig(t, { FEEDS: `acme=${server.url}` });
  const unguarded = testConfig(t, { FEEDS: `acme=${server.url};no-withdraw-guard` });
  const pull = (config: typeof guarded, ignoreWithdrawGuard?: boolean) =>
    pullFeed(store, config, config.FEEDS[0]!, { force: true, ignoreWithdrawGuard });
  const refused = async (name: string) => {
    const before = await fingerprint(store);
    t.match(await pull(guarded), { result: 'failed', refused: 'withdrawals', error: /would withdraw 12 of the 12 units/ }, name);
    t.same(await fingerprint(store), before, `${name}: nothing changed`);
  };
  imported(t, await pull(guarded), { added: 12, withdrawn: 0 });

  server.answer = { body: twelve('B'), etag: '"b"' };
  await refused('every id renamed');
  imported(t, await pull(guarded, true), { added: 12, withdrawn: 12 });

  server.answer = { body: twelve('A'), etag: '"a2"' };
  await refused('renamed back');
  imported(t, await pull(unguarded), { added: 12, withdrawn: 12 });
});

forEachStore(t, "what follows an import is the runner's: the pull reports the runner's account of it", async (t, store) => {
  const config = testConfig(t, { FEEDS: 'acme=http://127.0.0.1:9/feed.xml' });
  const summary = { projectsTouched: 1 } as ImportSummary;
  const after = { pruned: { files: 7, bytes: 9 }, error: null };
  const outcome = await pullFeed(store, config, config.FEEDS[0]!, {
    runner: async (job) => {
      t.equal(job.dataDir, config.DATA_DIR, 'the runner is told the data folder');
      return { status: 200, summary, etag: null, lastModified: null, after };
    },
  });
  t.match(outcome, { result: 'imported', after });
});

t.test("on SQLite a pull takes the write lock only once the feed is in: a slow feed server keeps no one's write waiting", async (t) => {
  const target = await createTarget(t, 'sqlite', { template: 'empty' });
  const store = await target.open();
  // Another connection to the file, writing as a lead would.
  const other = new Sqlite(path.join(target.dataDir, SQLITE_FILE), { timeout: 0 });
  t.teardown(() => other.close());
  let sendRest!: () => void;
  let halfSent!: () => void;
  const half = new Promise<void>((resolve) => (halfSent = resolve));
  const server = await startFeedServer(t, { body: V1, rest: new Promise<void>((resolve) => (sendRest = resolve)), halfSent });
  const config = testConfig(t, { FEEDS: `acme=${server.url}`, DATA_DIR: target.dataDir });
  const pulling = pullFeed(store, config, config.FEEDS[0]!, { now: clock().now, log: logs().log });

  await half;
  let refused = 0;
  for (let i = 0; i < 20; i++) {
    await sleep(50);
    try {
      other.exec('BEGIN IMMEDIATE');
      other.exec('ROLLBACK');
    } catch {
      refused++;
    }
  }
  t.equal(refused, 0, 'while half the feed has come, a write finds the lock free (20 tries in 1 s)');
  sendRest();
  imported(t, await pulling, { added: 2, withdrawn: 0 });
});
