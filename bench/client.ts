// What a phone's browser loads before the visitor does anything, and what
// Lighthouse makes of the pages (issue 12). The built production server
// (dist/server/main.js, as `npm start` runs it) on a fresh store with the demo
// catalogue, on loopback, once its photo job has prepared every picture (as a
// visitor meets the pages minutes after a start, not with the proxy's quick
// resizes of the first minutes; another checkout's site is measured as it
// comes); then, for the home, a place search and a property page:
//
// 1. Chromium (puppeteer-core, the system browser) at a phone's size loads the
//    page, in each of BENCH_JS_LANGUAGES (every language by default: each has
//    its own build), without interacting and lists every request until the network has
//    been idle for a while: JavaScript and CSS summed as transferred and as gzip
//    at zlib's default level (what @fastify/compress sends), with the page
//    chunks other pages' links prefetch in idle time (src/client/lib/prefetch.ts)
//    reported apart: they are not needed before interaction.
// 2. Lighthouse 13 (bench/lighthouse.ts), mobile defaults, BENCH_LIGHTHOUSE_RUNS
//    times per page (5): the medians of the category scores, TBT, LCP, CLS, FCP;
//    the same pages in each of BENCH_LIGHTHOUSE_LANGUAGES (en,de,nl: issue 24's
//    budgets hold in German and Dutch as in English).
//
//   BENCH_ONLY=client npm run bench    (builds first)
//   npx tsx bench/client.ts            (the last build; BENCH_LIGHTHOUSE_RUNS=0 for the request list alone)
//   BENCH_CLIENT_CHECKOUT=/tmp/co-main npx tsx bench/client.ts   (another checkout's build, to compare)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Browser } from 'puppeteer-core';
import { readManifest } from '../src/server/http/assets.ts';
import { photosWaiting } from '../src/server/feed-images/index.ts';
import { openStore } from '../src/server/store/db.ts';
import { startSite } from '../test/helpers/site-process.ts';
import { waitFor } from '../test/helpers/wait.ts';
import { JS_BUDGET, budgetLine } from './budgets.ts';
import { PHONE, budgetedPages, launchBenchBrowser } from './phone-pages.ts';
import { librariesFloor } from './js-floor.ts';
import { LIGHTHOUSE_RUNS, lighthouseMedians } from './lighthouse.ts';
import { textTable } from './table.ts';
import { LANGUAGES, inLanguage, isLanguage, type Language } from '../src/shared/languages.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The built checkout whose site is measured: this one, or BENCH_CLIENT_CHECKOUT (another commit's, built, to compare). */
const CHECKOUT = path.resolve(process.env.BENCH_CLIENT_CHECKOUT ?? ROOT);
const CHECKOUT_DIST = path.join(CHECKOUT, 'dist');
/** Quiet for this long counts as idle: prefetches wait for the browser's idle callbacks. */
const NETWORK_IDLE_MS = 2_000;
/** Bounds on a busy shared machine: generous, never a measurement. */
const PAGE_LIMIT_MS = 90_000;
const PHOTOS_LIMIT_MS = 20 * 60_000;
/** The languages whose JavaScript before interaction is measured. */
const JS_LANGUAGES = (process.env.BENCH_JS_LANGUAGES ?? LANGUAGES.join(',')).split(',').filter(isLanguage);
/** The languages whose pages Lighthouse measures. */
const LIGHTHOUSE_LANGUAGES = (process.env.BENCH_LIGHTHOUSE_LANGUAGES ?? 'en,de,nl').split(',').filter(isLanguage);

interface Loaded {
  url: string;
  type: 'js' | 'css' | 'other';
  /** Bytes the browser received for it, headers included (CDP's encodedDataLength), in the encoding it chose. */
  transfer: number;
  /** The body gzipped at zlib's default level. */
  gzip: number;
  prefetch: boolean;
}

