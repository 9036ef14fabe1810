// The search's query plans on SQLite (EXPLAIN QUERY PLAN): every count and
// every page reads one of the covering search indexes of migrations 0003, 0007
// and 0025 and never a table row, whatever the filters and the sort (price per
// m² too); a page is sorted in a temporary b-tree only in a town.
// A change to the indexes or to the way the conditions are written that
// loses this would make searches at 50,000 projects 10 to 50 times slower
// without failing any other test.
import t from 'tap';
import { sql } from 'kysely';
import { create } from 'superstruct';
import { openStore } from '../../../src/server/store/db.ts';
import { resolveGeo, searchStatements } from '../../../src/server/services/catalogue/search.ts';
import { PropertySearch } from '../../../src/shared/catalogue.ts';
import { buildCatalogue } from '../../helpers/catalogue.ts';
import { tempDir } from '../../helpers/app.ts';

const searches: Array<Record<string, unknown>> = [
  {},
  { esGeo: { country: 'spain' } },
  { esGeo: { region: 'alicante' } },
  { esGeo: { town: 'torrevieja' } },
  { cat: [1, 12] },
  { cat: [150] },
  { bedrooms: 3, bathrooms: 2 },
  { pricefrom: 200_000, priceto: 300_000 },
  { esGeo: { region: 'alicante' }, cat: [1, 12], bedrooms: 2, pricefrom: 150_000, priceto: 400_000 },
  { esGeo: { town: 'marbella' }, cat: [2], bathrooms: 2, page: 3 },
  // The search by map (migration 0007 put lat and lng in every search index).
  { bbox: [-0.8, 37.9, -0.6, 38.0] },
  { esGeo: { region: 'alicante' }, bbox: [-0.8, 37.9, -0.6, 38.0], bedrooms: 2 },
  { esGeo: { town: 'torrevieja' }, bbox: [-0.7, 37.9, -0.6, 38.0] },
  // Issue 22's filters (migration 0025 put their columns in every search index).
  { features: ['pool', 'sea-view'], stage: ['key_ready'] },
  { esGeo: { region: 'alicante' }, builtfrom: 100, delivery: '2028' },
  { delivery: 'now', features: ['golf'] },
  // Issue 23's "beach within" (migration 0028).
  { beach: 5 },
  { esGeo: { region: 'alicante' }, beach: 2, bedrooms: 2 },
];

t.test('every search reads a covering search index, never a table row', async (t) => {
  const store = await openStore({ dataDir: tempDir(t) });
  t.teardown(() => store.close());
  await buildCatalogue(store.db, { projects: 300, seed: 3 });
  const scopes = [null, { regions: [2, 13], projects: [5, 6] }];
  for (const body of searches)
    for (const sort of ['newest', 'price_asc', 'price_desc', 'price_m2_asc'])
      for (const scope of scopes) {
        const q = create({ account_id: 1, ...body, sort }, PropertySearch);
        const geo = await resolveGeo(store.db, q.esGeo);
        const { count, page } = searchStatements(q, geo, scope, { planHints: true });
        const label = `${JSON.stringify(body)} ${sort}${scope ? ' scoped' : ''}`;
        for (const [name, statement] of [
          ['count', count],
          ['page', page],
        ] as const) {
          const plan = (await sql<{ detail: string }>`explain query plan ${statement}`.execute(store.db)).rows.map((r) => r.detail);
          const onProjects = plan.filter((d) => /\bp\b/.test(d) && /^(SCAN|SEARCH)/.test(d));
          t.equal(onProjects.length, 1, `${label} ${name}: one pass over projects (${plan.join(' | ')})`);
          t.match(onProjects[0], /USING COVERING INDEX projects_search_/, `${label} ${name}: a covering search index`);
          const sorts = plan.some((d) => d.includes('TEMP B-TREE'));
          if (name === 'page')
            t.equal(sorts, Boolean(q.esGeo?.town), `${label} page: sorted by its index${q.esGeo?.town ? ', except in a town' : ''}`);
          if (q.esGeo && name === 'count') t.match(onProjects[0], /country_id=\?/, `${label} count: a range of the place index`);
        }
      }
});
