// Property pages while the server pulls a large feed (issue 20): the compiled
// server (`node dist/server/main.js`, NODE_ENV=production, the demo catalogue)
// pinned to core 0, the load (bench/load.ts: 4 connections asking a property
// page, gzip) on core 1. Each round starts a server whose FEEDS names a
// generated feed of BENCH_PULL_PROJECTS developments (default 7,200: 200 MB,
// 79,100 units) served from a file by this process: the load runs while the
// pull is in flight, then again once it has ended (same server, same page).
// BENCH_PULL_ROUNDS rounds (default 3); the p99s, their ratio (goal ≤ 2),
// medians and spread, and the server's peak resident memory (VmHWM), with what
// made it up at the highest of the samples taken every 100 ms, during the pull
// and after it (a large feed leaves a large catalogue to serve): anonymous,
// file-backed and shared memory, and by part (each thread's V8 heap, reported
// by bench/memory-probe.mjs, loaded into the server with --import; malloc's
// heap, the node binary, the libraries, from /proc/<pid>/smaps). A round whose
// server fails or is stopped from outside is reported and skipped.
// The server runs with npm start's node flags, or with each set in
// BENCH_NODE_FLAGS (bench/processes.ts), the sets taking turns in every round.
//
//   node build.mjs && npx tsx bench/pull-pages.ts
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { finished } from 'node:stream/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { writeFeed } from '../src/server/demo/generator.ts';
import { DIST_DIR } from './sizes.ts';
import {
  flagsName,
  freePort,
  machineLine,
  memoryMb,
  pinned,
  runLoad,
  serverFlagSets,
  siteCommand,
  stopServer,
  waitUntilReady,
} from './processes.ts';
import { median, spread, textTable } from './table.ts';
import type { LoadResult } from './load.ts';

const PROJECTS = Number(process.env.BENCH_PULL_PROJECTS ?? 7200);
const ROUNDS = Number(process.env.BENCH_PULL_ROUNDS ?? 3);
const WINDOW_S = 15;
const PULL_LIMIT_MS = 900_000;
/** Loaded into the server with --import: its threads' V8 heaps, for the breakdown of its resident memory. */
const PROBE = fileURLToPath(new URL('memory-probe.mjs', import.meta.url));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What a process holds resident (MB, /proc/<pid>/status): its peak, now in all, and now as anonymous, file-backed and shared memory. */
interface Resident {
  peak: number;
  rss: number;
  anon: number;
  file: number;
  shmem: number;
  /** What made up `rss` (smaps and the threads' V8 heaps), MB by part: see `residentParts`. */
  parts: Parts;
}

const PARTS = ['main heap', 'worker heap', 'other anon', 'malloc brk', 'node binary', 'libraries', 'other'] as const;
type Parts = Record<(typeof PARTS)[number], number>;
const noParts = (): Parts => Object.fromEntries(PARTS.map((part) => [part, 0])) as Parts;

/** A thread's V8 heap as bench/memory-probe.mjs writes it. */
interface HeapSample {
  threadId: number;
  heapPhysical: number;
}

const MIB = 1024 * 1024;

/**
 * What `pid`'s resident memory is, from /proc/<pid>/smaps and the V8 heaps its running threads
 * reported (bench/memory-probe.mjs, in `probeDir`), MB: each thread's heap (its committed pages:
 * main thread, pull worker), the other anonymous mappings (pages V8 keeps pooled after a
 * collection, malloc's large blocks, thread stacks), malloc's brk heap ([heap]: buffers, zlib's
 * and SQLite's memory, the addons' small allocations; one arena), the node binary, the shared
 * libraries and addons, and the rest (shared memory: SQLite's -shm file; other files).
 */
