// The browser's main-thread work on a phone before interaction, in CPU time:
// what Lighthouse's total blocking time grows with, measured so that two builds
// can be compared on a busy machine. Lighthouse scales the wall-clock length of
// each task it observes (4× CPU slowdown), so other load on the machine moves
// its figures by hundreds of milliseconds; a trace event's thread time (`tdur`)
// counts only the CPU the renderer's main thread spent, which load disturbs far less.
//
// For each checkout (this one and BENCH_CLIENT_CHECKOUT's, both built), the
// production server on a fresh demo store; rounds interleave the checkouts and
// the pages. Printed per page and checkout, medians over the rounds:
// - busy: thread time of every top-level task on the renderer's main thread;
// - blocking: Σ max(0, 4 × task − 50 ms), Lighthouse's TBT rule on thread time
//   (an estimate of its TBT on a machine as fast as this one, without the load);
// - the blocking time by what its tasks mostly did (evaluating modules, other
//   script, style and layout, paint, parsing HTML).
//
//   npx tsx bench/main-thread.ts                                   (this build)
//   BENCH_CLIENT_CHECKOUT=/tmp/other npx tsx bench/main-thread.ts  (and another, to compare)
//   BENCH_ROUNDS=7 BENCH_BLOCK='*/media/images/*' …               (more rounds; requests left out)
//   BENCH_LIST_TASKS=1 …                                           (each long task and what it did)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'puppeteer-core';
import { startSite } from '../test/helpers/site-process.ts';
import { PHONE, budgetedPages, launchBenchBrowser } from './phone-pages.ts';
import { median, textTable } from './table.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHECKOUTS = [ROOT, ...(process.env.BENCH_CLIENT_CHECKOUT ? [path.resolve(process.env.BENCH_CLIENT_CHECKOUT)] : [])];
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const LIST_TASKS = process.env.BENCH_LIST_TASKS === '1';
const BLOCKED = process.env.BENCH_BLOCK ? process.env.BENCH_BLOCK.split(',') : [];
/** Lighthouse's mobile CPU slowdown and its long-task threshold. */
const SLOWDOWN = 4;
const LONG_TASK_MS = 50;
/** After the load event, time for hydration and idle work to show in the trace. */
const SETTLE_MS = 3_000;

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; beginData?: { url?: string } };
}

interface Sample {
  busy: number;
  blocking: number;
  /** Blocking time by the kind of its tasks. */
  kinds: Record<string, number>;
}

/** What a top-level task mostly did: the first of these found among its heaviest slices. */
const KINDS: Array<[string, RegExp]> = [
  ['module evaluation', /^v8\.evaluateModule$/],
  ['script', /^(FunctionCall|v8\.callFunction|EventDispatch|TimerFire|FireAnimationFrame)$/],
  ['style & layout', /^(Layout|UpdateLayoutTree)$/],
  ['paint', /^(Paint|PrePaint|Layerize)$/],
  ['HTML', /^ParseHTML$/],
];

/** The page's renderer main thread: its top-level tasks, in ms of thread time, each with its kind. */
function tasksOf(events: TraceEvent[], origin: string): Array<{ at: number; ms: number; kind: string; inside: string }> {
  // The page's renderer (not the blank page's before navigation): the main thread that parsed its HTML.
  const parse = events.find((e) => e.name === 'ParseHTML' && e.args?.beginData?.url?.startsWith(origin));
  const main = events.find(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === parse?.pid && e.tid === parse.tid,
  );
  if (!main) throw new Error('no renderer main thread in the trace');
  const slices = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.tdur !== undefined)
    .sort((a, b) => a.ts - b.ts);
  const start = slices[0]?.ts ?? 0;
  const tasks = [];
  let end = -Infinity;
  for (const [i, e] of slices.entries()) {
    if (e.ts < end || !/RunTask$/.test(e.name)) continue;
    end = e.ts + (e.dur ?? 0);
    const inside: TraceEvent[] = [];
    for (let j = i + 1; j < slices.length && slices[j]!.ts < end; j++) inside.push(slices[j]!);
    inside.sort((a, b) => b.tdur! - a.tdur!);
    const kind = KINDS.find(([, pattern]) => inside.some((c) => pattern.test(c.name) && c.tdur! > e.tdur! / 3))?.[0] ?? 'other';
    const heaviest = inside.filter((c) => c.tdur! > 2000).slice(0, 6);
    tasks.push({
      at: (e.ts - start) / 1000,
      ms: e.tdur! / 1000,
      kind,
      inside: heaviest.map((c) => `${c.name} ${(c.tdur! / 1000).toFixed(1)}`).join(' | '),
    });
  }
  return tasks;
}

