// /api/map-markers and the sitemaps at 150, 50,000 and 200,000 projects
// (issues 12 and 20; BENCH_SEARCH_SIZES, as bench/search.ts): the CPU one
// marker call costs the process (process.cpuUsage around many calls, so
// Fastify's routing, validation and serialisation count too) and the bytes it
// answers, raw and gzipped, for a map over Spain at zoom 6 and over a town at
// zoom 12, plus the first call after a catalogue change (the index is built
// then). Then the sitemaps: the CPU of writing them for a new catalogue version
// (what the warm-up job does) and of each later request of each sitemap URL.
// On SQLite, and on PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL
// names a server. In-process (app.inject): no network, no load generator.
//
//   npx tsx bench/markers.ts
//   BENCH_SEARCH_SIZES=5000 BENCH_MARKERS_CALLS=200 npx tsx bench/markers.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../src/server/store/schema.ts';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { buildCatalogue } from '../test/helpers/catalogue.ts';
import { eachBenchStore, SIZES, type Target } from './search.ts';
import { textTable } from './table.ts';
import { bumpCatalogueVersion } from '../src/server/store/catalogue-version.ts';

const CALLS = Number(process.env.BENCH_MARKERS_CALLS ?? 500);
const WARMUP = 50;
/** Requests of each sitemap URL measured. */
const SITEMAP_CALLS = 20;

/** What a 1280 × 800 map shows (Leaflet's 256 px tiles): Spain at zoom 6, Torrevieja and its coast at zoom 12. */
const SCENARIOS = [
  { name: 'Spain, zoom 6', query: 'account_id=1&view=-11.25,34.3,7.03,45.09&zoom=6' },
  { name: 'a town, zoom 12', query: 'account_id=1&view=-0.9,37.85,-0.46,38.12&zoom=12' },
  { name: 'a region filtered, zoom 8', query: 'account_id=1&region=alicante&bedrooms=2&view=-2.9,37.1,1.5,39.2&zoom=8' },
];

interface Row {
  store: string;
  size: number;
  scenario: string;
  cpuMs: number;
  firstMs: number;
  bytes: number;
  gzip: number;
  clusters: number;
  markers: number;
}

interface SitemapRow {
  store: string;
  size: number;
  url: string;
  /** CPU ms: writing every sitemap for a new catalogue version (the warm-up job's run), then one later request. */
  firstMs: number;
  /** The most CPU the main thread spent between two turns of the event loop while they were written (ms). */
  stretchMs: number;
  laterMs: number;
  bytes: number;
  /** The gzip copy of the same file, kept beside the Brotli one. */
  gzipBytes: number;
}

const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