function residentParts(pid: number, probeDir: string): Parts {
  const parts = noParts();
  const node = fs.realpathSync(process.execPath);
  let name = '';
  let anonymous = 0;
  for (const line of fs.readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const mapping = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (mapping) {
      name = mapping[1]!;
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (!rss) continue;
    const mb = Number(rss[1]) / 1024;
    if (name === '[heap]') parts['malloc brk'] += mb;
    else if (name === '' || name === '[stack]' || name.startsWith('[anon')) anonymous += mb;
    else if (name === node) parts['node binary'] += mb;
    else if (/\.(so(\.[\d.]+)?|node)$/.test(name)) parts.libraries += mb;
    else parts.other += mb;
  }
  for (const file of fs.readdirSync(probeDir).filter((f) => f.endsWith('.json'))) {
    try {
      const sample = JSON.parse(fs.readFileSync(path.join(probeDir, file), 'utf8')) as HeapSample;
      parts[sample.threadId === 0 ? 'main heap' : 'worker heap'] += sample.heapPhysical / MIB;
    } catch {
      // being replaced
    }
  }
  parts['other anon'] = anonymous - parts['main heap'] - parts['worker heap'];
  return parts;
}

function resident(pid: number, probeDir?: string): Resident {
  const mb = memoryMb(pid, ['VmHWM', 'VmRSS', 'RssAnon', 'RssFile', 'RssShmem']);
  return {
    peak: mb.VmHWM,
    rss: mb.VmRSS,
    anon: mb.RssAnon,
    file: mb.RssFile,
    shmem: mb.RssShmem,
    parts: probeDir ? residentParts(pid, probeDir) : noParts(),
  };
}

/** Samples `pid`'s resident memory every 100 ms until stopped: the highest sample, with the peak as last read. */
function watchResident(pid: number, probeDir: string): () => Resident {
  let highest: Resident = { peak: 0, rss: 0, anon: 0, file: 0, shmem: 0, parts: noParts() };
  const sample = () => {
    try {
      const now = resident(pid);
      if (Number.isNaN(now.rss)) return; // an ended process's status has no memory figures
      // smaps is read only for a new highest sample: it costs a few ms.
      highest = now.rss > highest.rss ? resident(pid, probeDir) : { ...highest, peak: now.peak };
    } catch {
      // the process has ended
    }
  };
  const timer = setInterval(sample, 100);
  return () => {
    clearInterval(timer);
    sample();
    return highest;
  };
}

interface Round {
  /** Its number in the run (1, 2, …), every set taking a turn in each. */
  number: number;
  flags: string;
  pull: LoadResult;
  quiet: LoadResult;
  /** The pull was still running when the load under it ended. */
  covered: boolean;
  pullSeconds: number;
  /** The peak (VmHWM), and what made up the highest VmRSS sampled until the pull ended. */
  pullMemory: Resident;
  /** What made up the highest VmRSS sampled after the pull, the second load running. */
  afterMemory: Resident;
}

async function round(feedUrl: string, words: string[]): Promise<Omit<Round, 'number'>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-bench-pull-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const probeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-bench-probe-'));
  const site = siteCommand(words, DIST_DIR, { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info', BENCH_MEMORY_PROBE: probeDir });
  const [command, args] = pinned(0, process.execPath, ['--import', pathToFileURL(PROBE).href, ...site.args]);
  const env = site.env;
  const server = spawn(command, args, { env: { ...env, FEEDS: `big=${feedUrl}` }, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  server.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const pulled = () => /"msg":"feed pull(ed| failed)/.test(out);
  const duringPull = watchResident(server.pid!, probeDir);
  let afterPull: (() => Resident) | undefined;
  try {
    const started = performance.now();
    await waitUntilReady(`${base}/healthz`, server);
    const search = await (await fetch(`${base}/search/spain/alicante/torrevieja`)).text();
    const page = `${base}/for-sale/${/data-project="(\d+)"/.exec(search)?.[1] ?? 1}`;
    const load = () => runLoad({ url: page, connections: 4, duration: WINDOW_S, warmup: 1, headers: { 'accept-encoding': 'gzip' } });
    const pull = await load();
    const covered = !pulled();
    while (!pulled()) {
      if (performance.now() - started > PULL_LIMIT_MS) throw new Error('the pull did not end in time');
      if (server.exitCode !== null || server.signalCode !== null)
        throw new Error(`the server ended during the pull (${server.signalCode ?? `exit code ${server.exitCode}`})`);
      await sleep(200);
    }
    if (!/"msg":"feed pulled"/.test(out))
      throw new Error(`the pull failed: ${out.split('\n').find((l) => l.includes('feed pull failed'))}`);
    const pullSeconds = (performance.now() - started) / 1000;
    const pullMemory = duringPull();
    afterPull = watchResident(server.pid!, probeDir);
    const quiet = await load();
    return { flags: flagsName(words), pull, quiet, covered, pullSeconds, pullMemory, afterMemory: afterPull() };
  } finally {
    duringPull();
    afterPull?.();
    await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(probeDir, { recursive: true, force: true });
  }
}

export async function runPullPagesBench(): Promise<void> {
  console.log(machineLine());
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-bench-feed-'));
  const file = path.join(dir, 'feed.xml');
  const out = fs.createWriteStream(file);
  const counts = await writeFeed(out, { projects: PROJECTS });
  out.end();
  await finished(out);
  const feedServer = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/xml' });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
  const feedUrl = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/feed.xml`;
  console.log(
    `# a pull of ${(fs.statSync(file).size / 1e6).toFixed(1)} MB (${counts.projects} developments, ${counts.units} units); ` +
      `4 connections ask a property page (gzip) for ${WINDOW_S} s during the pull, then for ${WINDOW_S} s after it; ${ROUNDS} rounds`,
  );
  const flagSets = serverFlagSets();
  if (flagSets.length > 1) console.log(`# node flags, taking turns in every round: ${flagSets.map(flagsName).join('; ')}`);
  const rounds: Round[] = [];
  try {
    for (let i = 0; i < ROUNDS; i++)
      // Who goes first turns each round, so that no set always follows another.
      for (let j = 0; j < flagSets.length; j++) {
        const words = flagSets[(i + j) % flagSets.length]!;
        let r: Round;
        try {
          r = { ...(await round(feedUrl, words)), number: i + 1 };
        } catch (error) {
          // A server stopped from outside (a shared machine) costs its round, not the run.
          console.log(`# round ${i + 1}, ${flagsName(words)}: failed, ${error instanceof Error ? error.message : String(error)}`);
          continue;
        }
        console.log(
          `# round ${r.number}, ${r.flags}: peak RSS ${r.afterMemory.peak.toFixed(0)} MB; during the pull ${r.pullMemory.rss.toFixed(0)} MB, ` +
            `p99 ${r.pull.latencyMs.p99.toFixed(1)} ms`,
        );
        rounds.push(r);
      }
  } finally {
    feedServer.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const ratio = (r: Round) => r.pull.latencyMs.p99 / r.quiet.latencyMs.p99;
  console.log(
    textTable(
      [
        'round',
        'node flags',
        'quiet p99 ms',
        'pull p99 ms',
        'p99 ratio',
        'quiet req/s',
        'pull req/s',
        'pull s',
        'peak RSS MB',
        'pull RSS',
        'after RSS',
        'anon',
        'file',
        'shmem',
      ],
      rounds.map((r) => [
        `${r.number}${r.covered ? '' : ' (pull ended first)'}`,
        r.flags,
        r.quiet.latencyMs.p99.toFixed(1),
        r.pull.latencyMs.p99.toFixed(1),
        ratio(r).toFixed(2),
        r.quiet.requestsPerSecond.toFixed(0),
        r.pull.requestsPerSecond.toFixed(0),
        r.pullSeconds.toFixed(0),
        r.afterMemory.peak.toFixed(0),
        r.pullMemory.rss.toFixed(0),
        r.afterMemory.rss.toFixed(0),
        r.pullMemory.anon.toFixed(0),
        r.pullMemory.file.toFixed(0),
        r.pullMemory.shmem.toFixed(0),
      ]),
      2,
    ),
  );
  console.log(
    '\nThe highest resident memory sampled (every 100 ms) during the pull and after it, by part (MB; bench/memory-probe.mjs, /proc/<pid>/smaps):',
  );
  console.log(
    textTable(
      ['round', 'node flags', 'when', 'RSS', ...PARTS],
      rounds.flatMap((r) =>
        (
          [
            ['during the pull', r.pullMemory],
            ['after it', r.afterMemory],
          ] as const
        ).map(([when, m]) => [`${r.number}`, r.flags, when, m.rss.toFixed(0), ...PARTS.map((part) => m.parts[part].toFixed(0))]),
      ),
      3,
    ),
  );
  for (const name of flagSets.map(flagsName)) {
    const mine = rounds.filter((r) => r.flags === name);
    const ratios = mine.map(ratio);
    const peaks = mine.map((r) => r.afterMemory.peak);
    const duringPull = mine.map((r) => r.pullMemory.rss);
    const afterPull = mine.map((r) => r.afterMemory.rss);
    const p99s = mine.map((r) => r.pull.latencyMs.p99);
    const quietP99s = mine.map((r) => r.quiet.latencyMs.p99);
    console.log(
      `${name}: p99 ratio (during the pull / after it) median ${median(ratios).toFixed(2)} (${spread(ratios, 2)}), goal ≤ 2; ` +
        `p99 during the pull ${median(p99s).toFixed(1)} ms (${spread(p99s, 1)}), after it ${median(quietP99s).toFixed(1)} ms (${spread(quietP99s, 1)}); ` +
        `peak RSS ${median(peaks).toFixed(0)} MB (${spread(peaks)}); highest sampled during the pull ${median(duringPull).toFixed(0)} MB ` +
        `(${spread(duringPull)}), after it ${median(afterPull).toFixed(0)} MB (${spread(afterPull)})`,
    );
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await runPullPagesBench();
