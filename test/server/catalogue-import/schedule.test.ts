// The schedule (FeedSchedule and its plugin): due sources are pulled at start
// and then every interval, sources no longer in FEEDS are left alone, a lease
// keeps a source to one instance (two instances on one store pull it once, a
// crashed instance's lease lapses), and close leaves no timer and no pull.
// The clock and the timer are the test's: nothing waits on wall time.
import t from 'tap';
import { forEachStore, forEachTarget } from '../../helpers/db.ts';
import { testApp, testConfig } from '../../helpers/app.ts';
import { FeedSchedule, type ScheduleOptions } from '../../../src/server/catalogue-import/schedule.ts';
import { ensureFeedRow } from '../../../src/server/catalogue-import/pull-store.ts';
import { pullFeed } from '../../../src/server/catalogue-import/pull.ts';
import type { Store } from '../../../src/server/store/db.ts';
import { feed, property } from './feeds.ts';
import { startFeedServer, type FeedServer } from './feed-server.ts';
import { clock, logs, MINUTE } from './pull-helpers.ts';

t.setTimeout(300_000);

const BODY = feed(property({ id: 'A1' }), property({ id: 'A2', price: 300000 }));

/** A timer the test fires by hand. */
function fakeTimer() {
  const pending = new Map<number, () => void>();
  let next = 1;
  const cleared: number[] = [];
  return {
    pending,
    cleared,
    options: {
      setTimer: (fn: () => void) => {
        const id = next++;
        pending.set(id, fn);
        return id;
      },
      clearTimer: (id: unknown) => {
        cleared.push(id as number);
        pending.delete(id as number);
      },
    } satisfies Pick<ScheduleOptions, 'setTimer' | 'clearTimer'>,
    fire() {
      const [id, fn] = [...pending][0]!;
      pending.delete(id);
      fn();
    },
  };
}

const paths = (server: FeedServer, from = 0) =>
  server.requests
    .slice(from)
    .map((r) => r.url)
    .sort();
const pullRow = (store: Store, source: string) =>
  store.db.selectFrom('feed_pulls').selectAll().where('source', '=', source).executeTakeFirstOrThrow();

forEachStore(t, 'due sources are pulled at start, then every interval; a source no longer in FEEDS is left alone', async (t, store) => {
  const server = await startFeedServer(t, { body: BODY, etag: '"v1"' });
  const config = testConfig(t, { FEEDS: `acme=${server.base}/a.xml, beta=${server.base}/b.xml;include-resales` });
  await ensureFeedRow(store.db, {
    name: 'old',
    url: `${server.base}/old.xml`,
    newBuild: false,
    includeResales: false,
    noWithdrawGuard: false,
  });
  const c = clock();
  const timer = fakeTimer();
  const schedule = new FeedSchedule(store, config, { now: c.now, ...timer.options });
  t.teardown(() => schedule.stop());

  schedule.start();
  await schedule.idle();
  t.same(paths(server), ['/a.xml', '/b.xml'], 'both FEEDS sources at start, never the old one');
  t.equal(schedule.nextWaitMs, 60 * MINUTE);
  t.equal(timer.pending.size, 1);

  c.advance(30 * MINUTE);
  timer.fire();
  await schedule.idle();
  t.equal(server.requests.length, 2, 'nothing is due yet');
  t.equal(schedule.nextWaitMs, 30 * MINUTE, 'the timer is set for when they are');

  c.advance(30 * MINUTE);
  timer.fire();
  await schedule.idle();
  t.same(paths(server, 2), ['/a.xml', '/b.xml'], 'pulled again after the interval');
  t.ok(
    server.requests.slice(2).every((r) => r.headers['if-none-match'] === '"v1"'),
    'conditionally',
  );
  t.match(await pullRow(store, 'acme'), { result: 'unchanged', pulled_at: '2025-06-01T11:00:00.000Z' });
  t.match(await pullRow(store, 'old'), { pulled_at: null, result: null }, 'left alone');

  // A restart 10 minutes after the last pull pulls nothing at start; one 61 minutes after does.
  c.advance(10 * MINUTE);
  const early = new FeedSchedule(store, config, { now: c.now, ...fakeTimer().options });
  early.start();
  await early.idle();
  t.equal(server.requests.length, 4, 'a recent pull is not repeated at start');
  t.equal(early.nextWaitMs, 50 * MINUTE);
  c.advance(51 * MINUTE);
  const late = new FeedSchedule(store, config, { now: c.now, ...fakeTimer().options });
  late.start();
  await late.idle();
  t.equal(server.requests.length, 6, 'an old pull is repeated at start');

  await schedule.stop();
  t.equal(timer.pending.size, 0, 'stop clears the timer');
  t.same(timer.cleared.length, 1);
});