function analyse(events: TraceEvent[], origin: string): Sample {
  const tasks = tasksOf(events, origin);
  const kinds: Record<string, number> = {};
  let busy = 0;
  let blocking = 0;
  for (const task of tasks) {
    busy += task.ms;
    const blocked = Math.max(0, SLOWDOWN * task.ms - LONG_TASK_MS);
    blocking += blocked;
    kinds[task.kind] = (kinds[task.kind] ?? 0) + blocked;
    if (LIST_TASKS && task.ms * SLOWDOWN > LONG_TASK_MS)
      console.log(`  ${task.at.toFixed(0)} ms: ${task.ms.toFixed(1)} ms, ${task.kind}: ${task.inside}`);
  }
  return { busy, blocking, kinds };
}

async function tracePage(browser: Browser, url: string): Promise<Sample> {
  const page = await browser.newPage();
  try {
    await page.emulate({ viewport: PHONE, userAgent: (await browser.userAgent()).replace('HeadlessChrome', 'Chrome') });
    if (BLOCKED.length) {
      const cdp = await page.createCDPSession();
      await cdp.send('Network.setBlockedURLs', { urls: BLOCKED });
    }
    const file = path.join(os.tmpdir(), `main-thread-${process.pid}.json`);
    await page.tracing.start({
      path: file,
      categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink', 'v8'],
    });
    await page.goto(url, { waitUntil: 'load', timeout: 90_000 });
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    await page.tracing.stop();
    const { traceEvents } = JSON.parse(fs.readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] };
    fs.rmSync(file, { force: true });
    return analyse(traceEvents, new URL(url).origin);
  } finally {
    await page.close();
  }
}

async function main(): Promise<void> {
  const teardowns: Array<() => unknown> = [];
  const t = { teardown: (fn: () => unknown) => void teardowns.push(fn) };
  const dataDirs: string[] = [];
  try {
    const sites = [];
    for (const checkout of CHECKOUTS) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'main-thread-'));
      dataDirs.push(dataDir);
      const site = await startSite(t, path.basename(checkout), { NODE_ENV: 'production', DATA_DIR: dataDir }, { cwd: checkout });
      const base = `http://127.0.0.1:${site.port}`;
      sites.push({ checkout, base, pages: await budgetedPages(base) });
    }
    const browser = await launchBenchBrowser();
    teardowns.push(() => browser.close());
    const samples = new Map<string, Sample[]>();
    for (let round = 0; round < ROUNDS; round++)
      for (const [i, name] of (['home', 'search', 'property'] as const).entries())
        for (const site of sites) {
          if (LIST_TASKS) console.log(`${name}, ${path.basename(site.checkout)}, round ${round + 1}: long tasks`);
          const key = `${name}\t${path.basename(site.checkout)}`;
          samples.set(key, [...(samples.get(key) ?? []), await tracePage(browser, site.base + site.pages[i]!.path)]);
        }
    const kindNames = [...KINDS.map(([kind]) => kind), 'other'];
    const rows = [...samples].map(([key, list]) => {
      const [page, checkout] = key.split('\t');
      const med = (pick: (s: Sample) => number) => median(list.map(pick)).toFixed(0);
      const busy = list.map((s) => s.busy);
      return [
        page!,
        checkout!,
        `${med((s) => s.busy)} (${Math.min(...busy).toFixed(0)}–${Math.max(...busy).toFixed(0)})`,
        med((s) => s.blocking),
        ...kindNames.map((kind) => med((s) => s.kinds[kind] ?? 0)),
      ];
    });
    console.log(
      `# renderer main thread, thread time in ms, medians of ${ROUNDS} rounds; blocking = Σ max(0, ${SLOWDOWN} × task − ${LONG_TASK_MS})${BLOCKED.length ? `; blocked: ${BLOCKED.join(', ')}` : ''}`,
    );
    console.log(textTable(['page', 'checkout', 'busy (range)', 'blocking', ...kindNames.map((kind) => `of which ${kind}`)], rows));
  } finally {
    for (const fn of teardowns.reverse()) await fn();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
