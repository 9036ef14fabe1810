// The scheduled pulls' worker thread (pull-in-worker.ts): the server's pull
// downloads, parses and writes in a worker thread with its own connection; a
// worker that dies mid-import (here: out of its heap) is a failed pull with
// one line and an unchanged catalogue; an abort ends the worker and leaves no
// lock behind. The work after an import (pruning) is the worker's too, and
// the worker's thread runs at the lowest scheduling priority. The alerts it queues
// are written in each search's language (the worker reads the locale files too).
import diagnostics from 'node:diagnostics_channel';
import fs from 'node:fs';
import path from 'node:path';
import http from 'node:http';
import type { Worker } from 'node:worker_threads';
import t from 'tap';
import { forEachStore } from '../../helpers/db.ts';
import { testApp, testConfig } from '../../helpers/app.ts';
import { pullFeed } from '../../../src/server/catalogue-import/pull.ts';
import { PULL_THREAD_NICE, pullInWorker } from '../../../src/server/jobs/pull-in-worker.ts';
import type { Store } from '../../../src/server/store/db.ts';
import { feed, fingerprint, property } from '../catalogue-import/feeds.ts';
import { listenUntilTheEnd, startFeedServer } from '../catalogue-import/feed-server.ts';
import { logs } from '../catalogue-import/pull-helpers.ts';
import { addSearch, queuedMails } from '../saved-searches/alert-helpers.ts';
import { feedImageDir, feedImageKey, feedImageName } from '../../../src/server/feed-images/index.ts';

t.setTimeout(300_000);

const BODY = feed(property({ id: 'A1' }), property({ id: 'A2', price: 300000 }));

const pullRow = (store: Store, source: string) =>
  store.db.selectFrom('feed_pulls').selectAll().where('source', '=', source).executeTakeFirstOrThrow();

/** The worker threads started while `fn` runs. */
async function workersDuring(fn: () => Promise<unknown>): Promise<Worker[]> {
  const started: Worker[] = [];
  const seen = (message: unknown) => void started.push((message as { worker: Worker }).worker);
  diagnostics.subscribe('worker_threads', seen);
  try {
    await fn();
  } finally {
    diagnostics.unsubscribe('worker_threads', seen);
  }
  return started;
}

forEachStore(t, "the server's scheduled pull imports in a worker thread, alerts included", async (t, store) => {
  const server = await startFeedServer(t, { body: BODY, etag: '"v1"' });
  await addSearch(store.db, { email: 'buyer@example.com', search: '/search' });
  await addSearch(store.db, { email: 'koper@example.com', search: '/search', language: 'nl' });
  const app = await testApp(t, {
    store,
    env: { FEEDS: `acme=${server.url}`, SEED_DEMO: 'false' },
    feedPulls: { setTimer: () => 0, clearTimer: () => undefined },
  });
  const workers = await workersDuring(async () => {
    await app.ready();
    await app.feedPulls.idle();
  });
  t.equal(workers.length, 1, 'one worker thread for the one pull');
  t.equal((await store.db.selectFrom('units').select('id').where('source', '=', 'acme').execute()).length, 2);
  t.match(await pullRow(store, 'acme'), { result: 'imported', etag: '"v1"', locked_by: null });
  t.match(JSON.parse((await pullRow(store, 'acme')).counts!), { added: 2 });
  const mails = await queuedMails(store.db);
  t.same(
    mails.map((m) => m.recipient),
    ['buyer@example.com', 'koper@example.com'],
    "the import queued the instant searches' alerts",
  );
  t.match(mails[0]!.text, app.config.SITE_URL, 'its links on SITE_URL');
  t.equal(mails[0]!.subject, '2 new or cheaper homes for "New-build homes"');
  t.equal(
    mails[1]!.subject,
    '2 nieuwe of goedkopere woningen voor ‘Nieuwbouwwoningen’',
    "the Dutch search's in Dutch, written in the worker",
  );
  t.match(mails[1]!.text, `${app.config.SITE_URL}/nl/for-sale/`);
});

/** A feed of `count` properties, each with a description of `descChars` characters, streamed (never held whole). */
async function startLargeFeedServer(t: Parameters<typeof listenUntilTheEnd>[0], count: number, descChars: number): Promise<string> {
  const description = `<desc><en>${'Casa con vistas al mar. '.repeat(Math.ceil(descChars / 24)).slice(0, descChars)}</en></desc>`;
  const server = http.createServer(async (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/xml' });
    const write = (text: string) => (res.write(text) ? Promise.resolve() : new Promise((resolve) => res.once('drain', resolve)));
    await write(feed().replace('</root>\n', ''));
    for (let i = 0; i < count && !res.destroyed; i++) await write(property({ id: `B${i}`, extra: description }));
    res.end('</root>\n');
  });
  return `${await listenUntilTheEnd(t, server)}/large.xml`;
}

forEachStore(t, 'a worker that runs out of memory mid-import is a failed pull; the catalogue is unchanged', async (t, store) => {
  const location = store.reopen!;
  const small = await startFeedServer(t, { body: BODY });
  const config = testConfig(t, { FEEDS: `acme=${small.url}` });
  const acme = config.FEEDS[0]!;
  const first = await pullFeed(store, config, acme, { runner: pullInWorker(location) });
  t.equal(first.result, 'imported');
  const before = await fingerprint(store);

  // 600 descriptions of 200,000 characters: one batch holds far more than a 32 MB heap.
  const url = await startLargeFeedServer(t, 600, 200_000);
  const { lines, log } = logs();
  const outcome = await pullFeed(
    store,
    config,
    { ...acme, url },
    { force: true, log, runner: pullInWorker(location, { resourceLimits: { maxOldGenerationSizeMb: 32 } }) },
  );
  const error = "the import ran out of memory (its worker thread's heap is limited to 32 MB)";
  t.match(outcome, { result: 'failed', error });
  t.match(await pullRow(store, 'acme'), { result: 'failed', error, locked_by: null });
  t.match(lines, [{ level: 'warn', obj: { source: 'acme', reason: error } }]);
  t.same(await fingerprint(store), before, 'the catalogue is unchanged');
});

