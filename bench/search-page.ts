// What a search page costs the server as the catalogue grows (issue 22: within
// 2× from 150 to 200,000 developments): whole pages rendered in-process
// (app.inject, reads, React's render and the HTML as sent) on the search
// bench's stores of 150, 50,000 and 200,000 synthetic projects, SQLite and,
// when BENCH_DATABASE_URL or TEST_DATABASE_URL is set, PostgreSQL. A mix of
// addresses buyers open (the whole search, a region, a town, sorts, a later
// page, filters); each round asks every address once right after a catalogue
// change (what the first visitors after an import cost: nothing kept) and then
// again (what the next visitors cost). Prints pages per CPU-second of this
// process, the median of the rounds and their spread, and each size against
// the smallest. Needs `node build.mjs` first (the server renders with the
// built pages). Figures only.
//
//   npx tsx bench/search-page.ts
//   BENCH_SEARCH_SIZES=150,50000 BENCH_SEARCH_PAGE_ROUNDS=3 npx tsx bench/search-page.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { bumpCatalogueVersion } from '../src/server/store/catalogue-version.ts';
import { buildCatalogue } from '../test/helpers/catalogue.ts';
import { PLACES } from '../test/helpers/catalogue-places.ts';
import { eachBenchStore, SIZES, type Target } from './search.ts';
import { median, spread, textTable } from './table.ts';

const ROUNDS = Number(process.env.BENCH_SEARCH_PAGE_ROUNDS ?? 5);

/** The addresses of a round: a place of the fixture's tree with projects, each sort, a later page, the form's filters. */
function addresses(): string[] {
  const country = PLACES[0]!;
  const region = country.regions.find((r) => r.towns.some((t) => t.weight > 0))!;
  const town = region.towns.find((t) => t.weight > 0)!;
  const regionPath = `/search/${country.slug}/${region.slug}`;
  return [
    '/search',
    '/search?sort=price_asc',
    '/search?sort=price_m2_asc&page=3',
    '/search?page=20',
    regionPath,
    `${regionPath}?sort=price_desc`,
    `${regionPath}/${town.slug}`,
    '/search?cat=1,12&bedrooms=2',
    '/search?pricefrom=150000&priceto=400000',
    `${regionPath}?bedrooms=3&bathrooms=2&priceto=600000`,
    '/search?view=list&page=2',
    '/search?features=pool&stage=key_ready',
  ];
}

const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

interface Figures {
  store: string;
  size: number;
  /** Pages per CPU-second, one a round. */
  cold: number[];
  warm: number[];
}

async function benchOne(target: Target, size: number): Promise<Figures> {
  const store = await target.open();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-search-page-'));
  try {
    const started = performance.now();
    await buildCatalogue(store.db, { projects: size, seed: 42, maxUnits: 6, maxFiles: 0, maxImages: 3 });
    if (target.name === 'postgres') await sql`vacuum analyze`.execute(store.db);
    console.log(`# ${target.name}: ${size.toLocaleString('en')} projects built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'production',
      SEED_DEMO: 'false',
      PREPARE_PHOTOS: 'false',
    });
    const app = await buildApp(config, { store, logger: false, catalogueWarmup: { everyMs: 3_600_000 } });
    try {
      await app.ready();
      const pages = addresses();
      const ask = async (url: string) => {
        const res = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
        if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}`);
      };
      for (const url of pages) await ask(url); // the code's first run, not counted
      const figures: Figures = { store: target.name, size, cold: [], warm: [] };
      for (let round = 0; round < ROUNDS; round++) {
        await bumpCatalogueVersion(store.db);
        let since = process.cpuUsage();
        for (const url of pages) await ask(url);
        figures.cold.push((pages.length * 1000) / cpuMs(since));
        since = process.cpuUsage();
        for (let again = 0; again < 3; again++) for (const url of pages) await ask(url);
        figures.warm.push((3 * pages.length * 1000) / cpuMs(since));
      }
      return figures;
    } finally {
      await app.close();
    }
  } finally {
    await store.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runSearchPageBench(): Promise<void> {
  const all: Figures[] = [];
  for (const size of SIZES) all.push(...(await eachBenchStore((target) => benchOne(target, size))));
  console.log(
    `\n${addresses().length} search addresses a round, ${ROUNDS} rounds; pages per CPU-second of this process (median, spread of the rounds), ` +
      'and the cost against the smallest catalogue (2 = twice the CPU a page)\n',
  );
  const rows = all.map((f) => {
    const smallest = all.find((g) => g.store === f.store && g.size === Math.min(...SIZES))!;
    const times = (mine: number[], base: number[]) => (median(base) / median(mine)).toFixed(2);
    return [
      f.store,
      f.size.toLocaleString('en'),
      `${median(f.cold).toFixed(0)} (${spread(f.cold)})`,
      times(f.cold, smallest.cold),
      `${median(f.warm).toFixed(0)} (${spread(f.warm)})`,
      times(f.warm, smallest.warm),
    ];
  });
  console.log(textTable(['store', 'developments', 'after a change: pages/CPU-s', 'cost ×', 'then: pages/CPU-s', 'cost ×'], rows));
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await runSearchPageBench();
