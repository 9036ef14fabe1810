// /api/map-markers at 50,000 projects (issue 12): the CPU one call costs the
// process (process.cpuUsage around many calls, so Fastify's routing,
// validation and serialisation count too) and the bytes it answers, raw and
// gzipped, for a map over Spain at zoom 6 and over a town at zoom 12, plus
// the first call after a catalogue change (the index is built then). On
// SQLite, and on PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL
// names a server. In-process (app.inject): no network, no load generator.
//
//   npx tsx bench/markers.ts
//   BENCH_MARKERS_SIZE=5000 BENCH_MARKERS_CALLS=200 npx tsx bench/markers.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { buildCatalogue } from '../test/helpers/catalogue.ts';
import { eachBenchStore, type Target } from './search.ts';
import { textTable } from './table.ts';
import { bumpCatalogueVersion } from '../src/server/store/catalogue-version.ts';

const SIZE = Number(process.env.BENCH_MARKERS_SIZE ?? 50_000);
const CALLS = Number(process.env.BENCH_MARKERS_CALLS ?? 500);
const WARMUP = 50;

/** What a 1280 × 800 map shows (Leaflet's 256 px tiles): Spain at zoom 6, Torrevieja and its coast at zoom 12. */
const SCENARIOS = [
  { name: 'Spain, zoom 6', query: 'account_id=1&view=-11.25,34.3,7.03,45.09&zoom=6' },
  { name: 'a town, zoom 12', query: 'account_id=1&view=-0.9,37.85,-0.46,38.12&zoom=12' },
  { name: 'a region filtered, zoom 8', query: 'account_id=1&region=alicante&bedrooms=2&view=-2.9,37.1,1.5,39.2&zoom=8' },
];

interface Row {
  store: string;
  scenario: string;
  cpuMs: number;
  firstMs: number;
  bytes: number;
  gzip: number;
  clusters: number;
  markers: number;
}

async function benchOne(target: Target): Promise<Row[]> {
  const store = await target.open();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-markers-app-'));
  try {
    const t0 = performance.now();
    await buildCatalogue(store.db, { projects: SIZE, seed: 42, maxUnits: 4, maxFiles: 0, maxImages: 1 });
    if (target.name === 'postgres') await sql`vacuum analyze`.execute(store.db);
    console.log(`# ${target.name}: ${SIZE.toLocaleString('en')} projects built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'production', SEED_DEMO: 'false' });
    const app = await buildApp(config, { store, logger: false });
    const rows: Row[] = [];
    try {
      for (const s of SCENARIOS) {
        const url = `/api/map-markers?${s.query}`;
        // A catalogue change: the next call builds this filter's index.
        await bumpCatalogueVersion(store.db);
        const first = process.cpuUsage();
        const res = await app.inject(url);
        const firstUsage = process.cpuUsage(first);
        if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
        for (let i = 0; i < WARMUP; i++) await app.inject(url);
        const before = process.cpuUsage();
        for (let i = 0; i < CALLS; i++) await app.inject(url);
        const used = process.cpuUsage(before);
        const body = res.json() as { data: unknown[]; clusters: unknown[] };
        rows.push({
          store: target.name,
          scenario: s.name,
          cpuMs: (used.user + used.system) / 1000 / CALLS,
          firstMs: (firstUsage.user + firstUsage.system) / 1000,
          bytes: res.rawPayload.length,
          gzip: zlib.gzipSync(res.rawPayload).length,
          clusters: body.clusters.length,
          markers: body.data.length,
        });
      }
    } finally {
      await app.close();
    }
    return rows;
  } finally {
    await store.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runMarkersBench(): Promise<void> {
  console.log(`# /api/map-markers in-process (app.inject), ${WARMUP} warm-up then ${CALLS} calls per scenario`);
  const rows = (await eachBenchStore(benchOne)).flat();
  console.log('');
  console.log(
    textTable(
      ['store', 'map', 'CPU ms/call', 'first call CPU ms (index built)', 'bytes', 'gzip bytes', 'clusters', 'markers'],
      rows.map((r) => [
        r.store,
        r.scenario,
        r.cpuMs.toFixed(2),
        r.firstMs.toFixed(0),
        String(r.bytes),
        String(r.gzip),
        String(r.clusters),
        String(r.markers),
      ]),
    ),
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await runMarkersBench();