forEachStore(t, "a crashed instance's lease holds its source until it lapses", async (t, store) => {
  const server = await startFeedServer(t, { body: BODY, etag: '"v1"' });
  const config = testConfig(t, { FEEDS: `acme=${server.url}` });
  const c = clock();
  await ensureFeedRow(store.db, config.FEEDS[0]!);
  const lapses = new Date(c.now().getTime() + 10 * MINUTE).toISOString();
  await store.db.updateTable('feed_pulls').set({ locked_by: 'crashed', locked_until: lapses }).execute();

  const timer = fakeTimer();
  const schedule = new FeedSchedule(store, config, { now: c.now, ...timer.options });
  t.teardown(() => schedule.stop());
  schedule.start();
  await schedule.idle();
  t.equal(server.requests.length, 0, 'not pulled while another holds the lease');
  t.equal(schedule.nextWaitMs, 10 * MINUTE, 'tried again when the lease lapses');
  t.match(
    await pullFeed(store, config, config.FEEDS[0]!, { now: c.now, force: true }),
    { result: 'skipped', reason: 'busy' },
    'not even by hand',
  );

  c.advance(10 * MINUTE + 1);
  timer.fire();
  await schedule.idle();
  t.equal(server.requests.length, 1);
  t.match(await pullRow(store, 'acme'), { result: 'imported', locked_by: null, locked_until: null });
});

forEachStore(t, 'stop aborts a pull in flight: nothing imported or recorded, the lease let go', async (t, store) => {
  const server = await startFeedServer(t, { body: BODY, etag: '"v1"', stall: true });
  const config = testConfig(t, { FEEDS: `acme=${server.url}` });
  const { lines, log } = logs();
  const timer = fakeTimer();
  const schedule = new FeedSchedule(store, config, { ...timer.options, log });
  const requested = server.nextRequest();
  schedule.start();
  await requested;
  await schedule.stop();
  t.match(await pullRow(store, 'acme'), { pulled_at: null, result: null, locked_by: null, locked_until: null });
  t.equal((await store.db.selectFrom('units').select('id').execute()).length, 0);
  t.equal(timer.pending.size, 0, 'no timer after stop');
  t.match(lines, [{ level: 'info', obj: { source: 'acme', reason: 'interrupted' } }]);
});

forEachTarget(t, 'two instances on one store, at the same moment, pull a source once', async (t, target) => {
  const server = await startFeedServer(t, { body: BODY, etag: '"v1"' });
  const config = testConfig(t, { FEEDS: `acme=${server.url}` });
  // Opened one after the other: SQLite's migrations take no lock.
  const a = await target.open();
  const b = await target.open();
  const c = clock();
  // The feed is held until one instance has finished its round (it found the
  // source taken), or a second request came (the test then fails on the count).
  let release!: () => void;
  server.answer = { body: BODY, etag: '"v1"', hold: new Promise<void>((resolve) => (release = resolve)) };
  const one = new FeedSchedule(a, config, { now: c.now, token: 'one', ...fakeTimer().options });
  const two = new FeedSchedule(b, config, { now: c.now, token: 'two', ...fakeTimer().options });
  t.teardown(() => Promise.all([one.stop(), two.stop()]));
  const second = (async () => {
    while (server.requests.length < 2) await server.nextRequest();
  })();
  one.start();
  two.start();
  await Promise.race([one.idle(), two.idle(), second]);
  release();
  await Promise.all([one.idle(), two.idle()]);
  t.equal(server.requests.length, 1, 'one GET');
  t.match(await pullRow(a, 'acme'), { result: 'imported', locked_by: null });
  t.equal((await a.db.selectFrom('units').select('id').execute()).length, 2);
  t.match(JSON.parse((await pullRow(b, 'acme')).counts!), { added: 2 }, 'imported once');
});

