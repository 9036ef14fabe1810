// `npm run bench`: first the size of what each page loads (bench/sizes.ts),
// then the production server under load on loopback, in one run: the
// homepage, a place search with results and a property page rendered by React
// on the server, each beside the very same bytes served as a static file by
// the same server, and a 404 page. Prints figures and the SSR/static ratios;
// never passes or fails. Then the catalogue's figures (search, import).
// BENCH_ONLY=sizes|http|passwords|catalogue (or a comma list) runs only those parts.
//
// The server runs pinned to core 0 and the load generator (bench/load.ts, in
// its own process) to core 1 when `taskset` exists and there are two cores, so
// the two do not fight over one CPU. Each scenario is bounded in time.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LoadOptions, LoadResult } from './load.ts';
import { runSearchBench } from './search.ts';
import { runImportBench } from './import.ts';
import { runPasswordBurstBench } from './password-burst.ts';
import { runClientBench } from './client.ts';
import { DIST_DIR, runSizes } from './sizes.ts';
import { textTable } from './table.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STATIC_DIR = path.join(DIST_DIR, 'client/assets');
/** A place whose search has results in the demo data. */
const PLACE_SEARCH = '/search/spain/alicante/torrevieja';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 2);
const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 15_000;

interface Scenario {
  name: string;
  path: string;
  /** The status every response must have for the figures to mean anything. */
  status: number;
}

/** A server-rendered page and its static twin: the same bytes as a file. */
interface PagePair {
  name: string;
  ssr: Scenario;
  static: Scenario;
  bytes: number;
}

const NOT_FOUND: Scenario = { name: '404 page SSR', path: '/no/such/page/here', status: 404 };

function hasTaskset(): boolean {
  return spawnSync('taskset', ['-V'], { stdio: 'ignore' }).status === 0;
}

const cores = os.availableParallelism();
const pin = hasTaskset() && cores >= 2;

/** The command, pinned to `core` when pinning is possible. */
function pinned(core: number, command: string, args: string[]): [string, string[]] {
  return pin ? ['taskset', ['-c', String(core), command, ...args]] : [command, args];
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitUntilReady(base: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode} before it was ready`);
    try {
      const res = await fetch(`${base}/readyz`);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server was not ready within ${START_TIMEOUT_MS} ms`);
}

function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => server.kill('SIGKILL'), STOP_TIMEOUT_MS);
    server.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    server.kill('SIGTERM');
  });
}

/** The load generator running now, stopped with the server on an interrupt. */
let loadChild: ChildProcess | null = null;

function runLoad(options: LoadOptions): Promise<LoadResult> {
  const [command, args] = pinned(1, process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/load.ts'), JSON.stringify(options)]);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    loadChild = child;
    child.once('exit', () => {
      if (loadChild === child) loadChild = null;
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`the load generator exited with code ${code}`));
      try {
        resolve(JSON.parse(out.trim().split('\n').pop() ?? '') as LoadResult);
      } catch {
        reject(new Error(`the load generator printed no result: ${out}`));
      }
    });
  });
}

const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

function table(rows: Array<{ scenario: Scenario; result: LoadResult }>): string {
  const header = ['scenario', 'path', 'req/s', 'p50 ms', 'p99 ms', 'mean ms', 'max ms', 'bytes/resp', 'statuses', 'errors'];
  const lines = rows.map(({ scenario, result }) => [
    scenario.name,
    scenario.path,
    fmt(result.requestsPerSecond),
    fmt(result.latencyMs.p50, 2),
    fmt(result.latencyMs.p99, 2),
    fmt(result.latencyMs.mean, 2),
    fmt(result.latencyMs.max, 1),
    fmt(result.bytesPerResponse),
    Object.entries(result.statuses)
      .map(([code, n]) => `${code}×${n}`)
      .join(' '),
    String(result.errors + result.timeouts),
  ]);
  return textTable(header, lines, 2);
}

/** The static copies written by this run, removed at the end. */
const staticFiles: string[] = [];

/**
 * Saves the bytes the server renders for `page` as /assets/bench-{key}.html,
 * checks the server serves them back unchanged, and pairs the two.
 */
async function staticTwin(base: string, name: string, key: string, page: string): Promise<PagePair> {
  const res = await fetch(`${base}${page}`);
  if (!res.ok) throw new Error(`GET ${page} answered ${res.status}`);
  const html = Buffer.from(await res.arrayBuffer());
  const file = path.join(STATIC_DIR, `bench-${key}.html`);
  staticFiles.push(file);
  fs.writeFileSync(file, html);
  const copyPath = `/assets/bench-${key}.html`;
  const copy = await fetch(`${base}${copyPath}`);
  const copied = Buffer.from(await copy.arrayBuffer());
  if (!copy.ok || copied.length !== html.length)
    throw new Error(`the static copy of ${page} is not served as written (HTTP ${copy.status}, ${copied.length} of ${html.length} bytes)`);
  return {
    name,
    ssr: { name: `${name} SSR`, path: page, status: 200 },
    static: { name: `${name} static`, path: copyPath, status: 200 },
    bytes: html.length,
  };
}