async function benchOne(target: Target, size: number): Promise<{ markers: Row[]; sitemaps: SitemapRow[] }> {
  const store = await target.open();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-markers-app-'));
  try {
    const t0 = performance.now();
    await buildCatalogue(store.db, { projects: size, seed: 42, maxUnits: 4, maxFiles: 0, maxImages: 1 });
    if (target.name === 'postgres') await sql`vacuum analyze`.execute(store.db);
    console.log(`# ${target.name}: ${size.toLocaleString('en')} projects built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'production', SEED_DEMO: 'false' });
    // The warm-up job runs once at start, then not within the bench: its runs would count in the figures.
    let warmed!: () => void;
    const firstWarmup = new Promise<void>((resolve) => (warmed = resolve));
    const app = await buildApp(config, { store, logger: false, catalogueWarmup: { everyMs: 3_600_000, onRun: () => warmed() } });
    try {
      await app.ready();
      await firstWarmup;
      return { markers: await markerRows(app, store.db, target, size), sitemaps: await sitemapRows(app, store.db, target, size) };
    } finally {
      await app.close();
    }
  } finally {
    await store.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

type App = Awaited<ReturnType<typeof buildApp>>;

async function markerRows(app: App, db: Kysely<Database>, target: Target, size: number): Promise<Row[]> {
  const rows: Row[] = [];
  for (const s of SCENARIOS) {
    const url = `/api/map-markers?${s.query}`;
    // A catalogue change: the next call builds this filter's index.
    await bumpCatalogueVersion(db);
    const first = process.cpuUsage();
    const res = await app.inject(url);
    const firstMs = cpuMs(first);
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
    for (let i = 0; i < WARMUP; i++) await app.inject(url);
    const before = process.cpuUsage();
    for (let i = 0; i < CALLS; i++) await app.inject(url);
    const body = res.json() as { data: unknown[]; clusters: unknown[] };
    rows.push({
      store: target.name,
      size,
      scenario: s.name,
      cpuMs: cpuMs(before) / CALLS,
      firstMs,
      bytes: res.rawPayload.length,
      gzip: zlib.gzipSync(res.rawPayload).length,
      clusters: body.clusters.length,
      markers: body.data.length,
    });
  }
  return rows;
}

/**
 * The most CPU the main thread spends between two turns of the event loop (a
 * timer every 5 ms): how long a request arriving meanwhile waits, on an idle
 * machine. CPU, not the wall clock, which on a loaded machine measures the others.
 */
function longestMainThreadStretch(): { stop(): number } {
  const ms = (used: NodeJS.CpuUsage) => (used.user + used.system) / 1000;
  let longest = 0;
  let since = process.threadCpuUsage();
  const timer = setInterval(() => {
    longest = Math.max(longest, ms(process.threadCpuUsage(since)));
    since = process.threadCpuUsage();
  }, 5);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(longest, ms(process.threadCpuUsage(since)));
    },
  };
}

/** Every sitemap URL: the index (or the one sitemap) and each numbered page; Brotli as crawlers ask, and one client that takes no coding. */
async function sitemapRows(app: App, db: Kysely<Database>, target: Target, size: number): Promise<SitemapRow[]> {
  await bumpCatalogueVersion(db);
  const first = process.cpuUsage();
  const stretch = longestMainThreadStretch();
  await app.warmSitemaps();
  const stretchMs = stretch.stop();
  const firstMs = cpuMs(first);
  const index = await app.inject({ url: '/sitemap.xml' });
  const pages = [...index.body.matchAll(/<loc>[^<]*\/(sitemap-\d+\.xml)<\/loc>/g)].map((m) => `/${m[1]}`);
  const asked = [
    ...['/sitemap.xml', ...pages].map((url) => ({ url, encoding: 'br' })),
    { url: pages[0] ?? '/sitemap.xml', encoding: 'identity' },
  ];
  const rows: SitemapRow[] = [];
  for (const { url, encoding } of asked) {
    const headers = { 'accept-encoding': encoding };
    const res = await app.inject({ url, headers });
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}`);
    const gzipped = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    const before = process.cpuUsage();
    for (let i = 0; i < SITEMAP_CALLS; i++) await app.inject({ url, headers });
    rows.push({
      store: target.name,
      size,
      url: `${url} (${encoding})`,
      firstMs,
      stretchMs,
      laterMs: cpuMs(before) / SITEMAP_CALLS,
      bytes: res.rawPayload.length,
      gzipBytes: gzipped.rawPayload.length,
    });
  }
  return rows;
}

export async function runMarkersBench(): Promise<void> {
  console.log(`# /api/map-markers in-process (app.inject), ${WARMUP} warm-up then ${CALLS} calls per scenario; then the sitemaps`);
  const results = [];
  for (const size of SIZES) results.push(...(await eachBenchStore((target) => benchOne(target, size))));
  console.log('');
  console.log(
    textTable(
      ['store', 'projects', 'map', 'CPU ms/call', 'first call CPU ms (index built)', 'bytes', 'gzip bytes', 'clusters', 'markers'],
      results
        .flatMap((r) => r.markers)
        .map((r) => [
          r.store,
          r.size.toLocaleString('en'),
          r.scenario,
          r.cpuMs.toFixed(2),
          r.firstMs.toFixed(0),
          String(r.bytes),
          String(r.gzip),
          String(r.clusters),
          String(r.markers),
        ]),
      3,
    ),
  );
  console.log(
    `\n## Sitemaps\n\n# CPU ms: every sitemap written for a new catalogue version (the warm-up job), then one request (mean of ${SITEMAP_CALLS})`,
  );
  const sitemaps = results.flatMap((r) => r.sitemaps);
  console.log(
    textTable(
      ['store', 'projects', 'URL (coding)', 'written, CPU ms', 'longest main-thread stretch, CPU ms', 'a request, CPU ms', 'bytes sent'],
      sitemaps.map((r) => [
        r.store,
        r.size.toLocaleString('en'),
        r.url,
        r.firstMs.toFixed(0),
        r.stretchMs.toFixed(0),
        r.laterMs.toFixed(2),
        String(r.bytes),
      ]),
      3,
    ),
  );
  console.log('\n# Kept per catalogue version: every file in Brotli and gzip');
  const kept = new Map<string, { files: number; bytes: number }>();
  for (const r of sitemaps.filter((r) => r.url.endsWith('(br)'))) {
    const key = `${r.store}\t${r.size.toLocaleString('en')}`;
    const sum = kept.get(key) ?? { files: 0, bytes: 0 };
    kept.set(key, { files: sum.files + 1, bytes: sum.bytes + r.bytes + r.gzipBytes });
  }
  console.log(
    textTable(
      ['store', 'projects', 'files', 'kept, MB'],
      [...kept].map(([key, sum]) => [...key.split('\t'), String(sum.files), (sum.bytes / 1e6).toFixed(1)]),
      2,
    ),
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await runMarkersBench();