forEachStore(t, 'an abort ends the worker: nothing imported or recorded, no lock left behind', async (t, store) => {
  const server = await startFeedServer(t, { body: BODY, etag: '"v1"', stall: true });
  const config = testConfig(t, { FEEDS: `acme=${server.url}` });
  const stop = new AbortController();
  const requested = server.nextRequest();
  const pulling = pullFeed(store, config, config.FEEDS[0]!, { signal: stop.signal, runner: pullInWorker(store.reopen!) });
  await requested;
  stop.abort();
  t.match(await pulling, { result: 'skipped', reason: 'interrupted' });
  t.match(await pullRow(store, 'acme'), { pulled_at: null, result: null, locked_by: null });
  t.equal((await store.db.selectFrom('units').select('id').execute()).length, 0);

  // Had the worker's transaction outlived it, this import would wait for its lock.
  server.answer = { body: BODY, etag: '"v1"' };
  t.match(await pullFeed(store, config, config.FEEDS[0]!, { force: true }), { result: 'imported' });
  t.equal((await store.db.selectFrom('units').select('id').execute()).length, 2);
});

/** The nice value of each thread of this process, by thread id (Linux: /proc/self/task). */
function threadNice(): Map<string, number> {
  const nice = new Map<string, number>();
  for (const tid of fs.readdirSync('/proc/self/task')) {
    const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    // Fields after the command's closing parenthesis, from the third (state); nice is the 19th.
    nice.set(tid, Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
  }
  return nice;
}

t.test(
  "the pull's thread runs at the lowest priority",
  { skip: process.platform !== 'linux' && 'thread priorities are read from /proc' },
  async (t) => {
    await forEachStore(t, "the server's threads keep theirs", async (t, store) => {
      const server = await startFeedServer(t, { body: BODY, etag: '"v1"', stall: true });
      const config = testConfig(t, { FEEDS: `acme=${server.url}` });
      const before = threadNice();
      const stop = new AbortController();
      const requested = server.nextRequest();
      const pulling = pullFeed(store, config, config.FEEDS[0]!, { signal: stop.signal, runner: pullInWorker(store.reopen!) });
      await requested;
      const during = threadNice();
      const lowered = [...during].filter(([tid, nice]) => !before.has(tid) && nice === PULL_THREAD_NICE);
      t.equal(lowered.length, 1, 'one new thread, the worker, at the lowest priority');
      t.equal(during.get(String(process.pid)), before.get(String(process.pid)), "the server's main thread keeps its own");
      t.ok(
        [...before].every(([tid, nice]) => !during.has(tid) || during.get(tid) === nice),
        'as does every thread that was there before',
      );
      stop.abort();
      await pulling;
    });
  },
);

forEachStore(t, 'a refusal from the worker keeps its advice: the skipped properties it names, not --force', async (t, store) => {
  const ids = Array.from({ length: 20 }, (_, i) => `N${i}`);
  const server = await startFeedServer(t, { body: feed(...ids.map((id) => property({ id }))) });
  const config = testConfig(t, { FEEDS: `acme=${server.url}` });
  const runner = pullInWorker(store.reopen!);
  t.match(await pullFeed(store, config, config.FEEDS[0]!, { runner }), { result: 'imported' });
  // The same properties, now without <new_build>: each is skipped, and so would be withdrawn.
  server.answer = { body: feed(...ids.map((id) => property({ id, newBuild: null }))) };
  const outcome = await pullFeed(store, config, config.FEEDS[0]!, { force: true, runner });
  t.match(outcome, {
    result: 'failed',
    refused: 'withdrawals',
    error: /the feed skipped 20 properties without <new_build>: if acme is a new-build source, write ;new-build in FEEDS/,
  });
  t.notMatch(outcome, { error: /--force/ });
});

const picture = (id: string, url: string) => property({ id, extra: `<images><image id="1"><url>${url}</url></image></images>` });

forEachStore(t, "the work after the import is the worker's: the pictures a pull dropped are pruned there", async (t, store, target) => {
  const both = await startFeedServer(t, {
    body: feed(picture('A', 'https://pictures.example/a.jpg'), picture('B', 'https://pictures.example/b.jpg')),
  });
  const config = testConfig(t, { DATA_DIR: target.dataDir, FEEDS: `acme=${both.url}` });
  const acme = config.FEEDS[0]!;
  t.match(await pullFeed(store, config, acme, { runner: pullInWorker(store.reopen!) }), { result: 'imported' });
  const rows = await store.db.selectFrom('images').select(['id', 'url']).orderBy('id').execute();
  const dir = feedImageDir(config.DATA_DIR);
  fs.mkdirSync(dir, { recursive: true });
  for (const r of rows) fs.writeFileSync(path.join(dir, feedImageName(feedImageKey(r.id, r.url))), 'jpeg');

  const one = await startFeedServer(t, { body: feed(picture('A', 'https://pictures.example/a.jpg')) });
  const outcome = await pullFeed(store, config, { ...acme, url: one.url }, { force: true, runner: pullInWorker(store.reopen!) });
  t.match(
    outcome,
    { result: 'imported', after: { pruned: { files: 1, bytes: 4 }, error: null } },
    "B's kept picture, pruned in the worker",
  );
  t.equal(fs.readdirSync(dir).length, 1);
});
