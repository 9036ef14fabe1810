// What a page costs the origin (issue 12): the production build
// (dist/server/main.js) serving the search page (12 cards) and a property
// page, each beside a bare @fastify/static server (bench/static-server.ts, its
// own process, none of the site's hooks) serving the very same bytes. Every
// server is pinned to core 0 and the load (bench/load.ts) to core 1; for each
// run the server's CPU time (user + system, every thread, /proc/<pid>/stat) is
// read before and after, so the figure that matters is requests per
// CPU-second, which the rest of the machine's load changes far less than
// requests per wall-clock second (printed too). Each page with and without
// `Accept-Encoding: br, gzip` (the static server then sends a .br file made
// beforehand at Brotli's best, as a CDN or nginx with precompressed files
// would). Rounds are interleaved (the page and its static twin back to back,
// which goes first alternating), medians and the spread are printed, and the
// ratio page ÷ static. Beside them, React's floor (bench/react-floor-server.ts):
// the same saved pages rendered by React alone from a prebuilt element tree, the
// least a server that streams its pages with React can spend on them.
// BENCH_ORIGIN_BASELINE=<other checkouts, built, comma-separated> adds each
// checkout's server as one more column, measured in the same rounds, and so
// does each set of node flags in BENCH_NODE_FLAGS (bench/processes.ts; the site
// runs with npm start's flags otherwise); BENCH_ORIGIN_PAGES=property measures
// that page alone. Last, the budget: each site ÷ React's
// floor per CPU-second, against ORIGIN_BUDGET.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { LoadResult } from './load.ts';
import {
  cpuSeconds,
  flagsName,
  freePort,
  machineLine,
  pinned,
  ROOT,
  runLoad,
  serverFlagSets,
  startWords,
  siteCommand,
  stopLoad,
  stopServer,
  waitUntilReady,
} from './processes.ts';
import { DIST_DIR } from './sizes.ts';
import { fmt, median, spread, textTable } from './table.ts';