/** Each page's SSR beside its static twin: the share of throughput rendering keeps, and the p99 it adds. */
function ratios(rows: Array<{ name: string; ssr: LoadResult; static: LoadResult }>): string {
  const header = ['page', 'SSR req/s', 'static req/s', 'SSR/static req/s', 'SSR p99 ms', 'static p99 ms', 'p99 SSR/static'];
  const lines = rows.map((r) => [
    r.name,
    fmt(r.ssr.requestsPerSecond),
    fmt(r.static.requestsPerSecond),
    fmt(r.ssr.requestsPerSecond / r.static.requestsPerSecond, 3),
    fmt(r.ssr.latencyMs.p99, 2),
    fmt(r.static.latencyMs.p99, 2),
    `${fmt(r.ssr.latencyMs.p99 / r.static.latencyMs.p99, 1)}×`,
  ]);
  return textTable(header, lines);
}

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(DIST_DIR, 'client/manifest.json')))
    throw new Error('the client build is missing: run `npm run bench` (it builds first)');

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-bench-'));
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production' };
  const [command, args] = pinned(0, process.execPath, ['--import', 'tsx', path.join(ROOT, 'src/server/main.ts')]);
  const server = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] });

  let cleaned = false;
  const cleanup = async () => {
    if (cleaned) return;
    cleaned = true;
    if (loadChild && loadChild.exitCode === null) loadChild.kill('SIGTERM');
    for (const file of staticFiles) fs.rmSync(file, { force: true });
    await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const interrupted = (signal: NodeJS.Signals) => {
    void cleanup().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);

  try {
    await waitUntilReady(base, server);

    // The property page of a project the place search shows.
    const searchHtml = await (await fetch(`${base}${PLACE_SEARCH}`)).text();
    const projectId = /data-project="(\d+)"/.exec(searchHtml)?.[1];
    if (!projectId) throw new Error(`${PLACE_SEARCH} shows no project`);
    const pages: PagePair[] = [];
    for (const [name, key, page] of [
      ['homepage', 'home', '/'],
      ['search', 'search', PLACE_SEARCH],
      ['property', 'property', `/for-sale/${projectId}`],
    ] as const) {
      pages.push(await staticTwin(base, name, key, page));
    }

    console.log(`# node ${process.version}, ${cores} cores, ${os.cpus()[0]?.model ?? 'unknown CPU'}`);
    console.log(
      pin
        ? '# server pinned to core 0, load generator to core 1 (taskset)'
        : `# not pinned (${hasTaskset() ? 'only one core' : 'taskset not found'}): server and load generator share the CPUs, figures are lower and noisier`,
    );
    console.log(`# ${CONNECTIONS} connections, ${WARMUP_S} s warm-up then ${DURATION_S} s measured per scenario, on loopback`);
    console.log(`# ${pages.map((p) => `${p.name} ${p.ssr.path} ${p.bytes} bytes`).join('; ')}`);

    // Each page's SSR and then its static twin, so a pair is measured close in time.
    const results = new Map<Scenario, LoadResult>();
    for (const scenario of [...pages.flatMap((p) => [p.ssr, p.static]), NOT_FOUND]) {
      process.stdout.write(`# ${scenario.name} …\n`);
      const result = await runLoad({ url: `${base}${scenario.path}`, connections: CONNECTIONS, duration: DURATION_S, warmup: WARMUP_S });
      const wrong = Object.entries(result.statuses).filter(([code]) => Number(code) !== scenario.status);
      if (wrong.length || result.errors || result.timeouts)
        console.log(
          `# warning: ${scenario.name} expected only HTTP ${scenario.status}; got ${JSON.stringify(result.statuses)}, ${result.errors} errors, ${result.timeouts} timeouts`,
        );
      results.set(scenario, result);
    }

    console.log('');
    console.log(table([...results].map(([scenario, result]) => ({ scenario, result }))));
    console.log('');
    const homeStatic = results.get(pages[0]!.static)!;
    console.log(
      ratios([
        ...pages.map((p) => ({ name: p.name, ssr: results.get(p.ssr)!, static: results.get(p.static)! })),
        { name: '404 (vs homepage static)', ssr: results.get(NOT_FOUND)!, static: homeStatic },
      ]),
    );
  } finally {
    await cleanup();
  }
}

const PARTS = ['sizes', 'http', 'passwords', 'catalogue', 'client'] as const;
type Part = (typeof PARTS)[number];

/** BENCH_ONLY: a comma list of parts (e.g. `sizes` or `http,catalogue`); all of them when unset. */
function partsToRun(only = process.env.BENCH_ONLY ?? ''): Set<Part> {
  const asked = only
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const unknown = asked.filter((p) => !(PARTS as readonly string[]).includes(p));
  if (unknown.length) throw new Error(`BENCH_ONLY: unknown part ${unknown.join(', ')} (one or more of ${PARTS.join(', ')})`);
  return new Set(asked.length ? (asked as Part[]) : PARTS);
}

// The page sizes first (a second), then the HTTP figures, then the catalogue's: search in-process, and import.
async function all(): Promise<void> {
  const parts = partsToRun();
  if (parts.has('sizes')) {
    console.log('## What each page loads\n');
    runSizes();
  }
  if (parts.has('http')) {
    console.log('\n## Pages under load\n');
    await main();
  }
  if (parts.has('passwords')) {
    console.log('\n## Pages during a burst of password requests\n');
    await runPasswordBurstBench();
  }
  if (parts.has('catalogue')) {
    console.log('\n## Catalogue search\n');
    await runSearchBench();
    console.log('\n## Catalogue import\n');
    await runImportBench();
  }
  if (parts.has('client')) {
    console.log('\n## Before interaction (Chromium, Lighthouse)\n');
    await runClientBench();
  }
}

all().catch((error: unknown) => {
  console.error(`bench failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
