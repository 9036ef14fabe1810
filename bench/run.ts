// `npm run bench`: the production server under load on loopback, in one run,
// for three things side by side: the homepage rendered by React on the server,
// a 404 page, and the very same homepage bytes served as a static file by the
// same server. Prints figures and the SSR/static ratio; never passes or fails.
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

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STATIC_DIR = path.join(ROOT, 'dist/client/assets');
const STATIC_NAME = 'bench-home.html';
const STATIC_FILE = path.join(STATIC_DIR, STATIC_NAME);

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

const SCENARIOS: Scenario[] = [
  { name: 'homepage SSR', path: '/', status: 200 },
  { name: '404 page SSR', path: '/no/such/page/here', status: 404 },
  { name: 'homepage static', path: `/assets/${STATIC_NAME}`, status: 200 },
];

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
    Object.entries(result.statuses).map(([code, n]) => `${code}×${n}`).join(' '),
    String(result.errors + result.timeouts),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const row = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [row(header), widths.map((w) => '-'.repeat(w)).join('  '), ...lines.map(row)].join('\n');
}

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(ROOT, 'dist/client/manifest.json'))) throw new Error('the client build is missing: run `npm run bench` (it builds first)');

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
    fs.rmSync(STATIC_FILE, { force: true });
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

    // The static copy: exactly the bytes the server renders for the homepage.
    const home = await fetch(`${base}/`);
    if (!home.ok) throw new Error(`GET / answered ${home.status}`);
    const html = Buffer.from(await home.arrayBuffer());
    fs.writeFileSync(STATIC_FILE, html);
    const copy = await fetch(`${base}/assets/${STATIC_NAME}`);
    const copied = Buffer.from(await copy.arrayBuffer());
    if (!copy.ok || copied.length !== html.length) throw new Error(`the static copy is not served as written (HTTP ${copy.status}, ${copied.length} of ${html.length} bytes)`);

    console.log(`# node ${process.version}, ${cores} cores, ${os.cpus()[0]?.model ?? 'unknown CPU'}`);
    console.log(
      pin
        ? '# server pinned to core 0, load generator to core 1 (taskset)'
        : `# not pinned (${hasTaskset() ? 'only one core' : 'taskset not found'}): server and load generator share the CPUs, figures are lower and noisier`,
    );
    console.log(`# ${CONNECTIONS} connections, ${WARMUP_S} s warm-up then ${DURATION_S} s measured per scenario, on loopback; homepage ${html.length} bytes`);

    const rows: Array<{ scenario: Scenario; result: LoadResult }> = [];
    for (const scenario of SCENARIOS) {
      process.stdout.write(`# ${scenario.name} …\n`);
      const result = await runLoad({ url: `${base}${scenario.path}`, connections: CONNECTIONS, duration: DURATION_S, warmup: WARMUP_S });
      const wrong = Object.entries(result.statuses).filter(([code]) => Number(code) !== scenario.status);
      if (wrong.length || result.errors || result.timeouts)
        console.log(`# warning: ${scenario.name} expected only HTTP ${scenario.status}; got ${JSON.stringify(result.statuses)}, ${result.errors} errors, ${result.timeouts} timeouts`);
      rows.push({ scenario, result });
    }

    console.log('');
    console.log(table(rows));
    const ssr = rows[0]!.result;
    const notFound = rows[1]!.result;
    const stat = rows[2]!.result;
    console.log('');
    console.log(`SSR/static requests/s: ${fmt(ssr.requestsPerSecond / stat.requestsPerSecond, 3)}  (static serves ${fmt(stat.requestsPerSecond / ssr.requestsPerSecond, 1)}× as many)`);
    console.log(`SSR/static p99 latency: ${fmt(ssr.latencyMs.p99 / stat.latencyMs.p99, 1)}×`);
    console.log(`404/static requests/s: ${fmt(notFound.requestsPerSecond / stat.requestsPerSecond, 3)}, p99 ${fmt(notFound.latencyMs.p99 / stat.latencyMs.p99, 1)}×`);
  } finally {
    await cleanup();
  }
}

// The HTTP figures first, then the catalogue's: search in-process, and import.
async function all(): Promise<void> {
  await main();
  const only = process.env.BENCH_ONLY; // e.g. BENCH_ONLY=http to skip the catalogue figures
  if (only && only !== 'catalogue') return;
  console.log('\n## Catalogue search\n');
  await runSearchBench();
  console.log('\n## Catalogue import\n');
  await runImportBench();
}

all().catch((error: unknown) => {
  console.error(`bench failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