/** A region whose search shows a full page of results (12 cards) in the demo data. */
const PLACE_SEARCH = '/search/spain/alicante';
const ROUNDS = Number(process.env.BENCH_ORIGIN_ROUNDS ?? 3);
const DURATION_S = Number(process.env.BENCH_ORIGIN_DURATION ?? 3);
const WARMUP_S = Number(process.env.BENCH_ORIGIN_WARMUP ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** BENCH_ORIGIN_PAGES: which pages to measure, a comma list of `search` and `property`. */
const PAGES = (process.env.BENCH_ORIGIN_PAGES ?? 'search,property').split(',').map((p) => p.trim());
const BROWSER_ENCODING = { 'accept-encoding': 'br, gzip' };
/** The origin's budget (DESIGN §10): the site serves at least this share of React's floor per CPU-second. */
export const ORIGIN_BUDGET = 0.3;

interface Server {
  name: string;
  base: string;
  process: ChildProcess;
  /** Serves the pages saved from the site (/search.html, /property.html) rather than the site's own routes. */
  copies: boolean;
}

interface Scenario {
  page: 'search' | 'property';
  encoded: boolean;
  server: Server;
  path: string;
}

interface Sample {
  load: LoadResult;
  cpu: number;
}

async function startServer(name: string, command: string, args: string[], env: NodeJS.ProcessEnv, port: number): Promise<Server> {
  const [cmd, argv] = pinned(0, command, args);
  const child = spawn(cmd, argv, { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  await waitUntilReady(`${base}/readyz`, child);
  return { name, base, process: child, copies: false };
}

/** A server of the saved copies in `dir`: `bench/<script> <dir> <port>`, pinned like the site. */
async function startCopiesServer(name: string, script: string, dir: string): Promise<Server> {
  const port = await freePort();
  const env = { ...process.env, NODE_ENV: 'production' };
  const server = await startServer(name, process.execPath, [path.join(ROOT, 'bench', script), dir, String(port)], env, port);
  return { ...server, copies: true };
}

async function startSite(name: string, distDir: string, dataDir: string, words = startWords()): Promise<Server> {
  const port = await freePort();
  const site = siteCommand(words, distDir, { PORT: String(port), DATA_DIR: dataDir, DIST_DIR: distDir, LOG_LEVEL: 'warn' });
  return startServer(name, process.execPath, site.args, site.env, port);
}

/** The page's bytes as the site sends them without compression, and its .br and .gz twins for the static server. */
async function saveCopy(site: Server, page: string, dir: string, name: string): Promise<string> {
  const res = await fetch(`${site.base}${page}`, { headers: { 'accept-encoding': 'identity' } });
  if (!res.ok) throw new Error(`GET ${page} answered ${res.status}`);
  const html = Buffer.from(await res.arrayBuffer());
  fs.writeFileSync(path.join(dir, name), html);
  fs.writeFileSync(path.join(dir, `${name}.br`), zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  fs.writeFileSync(path.join(dir, `${name}.gz`), zlib.gzipSync(html, { level: 9 }));
  return html.toString();
}

/** Checks a scenario answers 200 with the expected encoding before it is measured. */
async function check(s: Scenario): Promise<void> {
  const res = await fetch(`${s.server.base}${s.path}`, { headers: s.encoded ? BROWSER_ENCODING : { 'accept-encoding': 'identity' } });
  await res.arrayBuffer();
  const encoding = res.headers.get('content-encoding') ?? 'identity';
  if (res.status !== 200) throw new Error(`${s.server.name} ${s.path} answered ${res.status}`);
  if (s.encoded !== (encoding !== 'identity'))
    console.log(`# note: ${s.server.name} ${s.path} sends ${encoding} when asked ${s.encoded ? 'br, gzip' : 'identity'}`);
}

async function measure(s: Scenario, duration: number): Promise<Sample> {
  const pid = s.server.process.pid!;
  const before = cpuSeconds(pid);
  const load = await runLoad({
    url: `${s.server.base}${s.path}`,
    connections: CONNECTIONS,
    duration,
    warmup: 0,
    ...(s.encoded ? { headers: BROWSER_ENCODING } : {}),
  });
  const cpu = cpuSeconds(pid) - before;
  const wrong = Object.keys(load.statuses).filter((code) => code !== '200');
  if (wrong.length || load.errors || load.timeouts)
    console.log(
      `# warning: ${s.server.name} ${s.path}: ${JSON.stringify(load.statuses)}, ${load.errors} errors, ${load.timeouts} timeouts`,
    );
  return { load, cpu };
}

const perCpu = (s: Sample) => s.load.requests / s.cpu;

function samplesOf(samples: Map<Scenario, Sample[]>, group: Scenario[], server: Server): Sample[] {
  return samples.get(group.find((s) => s.server === server)!)!;
}

/** `server` ÷ `base` per CPU-second in one scenario group: the ratio of the medians, and the range of the rounds' ratios. */
function perCpuRatio(samples: Map<Scenario, Sample[]>, group: Scenario[], server: Server, base: Server) {
  const xs = samplesOf(samples, group, server);
  const bases = samplesOf(samples, group, base);
  return {
    ratio: median(xs.map(perCpu)) / median(bases.map(perCpu)),
    rounds: spread(
      xs.map((x, i) => perCpu(x) / perCpu(bases[i]!)),
      3,
    ),
  };
}

export async function runOriginBench(): Promise<void> {
  if (!fs.existsSync(path.join(DIST_DIR, 'server/main.js')))
    throw new Error('the production build is missing: run `npm run bench` (it builds first)');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'site-bench-origin-'));
  const servers: Server[] = [];
  let cleaned = false;
  const cleanup = async () => {
    if (cleaned) return;
    cleaned = true;
    stopLoad();
    await Promise.all(servers.map((s) => stopServer(s.process)));
    fs.rmSync(tmp, { recursive: true, force: true });
  };
  const interrupted = (signal: NodeJS.Signals) => void cleanup().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);

  try {
    const staticDir = path.join(tmp, 'static');
    fs.mkdirSync(staticDir);
    const flagSets = serverFlagSets();
    for (const [i, flags] of flagSets.entries())
      servers.push(
        await startSite(flagSets.length > 1 ? `site (${flagsName(flags)})` : 'site', DIST_DIR, path.join(tmp, `site-data-${i}`), flags),
      );
    const site = servers[0]!;
    const baselines = (process.env.BENCH_ORIGIN_BASELINE ?? '').split(',').filter(Boolean);
    for (const [i, dir] of baselines.entries())
      servers.push(
        await startSite(path.basename(path.resolve(dir)), path.join(path.resolve(dir), 'dist'), path.join(tmp, `baseline-${i}`)),
      );

    const searchHtml = await saveCopy(site, PLACE_SEARCH, staticDir, 'search.html');
    const cards = new Set([...searchHtml.matchAll(/data-project="(\d+)"/g)].map((m) => m[1])).size;
    const projectId = /data-project="(\d+)"/.exec(searchHtml)?.[1];
    if (!projectId) throw new Error(`${PLACE_SEARCH} shows no project`);
    const propertyPath = `/for-sale/${projectId}`;
    const propertyHtml = await saveCopy(site, propertyPath, staticDir, 'property.html');
    const bare = await startCopiesServer('static', 'static-server.ts', staticDir);
    servers.push(bare);
    // React's floor: the same documents rendered by React alone from a prebuilt tree (bench/react-floor-server.ts).
    const floor = await startCopiesServer('react floor', 'react-floor-server.ts', staticDir);
    servers.push(floor);

    console.log(machineLine());
    console.log(
      `# ${CONNECTIONS} connections; ${ROUNDS} interleaved rounds of ${DURATION_S} s per scenario after a ${WARMUP_S} s warm-up; ` +
        `search ${PLACE_SEARCH} (${cards} cards, ${Buffer.byteLength(searchHtml)} bytes), property ${propertyPath} (${Buffer.byteLength(propertyHtml)} bytes)`,
    );

    const pages = [
      { page: 'search' as const, sitePath: PLACE_SEARCH, staticPath: '/search.html' },
      { page: 'property' as const, sitePath: propertyPath, staticPath: '/property.html' },
    ].filter((p) => PAGES.includes(p.page));
    // Per page and encoding: the site, the baselines if any, the static twin and React's floor.
    const groups = pages.flatMap((p) =>
      [false, true].map((encoded) =>
        servers.map((server): Scenario => ({ page: p.page, encoded, server, path: server.copies ? p.staticPath : p.sitePath })),
      ),
    );
    for (const group of groups) for (const s of group) await check(s);
    process.stdout.write('# warming up …\n');
    for (const group of groups) for (const s of group) await measure(s, WARMUP_S);

    const samples = new Map<Scenario, Sample[]>(groups.flat().map((s) => [s, []]));
    for (let round = 0; round < ROUNDS; round++) {
      process.stdout.write(`# round ${round + 1} of ${ROUNDS} …\n`);
      for (const group of groups) {
        // Who goes first turns each round, so that neither always follows the other.
        const order = group.map((_, i) => group[(i + round) % group.length]!);
        for (const s of order) samples.get(s)!.push(await measure(s, DURATION_S));
      }
    }

    console.log('');
    const header = ['page', 'Accept-Encoding', 'server', 'req/CPU-s', 'spread', 'req/s', 'spread', 'CPU busy', 'bytes/resp', 'p99 ms'];
    const lines = groups.flat().map((s) => {
      const xs = samples.get(s)!;
      return [
        s.page,
        s.encoded ? 'br, gzip' : '-',
        s.server.name,
        fmt(median(xs.map(perCpu))),
        spread(xs.map(perCpu)),
        fmt(median(xs.map((x) => x.load.requestsPerSecond))),
        spread(xs.map((x) => x.load.requestsPerSecond)),
        `${fmt(median(xs.map((x) => (100 * x.cpu) / x.load.seconds)))} %`,
        fmt(median(xs.map((x) => x.load.bytesPerResponse))),
        fmt(median(xs.map((x) => x.load.latencyMs.p99)), 1),
      ];
    });
    console.log(textTable(header, lines, 3));

    console.log('');
    const sites = servers.filter((s) => s !== bare);
    const ratioHeader = [
      'page',
      'Accept-Encoding',
      ...sites.flatMap((s) => [`${s.name} ÷ static per CPU-s`, 'rounds', `${s.name} ÷ static req/s`]),
    ];
    const ratioLines = groups.map((group) => [
      group[0]!.page,
      group[0]!.encoded ? 'br, gzip' : '-',
      ...sites.flatMap((server) => {
        const { ratio, rounds } = perCpuRatio(samples, group, server, bare);
        const wall = (server: Server) => median(samplesOf(samples, group, server).map((x) => x.load.requestsPerSecond));
        return [fmt(ratio, 3), rounds, fmt(wall(server) / wall(bare), 3)];
      }),
    ]);
    console.log(textTable(ratioHeader, ratioLines, 2));

    // The budget: each site's requests per CPU-second ÷ React's floor's, in the same rounds.
    console.log('');
    const budgeted = sites.filter((s) => s !== floor);
    const budgetHeader = ['page', 'Accept-Encoding', ...budgeted.flatMap((s) => [`${s.name} ÷ floor per CPU-s / budget`, 'rounds'])];
    const budgetLines = groups.map((group) => [
      group[0]!.page,
      group[0]!.encoded ? 'br, gzip' : '-',
      ...budgeted.flatMap((server) => {
        const { ratio, rounds } = perCpuRatio(samples, group, server, floor);
        return [`${fmt(ratio, 3)} / ${ORIGIN_BUDGET.toFixed(2)}${ratio < ORIGIN_BUDGET ? ' over budget' : ''}`, rounds];
      }),
    ]);
    console.log(`# budget: each site ≥ ${ORIGIN_BUDGET.toFixed(2)} of React's floor per CPU-second`);
    console.log(textTable(budgetHeader, budgetLines, 2));
  } finally {
    await cleanup();
    process.removeListener('SIGINT', interrupted);
    process.removeListener('SIGTERM', interrupted);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runOriginBench().catch((error: unknown) => {
    console.error(`bench failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  });
}
