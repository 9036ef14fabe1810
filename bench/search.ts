// Search latency and throughput of the catalogue (issue 3): a realistic mix of
// searches run in-process against the catalogue service, on stores of 150,
// 50,000 and 200,000 synthetic projects, on SQLite and, when BENCH_DATABASE_URL
// or TEST_DATABASE_URL names a PostgreSQL server, on PostgreSQL too. Prints
// p50/p99 latency and searches per second per store and size; then the CPU of
// the broad searches (unfiltered, a region, a type, a price band, each sort)
// per call, the process's and on PostgreSQL the database's, and their ratios
// between the two largest sizes (issue 20: within 2× from 50,000 to 200,000).
// Figures only, never a pass or a fail.
//
//   npx tsx bench/search.ts                     (alone)
//   BENCH_SEARCH_SIZES=150,50000 BENCH_SEARCH_ITERATIONS=5000 npx tsx bench/search.ts
//
// The stores are filled straight with Kysely by the test fixture builder
// (test/helpers/catalogue.ts), in a temporary folder or a PostgreSQL database
// of the run's own, removed at the end.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { create } from 'superstruct';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../src/server/store/schema.ts';
import { openStore, type Store } from '../src/server/store/db.ts';
import { CatalogueService } from '../src/server/services/catalogue/index.ts';
import { PropertySearch } from '../src/shared/catalogue.ts';
import { buildCatalogue, scopePartner, seededRandom, type Fixture } from '../test/helpers/catalogue.ts';
import { bumpCatalogueVersion } from '../src/server/store/catalogue-version.ts';
import { fmt, median, spread, textTable } from './table.ts';
import { PLACES } from '../test/helpers/catalogue-places.ts';

/** The catalogue sizes of the search, map and sitemap benches. */
export const SIZES = (process.env.BENCH_SEARCH_SIZES ?? '150,50000,200000').split(',').map(Number);
const ITERATIONS = Number(process.env.BENCH_SEARCH_ITERATIONS ?? 3000);
const WARMUP = Number(process.env.BENCH_SEARCH_WARMUP ?? 300);

export interface Mixed {
  kind: string;
  body: PropertySearch;
  /** A partner's site: its scope is looked up per search, as the read does. */
  partnerId: number | null;
}

/**
 * The mix: what visitors do on a listing site. Mostly the first pages, sorted
 * by date, narrowed by a place; sometimes a category, rooms, a price band,
 * several of these at once, or a partner's site.
 */
export function mix(fixture: Fixture, partnerId: number, count: number): Mixed[] {
  const rand = seededRandom(7);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const regions = PLACES.flatMap((c) =>
    c.regions.filter((r) => r.towns.some((t) => t.weight > 0)).map((r) => ({ country: c.slug, region: r.slug })),
  );
  const towns = PLACES.flatMap((c) =>
    c.regions.flatMap((r) => r.towns.filter((t) => t.weight > 0).map((t) => ({ country: c.slug, region: r.slug, town: t.slug }))),
  );
  const bands = [
    [0, 150_000],
    [100_000, 250_000],
    [200_000, 400_000],
    [300_000, 600_000],
    [500_000, 1_500_000],
  ] as const;
  const cats = [[1], [2], [12], [1, 12], [3, 4], [2, 6], [7], [150]];
  const templates: Array<[string, number, () => Partial<PropertySearch>]> = [
    ['no filter', 15, () => ({})],
    ['region', 20, () => ({ esGeo: pick(regions) })],
    ['town', 15, () => ({ esGeo: pick(towns) })],
    ['category', 10, () => ({ cat: pick(cats) })],
    ['bedrooms', 8, () => ({ bedrooms: pick([1, 2, 3, 4]) })],
    [
      'price band',
      8,
      () => {
        const [from, to] = pick(bands);
        return { pricefrom: from, priceto: to };
      },
    ],
    [
      'combined',
      16,
      () => ({
        esGeo: pick([...regions, ...towns]),
        cat: pick(cats),
        bedrooms: pick([0, 1, 2, 3]),
        bathrooms: pick([0, 1, 2]),
        ...(rand() < 0.7 ? { pricefrom: pick(bands)[0], priceto: pick(bands)[1] } : {}),
      }),
    ],
    ['partner site', 8, () => (rand() < 0.5 ? {} : { bedrooms: 2 })],
  ];
  const weight = templates.reduce((s, [, w]) => s + w, 0);
  const out: Mixed[] = [];
  void fixture;
  for (let i = 0; i < count; i++) {
    let r = rand() * weight;
    const [kind, , make] = templates.find(([, w]) => (r -= w) < 0) ?? templates[0]!;
    const roll = rand();
    const page = roll < 0.6 ? 1 : roll < 0.9 ? 2 + Math.floor(rand() * 4) : 6 + Math.floor(rand() * 15);
    const sort = rand() < 0.5 ? 'newest' : pick(['price_asc', 'price_desc'] as const);
    const perPage = rand() < 0.8 ? 12 : pick([24, 48]);
    const body = create({ account_id: 1, ...make(), sort, page, per_page: perPage }, PropertySearch);
    out.push({ kind, body, partnerId: kind === 'partner site' ? partnerId : null });
  }
  return out;
}