forEachStore(t, 'the plugin: pulls at start with the app, stops on close', async (t, store) => {
  const server = await startFeedServer(t, { body: BODY, etag: '"v1"' });
  const timer = fakeTimer();
  const app = await testApp(t, { store, env: { FEEDS: `acme=${server.url}`, SEED_DEMO: 'false' }, feedPulls: { ...timer.options } });
  await app.ready();
  await app.feedPulls.idle();
  t.equal(server.requests.length, 1);
  t.equal((await store.db.selectFrom('units').select('id').where('source', '=', 'acme').execute()).length, 2);
  t.equal(timer.pending.size, 1, 'the next round is set');
  await app.close();
  t.equal(timer.pending.size, 0, 'close clears it');

  const quiet = fakeTimer();
  const none = await testApp(t, { store, env: { SEED_DEMO: 'false' }, feedPulls: { ...quiet.options } });
  await none.ready();
  await none.feedPulls.idle();
  await none.close();
  t.equal(quiet.pending.size + quiet.cleared.length, 0, 'without FEEDS, no timer at all');
});

forEachStore(t, 'a pull refused by the withdrawal guard is logged, counted at /metrics and tried again next period', async (t, store) => {
  const ids = (prefix: string) => Array.from({ length: 12 }, (_, i) => property({ id: `${prefix}${i + 1}`, dev: 'D1' }));
  const server = await startFeedServer(t, { body: feed(...ids('A')), etag: '"v1"' });
  const c = clock();
  const timer = fakeTimer();
  const { lines, log } = logs();
  const app = await testApp(t, {
    store,
    env: { FEEDS: `acme=${server.url}`, SEED_DEMO: 'false', METRICS_PORT: '0' },
    feedPulls: { now: c.now, log, ...timer.options },
  });
  await app.ready();
  await app.feedPulls.idle();
  const listed = () => store.db.selectFrom('units').select('feed_id').where('withdrawn_at', 'is', null).orderBy('feed_id').execute();
  const before = await listed();
  t.equal(before.length, 12);
  const refusals = async () => {
    const text = await (await fetch(`http://127.0.0.1:${app.metrics.listener!.address().port}/metrics`)).text();
    const line = text.split('\n').find((l) => l.startsWith('feed_import_refusals_total{') && l.includes('source="acme"'));
    return line ? Number(line.split(' ').pop()) : 0;
  };
  t.equal(await refusals(), 0);

  // The exporter renumbers every property.
  server.answer = { body: feed(...ids('B')), etag: '"v2"' };
  c.advance(60 * MINUTE);
  timer.fire();
  await app.feedPulls.idle();
  t.same(await listed(), before, 'the catalogue is unchanged');
  t.match(await pullRow(store, 'acme'), { result: 'failed', error: /^refused: the feed would withdraw 12 of the 12 units/, etag: '"v1"' });
  t.match(
    lines.filter((l) => l.level === 'warn'),
    [{ obj: { source: 'acme', refused: 'withdrawals' }, msg: /retry at the next interval/ }],
  );
  t.equal(await refusals(), 1, 'counted');
  t.equal(app.feedPulls.nextWaitMs, 60 * MINUTE, 'tried again at the next period');

  c.advance(60 * MINUTE);
  timer.fire();
  await app.feedPulls.idle();
  t.equal(server.requests.length, 3, 'pulled again');
  t.equal(server.requests[2]!.headers['if-none-match'], '"v1"', "with the last import's validators: the feed is sent again");
  t.equal(await refusals(), 2, 'refused and counted again');
  t.same(await listed(), before);
});
