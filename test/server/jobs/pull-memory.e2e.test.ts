// The server (`node dist/server/main.js`, as npm start runs it) pulling a 200 MB
// feed: its resident memory, read from /proc/<pid>/status while the pull runs
// (VmRSS, polled) and at its end (VmHWM, the peak), stays under 400 MB, because
// the parsing and the writing run in a worker thread with a bounded heap
// (pull-in-worker.ts).
// SQLite only: the bound is the server process's, whichever store it writes to.
import fs from 'node:fs';
import http from 'node:http';
import t from 'tap';
import { tempDir } from '../../helpers/app.ts';
import { sleep } from '../../helpers/processes.ts';
import { startSite } from '../../helpers/site-process.ts';
import { listenUntilTheEnd } from '../catalogue-import/feed-server.ts';
import { writeFeed, type FeedCounts } from '../../../src/server/demo/generator.ts';

/** About 28 kB of feed per development: 7,200 make 200.7 MB (79,100 units). */
const PROJECTS = 7200;
/** The limit is in MiB, as /proc counts. */
const MB = 1024 * 1024;
const RSS_LIMIT_MB = 400;
/** A bound on the whole pull on a busy machine, not a figure under test. */
const PULL_LIMIT_MS = 900_000;

t.setTimeout(PULL_LIMIT_MS + 300_000);

/** Resident memory of `pid` in bytes: `VmRSS` now, `VmHWM` its peak; 0 once it has exited. */
function memory(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
}

t.test('a pull of a 200 MB feed keeps the server under 400 MB resident', async (t) => {
  let sent = 0;
  let counts: FeedCounts | undefined;
  const feedServer = http.createServer(async (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/xml' });
    res.on('drain', () => (sent = res.socket?.bytesWritten ?? sent));
    counts = await writeFeed(res, { projects: PROJECTS });
    sent = res.socket?.bytesWritten ?? sent;
    res.end();
  });
  const base = await listenUntilTheEnd(t, feedServer);
  const site = await startSite(t, 'site', { DATA_DIR: tempDir(t), SEED_DEMO: 'false', FEEDS: `big=${base}/feed.xml` });
  const pid = site.process.child.pid!;

  let peakPolled = 0;
  let done = false;
  const pulled = site.process.waitForOutput(/"msg":"feed pull(ed| failed)[^"]*"/, PULL_LIMIT_MS).finally(() => (done = true));
  while (!done) {
    peakPolled = Math.max(peakPolled, memory(pid, 'VmRSS'));
    await sleep(100);
  }
  const [line] = await pulled;
  const peak = memory(pid, 'VmHWM');

  t.equal(line, '"msg":"feed pulled"', 'the pull imported');
  t.ok(sent > 200e6, `the feed was ${(sent / 1e6).toFixed(0)} MB`);
  t.match(site.process.output(), new RegExp(`"added":${counts!.units}\\b`), `all ${counts!.units} units added`);
  t.ok(peak < RSS_LIMIT_MB * MB, `peak resident memory ${(peak / MB).toFixed(0)} MB (polled: ${(peakPolled / MB).toFixed(0)} MB)`);
});