interface PageLoad {
  name: keyof typeof JS_BUDGET;
  language: Language;
  path: string;
  requests: number;
  loaded: Loaded[];
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function kind(url: string, mime: string): Loaded['type'] {
  if (mime.includes('javascript') || /\.m?js(\?|$)/.test(url)) return 'js';
  if (mime.includes('css') || /\.css(\?|$)/.test(url)) return 'css';
  return 'other';
}

/** The files `from` names by static `import`/`from` (not `import()`), and theirs: what the browser loads with them. */
function staticImports(from: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = fs.readFileSync(path.join(CHECKOUT_DIST, 'client', file), 'utf8');
    for (const [, imported] of code.matchAll(/(?:\bfrom|\bimport)\s*"(\/assets\/[^"]+\.js)"/g)) visit(imported!);
  };
  from.forEach(visit);
  return seen;
}

/**
 * The JavaScript files prefetching may fetch: every page's chunks (the
 * manifest's lists) except what the page loads itself (its chunks, the entry
 * and everything either imports statically: the manifest does not list the
 * entry's own imports), so a chunk the loaded page needs is never counted as a prefetch.
 */
function prefetchable(page: string, language: Language): (url: string) => boolean {
  const manifest = readManifest(path.join(CHECKOUT_DIST, 'client'), language);
  const own = staticImports([manifest.entry, ...(manifest.pages[page] ?? [])]);
  const others = new Set(Object.entries(manifest.pages).flatMap(([name, files]) => (name === page ? [] : files)));
  return (url) => {
    const pathname = new URL(url).pathname;
    return others.has(pathname) && !own.has(pathname);
  };
}

async function loadWithoutInteraction(
  browser: Browser,
  base: string,
  name: PageLoad['name'],
  language: Language,
  pagePath: string,
  page: string,
): Promise<PageLoad> {
  const context = await browser.createBrowserContext();
  try {
    const tab = await context.newPage();
    tab.setDefaultTimeout(PAGE_LIMIT_MS);
    await tab.setViewport(PHONE);
    const cdp = await tab.createCDPSession();
    await cdp.send('Network.enable');
    const responses = new Map<string, { url: string; mime: string }>();
    const finished = new Map<string, number>();
    cdp.on('Network.responseReceived', (e) => responses.set(e.requestId, { url: e.response.url, mime: e.response.mimeType }));
    cdp.on('Network.loadingFinished', (e) => finished.set(e.requestId, e.encodedDataLength));
    let requests = 0;
    tab.on('request', () => requests++);
    await tab.goto(base + pagePath, { waitUntil: 'load' });
    await tab.waitForNetworkIdle({ idleTime: NETWORK_IDLE_MS, timeout: PAGE_LIMIT_MS });
    const isPrefetch = prefetchable(page, language);
    const loaded: Loaded[] = [];
    for (const [id, { url, mime }] of responses) {
      if (!url.startsWith(base)) continue;
      const type = kind(url, mime);
      let gzip = 0;
      if (type !== 'other') gzip = zlib.gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer())).length;
      loaded.push({ url: url.slice(base.length), type, transfer: finished.get(id) ?? 0, gzip, prefetch: type === 'js' && isPrefetch(url) });
    }
    return { name, language, path: pagePath, requests, loaded };
  } finally {
    await context.close().catch(() => {});
  }
}

function sum(list: Loaded[], type: Loaded['type'], prefetch: boolean): { files: number; transfer: number; gzip: number } {
  const picked = list.filter((l) => l.type === type && l.prefetch === prefetch);
  return { files: picked.length, transfer: picked.reduce((s, l) => s + l.transfer, 0), gzip: picked.reduce((s, l) => s + l.gzip, 0) };
}

function requestTable(loads: PageLoad[]): string {
  const header = ['page', 'requests', 'JS files', 'JS gzip KiB', 'JS sent KiB', 'CSS files', 'CSS gzip KiB', 'idle prefetch JS gzip KiB'];
  return textTable(
    header,
    loads.map((l) => {
      const js = sum(l.loaded, 'js', false);
      const css = sum(l.loaded, 'css', false);
      const idle = sum(l.loaded, 'js', true);
      return [
        `${l.name} ${l.path}`,
        String(l.requests),
        String(js.files),
        kb(js.gzip),
        kb(js.transfer),
        String(css.files),
        kb(css.gzip),
        idle.files ? `${kb(idle.gzip)} (${idle.files})` : '-',
      ];
    }),
  );
}