interface Figures {
  p50: number;
  p99: number;
  mean: number;
  max: number;
  perSecond: number;
  byKind: Map<string, { p50: number; p99: number; n: number }>;
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

async function measure(service: CatalogueService, searches: Mixed[]): Promise<Figures> {
  const run = async (m: Mixed) => service.search(m.body, m.partnerId ? await service.scope(m.partnerId) : null);
  for (let i = 0; i < WARMUP; i++) await run(searches[i % searches.length]!);
  const times: number[] = [];
  const kinds = new Map<string, number[]>();
  const start = performance.now();
  for (let i = 0; i < ITERATIONS; i++) {
    const m = searches[i % searches.length]!;
    const t0 = performance.now();
    await run(m);
    const ms = performance.now() - t0;
    times.push(ms);
    let list = kinds.get(m.kind);
    if (!list) kinds.set(m.kind, (list = []));
    list.push(ms);
  }
  const elapsed = performance.now() - start;
  times.sort((a, b) => a - b);
  const byKind = new Map<string, { p50: number; p99: number; n: number }>();
  for (const [kind, list] of kinds) {
    list.sort((a, b) => a - b);
    byKind.set(kind, { p50: quantile(list, 0.5), p99: quantile(list, 0.99), n: list.length });
  }
  return {
    p50: quantile(times, 0.5),
    p99: quantile(times, 0.99),
    mean: times.reduce((s, x) => s + x, 0) / times.length,
    max: times[times.length - 1]!,
    perSecond: (ITERATIONS / elapsed) * 1000,
    byKind,
  };
}

// --- stores -------------------------------------------------------------------

/** A partner for the benches' partner-site searches. */
export function benchPartner(db: Kysely<Database>): Promise<{ id: number }> {
  return db
    .insertInto('partners')
    .values({
      slug: 'bench-partner',
      name: 'Bench',
      color_primary: '#13206a',
      color_secondary: '#fffb00',
      color_heading: '#fffb00',
      created_at: '',
      updated_at: '',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export interface Target {
  name: 'sqlite' | 'postgres';
  open(): Promise<Store>;
  dispose(): Promise<void>;
}

export function sqliteTarget(): Target {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-search-'));
  return {
    name: 'sqlite',
    open: () => openStore({ dataDir: dir }),
    dispose: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

export async function postgresTarget(adminUrl: string): Promise<Target> {
  const { default: pg } = await import('pg');
  const name = `bench_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name: 'postgres',
    open: () => openStore({ dataDir: os.tmpdir(), databaseUrl: url.toString() }),
    dispose: async () => {
      await new Promise((resolve) => setTimeout(resolve, 200)); // let the pool's sockets close
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * The benches' stores: SQLite, and PostgreSQL when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL is set. `run` gets a fresh one each time, disposed after.
 */
let toldPostgresSkipped = false;

export async function eachBenchStore<T>(run: (target: Target) => Promise<T>): Promise<T[]> {
  const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  const makers: Array<() => Promise<Target>> = [async () => sqliteTarget()];
  if (pgUrl) makers.push(() => postgresTarget(pgUrl));
  else if (!toldPostgresSkipped) {
    toldPostgresSkipped = true;
    console.log('# PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL to include it');
  }
  const out: T[] = [];
  for (const make of makers) {
    const target = await make();
    try {
      out.push(await run(target));
    } finally {
      await target.dispose();
    }
  }
  return out;
}

// --- the broad searches' CPU ---------------------------------------------------

/** The searches whose cost must not follow the catalogue's size (issue 20), each in every sort. */
const BROAD: Array<[string, Partial<PropertySearch>]> = [
  ['unfiltered', {}],
  ['a region', { esGeo: { country: 'spain', region: 'alicante' } }],
  ['a type', { cat: [1] }],
  ['a price band', { pricefrom: 200_000, priceto: 400_000 }],
];
const SORTS = ['newest', 'price_asc', 'price_desc'] as const;
/** Rounds over every broad search, interleaved; calls per search and round. */
const ROUNDS = 5;
const CALLS = 40;

interface BroadFigure {
  search: string;
  /** CPU ms per call, one figure per round: this process's, and the database server's (0 on SQLite). */
  node: number[];
  db: number[];
}

/**
 * The CPU the PostgreSQL backends serving this database have used, in ms
 * (/proc/<pid>/schedstat: nanoseconds on a CPU); the server runs on this
 * machine. 0 on SQLite, which runs in this process.
 */
async function databaseCpu(db: Kysely<Database>, target: Target): Promise<() => number> {
  if (target.name !== 'postgres') return () => 0;
  const { rows } = await sql<{ pid: number }>`select pid from pg_stat_activity where datname = current_database()`.execute(db);
  const read = (pid: number) => {
    try {
      return Number(fs.readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
    } catch {
      return 0; // a backend that ended
    }
  };
  return () => rows.reduce((sum, r) => sum + read(r.pid), 0);
}

/** Process CPU ms (getrusage: every thread, microseconds). */
const processCpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

async function measureBroad(
  service: CatalogueService,
  db: Kysely<Database>,
  target: Target,
): Promise<{ figures: BroadFigure[]; first: { node: number; db: number } }> {
  const searches = BROAD.flatMap(([name, body]) =>
    SORTS.map((sort) => ({ name: `${name}, ${sort}`, body: create({ account_id: 1, ...body, sort }, PropertySearch) })),
  );
  // The first unfiltered search after an import counts its total; the next ones read it kept.
  await bumpCatalogueVersion(db);
  const dbCpuFirst = await databaseCpu(db, target);
  const [n0, d0] = [processCpu(), dbCpuFirst()];
  await service.search(searches[0]!.body, null);
  const first = { node: processCpu() - n0, db: dbCpuFirst() - d0 };
  for (const s of searches) for (let i = 0; i < 20; i++) await service.search(s.body, null);
  const figures = searches.map((s) => ({ search: s.name, node: [] as number[], db: [] as number[] }));
  for (let round = 0; round < ROUNDS; round++) {
    const dbCpu = await databaseCpu(db, target);
    for (const [i, s] of searches.entries()) {
      const [node, database] = [processCpu(), dbCpu()];
      for (let c = 0; c < CALLS; c++) await service.search(s.body, null);
      figures[i]!.node.push((processCpu() - node) / CALLS);
      figures[i]!.db.push((dbCpu() - database) / CALLS);
    }
  }
  return { figures, first };
}

interface SizeFigures {
  mix: Figures;
  broad: BroadFigure[];
  first: { node: number; db: number };
}

async function benchOne(target: Target, size: number): Promise<SizeFigures> {
  const store = await target.open();
  try {
    const t0 = performance.now();
    const fixture = await buildCatalogue(store.db, { projects: size, seed: 42, maxUnits: 6, maxFiles: 0, maxImages: 5 });
    const partner = await benchPartner(store.db);
    const regionIds = fixture.places.filter((p) => p.kind === 'region' && ['murcia', 'almeria'].includes(p.slug)).map((p) => p.id);
    await scopePartner(store.db, partner.id, { regions: regionIds, projects: fixture.projects.slice(0, 20).map((p) => p.id) });
    // PostgreSQL's autovacuum would soon have analysed the new rows and set the
    // visibility map (which index-only scans need); SQLite keeps no statistics
    // unless asked, and the site never asks: left as is.
    if (target.name === 'postgres') await sql`vacuum analyze`.execute(store.db);
    const built = performance.now() - t0;
    const listed = fixture.projects.filter((p) => !p.withdrawn && p.units_available > 0).length;
    console.log(
      `# ${target.name} ${size.toLocaleString('en')} projects (${listed.toLocaleString('en')} listed) built in ${(built / 1000).toFixed(1)} s`,
    );
    const service = new CatalogueService(store.db);
    const mixed = await measure(service, mix(fixture, partner.id, 1000));
    const { figures, first } = await measureBroad(service, store.db, target);
    return { mix: mixed, broad: figures, first };
  } finally {
    await store.close();
  }
}

// --- report -------------------------------------------------------------------

const ms = (x: number) => x.toFixed(2).padStart(7);

export async function runSearchBench(): Promise<void> {
  console.log(`# catalogue search, in-process, one search at a time: ${WARMUP} warm-up then ${ITERATIONS} measured per store and size`);

  const all = new Map<string, SizeFigures>();
  for (const size of SIZES) {
    await eachBenchStore(async (target) => all.set(`${target.name} ${size}`, await benchOne(target, size)));
  }
  const results = new Map([...all].map(([key, f]) => [key, f.mix]));

  console.log('\nsearch latency (ms) and throughput');
  console.log(
    `${'store'.padEnd(9)}${'projects'.padStart(9)}${'p50'.padStart(8)}${'p99'.padStart(8)}${'mean'.padStart(8)}${'max'.padStart(8)}${'searches/s'.padStart(12)}`,
  );
  for (const [key, f] of results) {
    const [store, size] = key.split(' ');
    console.log(
      `${store!.padEnd(9)}${Number(size).toLocaleString('en').padStart(9)} ${ms(f.p50)} ${ms(f.p99)} ${ms(f.mean)} ${ms(f.max)}${Math.round(f.perSecond).toLocaleString('en').padStart(12)}`,
    );
  }
  console.log('\np50 / p99 (ms) by kind of search');
  const kinds = [...(results.values().next().value?.byKind.keys() ?? [])];
  console.log(`${'kind'.padEnd(14)}${[...results.keys()].map((k) => k.padStart(22)).join('')}`);
  for (const kind of kinds)
    console.log(
      `${kind.padEnd(14)}${[...results.values()]
        .map((f) => {
          const k = f.byKind.get(kind);
          return k ? `${k.p50.toFixed(2)} / ${k.p99.toFixed(2)}`.padStart(22) : ''.padStart(22);
        })
        .join('')}`,
    );

  const [small, large] = [Math.min(...SIZES), Math.max(...SIZES)];
  if (small !== large) {
    console.log(`\nratios ${large.toLocaleString('en')} / ${small.toLocaleString('en')} projects`);
    for (const store of ['sqlite', 'postgres']) {
      const a = results.get(`${store} ${small}`);
      const b = results.get(`${store} ${large}`);
      if (!a || !b) continue;
      console.log(
        `${store.padEnd(9)} p50 ×${(b.p50 / a.p50).toFixed(2)}  p99 ×${(b.p99 / a.p99).toFixed(2)}  searches/s ×${(b.perSecond / a.perSecond).toFixed(2)}`,
      );
    }
  }
  reportBroad(all);
}

/** The broad searches' CPU per call at each size, then the ratio between the two largest sizes. */
function reportBroad(all: Map<string, SizeFigures>): void {
  const sizes = [...new Set(SIZES)].sort((a, b) => a - b);
  console.log(
    `\nCPU ms per call of the broad searches: median of ${ROUNDS} interleaved rounds of ${CALLS} calls (spread);` +
      ' "process" is this process (getrusage), "database" the PostgreSQL backends (/proc/<pid>/schedstat)',
  );
  const lines: string[][] = [];
  for (const [key, f] of all) {
    const [store, size] = key.split(' ');
    lines.push([
      store!,
      Number(size).toLocaleString('en'),
      'first unfiltered after an import',
      fmt(f.first.node, 2),
      '',
      fmt(f.first.db, 2),
      '',
    ]);
    for (const b of f.broad)
      lines.push([
        store!,
        Number(size).toLocaleString('en'),
        b.search,
        fmt(median(b.node), 2),
        spread(b.node, 2),
        fmt(median(b.db), 2),
        spread(b.db, 2),
      ]);
  }
  console.log(textTable(['store', 'projects', 'search', 'process', 'spread', 'database', 'spread'], lines, 3));
  if (sizes.length < 2) return;
  const [from, to] = sizes.slice(-2) as [number, number];
  console.log(`\nratio of the CPU per call (process + database), ${to.toLocaleString('en')} / ${from.toLocaleString('en')} projects`);
  const ratios: string[][] = [];
  for (const store of ['sqlite', 'postgres']) {
    const a = all.get(`${store} ${from}`);
    const b = all.get(`${store} ${to}`);
    if (!a || !b) continue;
    const cost = (x: BroadFigure) => median(x.node) + median(x.db);
    for (const [i, x] of a.broad.entries()) ratios.push([store, x.search, `×${fmt(cost(b.broad[i]!) / cost(x), 2)}`]);
  }
  console.log(textTable(['store', 'search', 'ratio'], ratios, 2));
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  runSearchBench().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
