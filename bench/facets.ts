// The facet counts' latency (issue 22: every option of the search form with
// the count it would leave, asked as the form changes; p99 ≤ 25 ms at 50,000
// developments on SQLite): countFacets() in-process over the rows loaded once
// per catalogue version (their load is printed apart), uncached counts (the
// service keeps them per catalogue version; a new filter combination is what costs),
// on the search bench's stores of 150, 50,000 and 200,000 synthetic projects,
// on SQLite and, when BENCH_DATABASE_URL or TEST_DATABASE_URL is set, on
// PostgreSQL. A mix of what buyers do in the form: nothing set, a place, a
// type and rooms, a feature or two, a stage, a price band. Figures only.
//
//   npx tsx bench/facets.ts
//   BENCH_SEARCH_SIZES=150,50000 BENCH_FACET_ITERATIONS=300 npx tsx bench/facets.ts
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { create } from 'superstruct';
import { FacetSearch } from '../src/shared/catalogue.ts';
import { featureMask, type Feature } from '../src/shared/features.ts';
import { countFacets, loadFacetRows } from '../src/server/services/catalogue/facets.ts';
import { resolveGeo } from '../src/server/services/catalogue/search.ts';
import { PRICE_M2 } from '../src/server/store/price-per-m2.ts';
import { buildCatalogue, seededRandom } from '../test/helpers/catalogue.ts';
import { SIZES, eachBenchStore, type Target } from './search.ts';
import { median, textTable } from './table.ts';

const ITERATIONS = Number(process.env.BENCH_FACET_ITERATIONS ?? 400);
const WARMUP = 40;

const FEATURE_PATTERN: Array<[number, Feature]> = [
  [2, 'pool'],
  [6, 'private-pool'],
  [3, 'sea-view'],
  [5, 'lift'],
  [7, 'golf'],
];

/** What buyers set in the form, in the proportions of the search bench's mix. */
const FORMS: Array<[number, Record<string, unknown>]> = [
  [25, {}],
  [20, { esGeo: { country: 'spain', region: 'alicante' } }],
  [10, { esGeo: { country: 'spain', region: 'murcia', town: 'san-javier' } }],
  [10, { cat: [1, 12], bedrooms: 2 }],
  [10, { features: ['pool'] }],
  [8, { features: ['pool', 'sea-view'], stage: ['key_ready'] }],
  [7, { stage: ['off_plan'], delivery: '2028' }],
  [10, { pricefrom: 150_000, priceto: 400_000, builtfrom: 75 }],
];

function forms(count: number): FacetSearch[] {
  const rand = seededRandom(11);
  const weights = FORMS.reduce((sum, [w]) => sum + w, 0);
  return Array.from({ length: count }, () => {
    let at = rand() * weights;
    const form = FORMS.find(([w]) => (at -= w) < 0)?.[1] ?? {};
    return create({ account_id: 1, ...form }, FacetSearch);
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function benchOne(target: Target, size: number): Promise<string[]> {
  const store = await target.open();
  try {
    const fixture = await buildCatalogue(store.db, { projects: size, seed: 42, maxUnits: 6, maxFiles: 0, maxImages: 5 });
    // Features, stages and delivery months by id, as the facets test gives them.
    for (const [mod, feature] of FEATURE_PATTERN)
      await sql`update projects set features = features | ${sql.lit(featureMask([feature]))} where id % ${sql.lit(mod)} = 0`.execute(
        store.db,
      );
    await sql`update projects set stage = case id % 3 when 0 then 'off_plan' when 1 then 'under_construction' else 'key_ready' end,
      delivery_date = case when id % 3 = 2 then null else ${`${new Date().getUTCFullYear() + 1}-06`} end`.execute(store.db);
    await sql`update projects set price_m2_min = (select ${PRICE_M2} from units u where u.project_id = projects.id)`.execute(store.db);
    if (target.name === 'postgres') await sql`vacuum analyze`.execute(store.db);
    const listed = fixture.projects.filter((p) => !p.withdrawn && p.units_available > 0).length;
    const loading = performance.now();
    const facetRows = await loadFacetRows(store.db);
    const loaded = performance.now() - loading;
    const all = forms(WARMUP + ITERATIONS);
    const times: number[] = [];
    for (const [i, q] of all.entries()) {
      const geo = await resolveGeo(store.db, q.esGeo);
      const t0 = performance.now();
      countFacets(facetRows, q, geo, null);
      if (i >= WARMUP) times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    return [
      target.name,
      size.toLocaleString('en'),
      listed.toLocaleString('en'),
      median(times).toFixed(2),
      percentile(times, 99).toFixed(2),
      percentile(times, 100).toFixed(2),
      loaded.toFixed(0),
    ];
  } finally {
    await store.close();
  }
}

export async function runFacetsBench(): Promise<void> {
  console.log(`# facet counts, in-process, uncached, one at a time: ${WARMUP} warm-up then ${ITERATIONS} measured per store and size`);
  const rows: string[][] = [];
  for (const size of SIZES) rows.push(...(await eachBenchStore((target) => benchOne(target, size))));
  console.log(textTable(['store', 'projects', 'listed', 'p50 ms', 'p99 ms', 'max ms', 'rows loaded in ms'], rows));
  const sqlite50k = rows.find((r) => r[0] === 'sqlite' && r[1] === '50,000');
  if (sqlite50k)
    console.log(`facet counts p99, 50,000 on SQLite: ${sqlite50k[4]} / 25 ms${Number(sqlite50k[4]) > 25 ? '  OVER BUDGET' : ''}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await runFacetsBench();