function fileList(load: PageLoad): string {
  return load.loaded
    .filter((l) => l.type !== 'other')
    .map((l) => `  ${l.prefetch ? 'idle ' : '     '}${l.type.padEnd(3)} ${kb(l.gzip).padStart(6)} KiB gzip  ${l.url}`)
    .join('\n');
}

export async function runClientBench(): Promise<void> {
  if (!fs.existsSync(path.join(CHECKOUT_DIST, 'client/manifest.json')) || !fs.existsSync(path.join(CHECKOUT_DIST, 'server/main.js')))
    throw new Error(`the build is missing in ${CHECKOUT}: run \`npm run bench\` (it builds first)`);
  const teardowns: Array<() => unknown> = [];
  const t = { teardown: (fn: () => unknown) => void teardowns.push(fn) };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-client-'));
  try {
    const ownCheckout = CHECKOUT === ROOT;
    const site = await startSite(
      t,
      'site',
      { NODE_ENV: 'production', DATA_DIR: dataDir, PREPARE_PHOTOS: String(ownCheckout) },
      { cwd: CHECKOUT },
    );
    const base = `http://127.0.0.1:${site.port}`;
    if (ownCheckout)
      console.log(`# the demo's pictures prepared by the photo job, as a site shows them once started: ${await photosPrepared(dataDir)}`);
    const pages = await budgetedPages(base);
    const browser = await launchBenchBrowser();
    const loads: PageLoad[] = [];
    try {
      for (const language of JS_LANGUAGES)
        for (const p of pages)
          loads.push(await loadWithoutInteraction(browser, base, p.name, language, inLanguage(p.path, language), p.page));
    } finally {
      await browser.close().catch(() => {});
    }
    console.log(
      `# a phone (${PHONE.width}×${PHONE.height}) loading each page without interacting, until ${NETWORK_IDLE_MS / 1000} s without a request; gzip at zlib's default level; "sent": the bytes the browser received (its Accept-Encoding); idle prefetch: other pages' chunks fetched for links in view, not needed before interaction`,
    );
    console.log(requestTable(loads));
    for (const load of loads)
      console.log(
        budgetLine(`JS before interaction, ${load.name} ${load.language} (gzip)`, sum(load.loaded, 'js', false).gzip, JS_BUDGET[load.name]),
      );
    const floor = await librariesFloor(CHECKOUT);
    console.log(
      `# of which no page can do without: react, react-dom's client, scheduler, wouter and swr as the site imports them, bundled and minified alone (bench/js-floor.ts): ${kb(floor.gzip)} KiB gzip (${kb(floor.raw)} KiB minified)`,
    );
    for (const load of loads.filter((l) => l.language === JS_LANGUAGES[0]))
      console.log(`\n${load.name} ${load.language}:\n${fileList(load)}`);

    const inEach = LIGHTHOUSE_LANGUAGES.flatMap((language) =>
      pages.map((p) => ({ name: `${p.name} ${language}`, path: inLanguage(p.path, language) })),
    );
    if (LIGHTHOUSE_RUNS > 0) console.log(`\n${await lighthouseMedians(base, inEach)}`);
  } finally {
    for (const fn of teardowns.reverse()) await fn();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Waits for the site's photo job to prepare every picture the catalogue shows (the steady state a
 * visitor meets minutes after a start; before, the proxy's quick resizes): how long it took.
 */
async function photosPrepared(dataDir: string): Promise<string> {
  const store = await openStore({ dataDir });
  const started = Date.now();
  try {
    await waitFor('every picture prepared', async () => (await photosWaiting(store.db)) === 0, PHOTOS_LIMIT_MS);
  } finally {
    await store.close();
  }
  return `${((Date.now() - started) / 1000).toFixed(0)} s`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  runClientBench().catch((error: unknown) => {
    console.error(`client bench failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  });
}
