// POST and GET /api/properties against what the fixture's units say a search
// should find (oracle.ts, plain JS): every filter alone and combined, the sort
// orders, and walking every page. On SQLite, and on PostgreSQL when
// TEST_DATABASE_URL is set.
import t from 'tap';
import { sql } from 'kysely';
import { forEachStore } from '../../helpers/db.ts';
import { catalogueApp, post } from './setup.ts';
import { expectedIds, findable, type Search } from './oracle.ts';
import type { SearchAnswer } from '../../../src/shared/catalogue.ts';
import { bumpCatalogueVersion } from '../../../src/server/store/catalogue-version.ts';

interface Case {
  name: string;
  q: Search;
  /** The search is meant to find nothing (an unknown place, an impossible band). */
  empty?: boolean;
}

const cases: Case[] = [
  { name: 'no filter', q: {} },
  // categories
  { name: 'cat apartment', q: { cat: [1] } },
  { name: 'cat villa or penthouse', q: { cat: [2, 12] } },
  { name: 'cat land', q: { cat: [7] } },
  { name: 'cat 70 (past the bitmask)', q: { cat: [70] } },
  { name: 'cat 150 (imported type)', q: { cat: [150] } },
  { name: 'cat 70 or 150', q: { cat: [70, 150] } },
  { name: 'cat apartment or 150', q: { cat: [1, 150] } },
  { name: 'cat unknown', q: { cat: [999] }, empty: true },
  { name: 'cat empty list', q: { cat: [] } },
  // places
  { name: 'country spain', q: { esGeo: { country: 'spain' } } },
  { name: 'country portugal', q: { esGeo: { country: 'portugal' } } },
  { name: 'country unknown', q: { esGeo: { country: 'france' } }, empty: true },
  { name: 'region alicante', q: { esGeo: { region: 'alicante' } } },
  { name: 'region malaga in spain', q: { esGeo: { country: 'spain', region: 'malaga' } } },
  { name: 'region alicante in portugal', q: { esGeo: { country: 'portugal', region: 'alicante' } }, empty: true },
  { name: 'region without projects', q: { esGeo: { region: 'valencia' } }, empty: true },
  { name: 'town torrevieja', q: { esGeo: { town: 'torrevieja' } } },
  { name: 'town full path', q: { esGeo: { country: 'spain', region: 'murcia', town: 'los-alcazares' } } },
  { name: 'town slug in two regions', q: { esGeo: { town: 'la-herradura' } } },
  { name: 'town slug narrowed by region', q: { esGeo: { region: 'granada', town: 'la-herradura' } } },
  { name: 'town in the wrong region', q: { esGeo: { region: 'murcia', town: 'torrevieja' } }, empty: true },
  { name: 'town unknown', q: { esGeo: { town: 'atlantis' } }, empty: true },
  // rooms
  { name: 'bedrooms 0', q: { bedrooms: 0 } },
  { name: 'bedrooms 3', q: { bedrooms: 3 } },
  { name: 'bedrooms 5', q: { bedrooms: 5 } },
  { name: 'bedrooms 10', q: { bedrooms: 10 }, empty: true },
  { name: 'bathrooms 2', q: { bathrooms: 2 } },
  { name: 'bathrooms 4', q: { bathrooms: 4 } },
  // price
  { name: 'pricefrom 400000', q: { pricefrom: 400_000 } },
  { name: 'priceto 200000', q: { priceto: 200_000 } },
  { name: 'price band 250000-300000', q: { pricefrom: 250_000, priceto: 300_000 } },
  { name: 'priceto 0', q: { priceto: 0 }, empty: true },
  { name: 'priceto at its bound', q: { priceto: 10_000_000 } },
  { name: 'pricefrom at the bound', q: { pricefrom: 10_000_000 } },
  // combined
  {
    name: 'region + cat + bedrooms + band',
    q: { esGeo: { region: 'alicante' }, cat: [1, 12], bedrooms: 2, pricefrom: 150_000, priceto: 400_000 },
  },
  { name: 'town + bathrooms', q: { esGeo: { town: 'marbella' }, bathrooms: 2 } },
  { name: 'country + villa + pricefrom', q: { esGeo: { country: 'spain' }, cat: [2], pricefrom: 500_000 } },
  { name: 'region + bedrooms + bathrooms + priceto', q: { esGeo: { region: 'murcia' }, bedrooms: 2, bathrooms: 2, priceto: 350_000 } },
  {
    name: 'town + cat + band',
    q: { esGeo: { country: 'spain', region: 'alicante', town: 'orihuela-costa' }, cat: [1, 3, 4], pricefrom: 100_000, priceto: 300_000 },
  },
];

/** The GET form of a search: flat, strings, cat comma-separated. */
function toQuery(q: Search & { sort?: string; page?: number; per_page?: number }): string {
  const params = new URLSearchParams({ account_id: '1' });
  for (const [key, value] of Object.entries(q)) {
    if (key === 'esGeo') for (const [level, slug] of Object.entries(value as object)) params.set(level, String(slug));
    else if (key === 'cat') params.set('cat', (value as number[]).join(','));
    else params.set(key, String(value));
  }
  return params.toString();
}

forEachStore(t, 'every filter alone and combined finds what the units say, POST and GET alike', async (t, store) => {
  const { app, fixture } = await catalogueApp(t, store);
  const everything = fixture.projects.filter((p) => findable(p)).length;
  t.ok(everything > 150 && everything < 200, `most projects findable, not all (${everything})`);
  for (const c of cases) {
    for (const sort of ['newest', 'price_asc', 'price_desc'] as const) {
      const q = { ...c.q, sort };
      const expected = expectedIds(fixture, q);
      if (sort === 'newest') {
        if (c.empty) t.equal(expected.length, 0, `${c.name}: finds nothing`);
        else if (c.name !== 'no filter' && !['bedrooms 0', 'cat empty list', 'priceto at its bound'].includes(c.name))
          t.ok(expected.length > 0 && expected.length < everything, `${c.name}: the filter filters (${expected.length} of ${everything})`);
      }
      const res = await post(app, '/api/properties', { account_id: 1, ...q, per_page: 48 });
      t.equal(res.statusCode, 200, `${c.name} ${sort}`);
      const body = res.json() as SearchAnswer;
      t.equal(body.meta.total, expected.length, `${c.name} ${sort}: total`);
      t.same(
        body.data.map((p) => p.id),
        expected.slice(0, 48),
        `${c.name} ${sort}: first page in order`,
      );
      t.same(body.meta, { total: expected.length, page: 1, per_page: 48, pages: Math.ceil(expected.length / 48) }, `${c.name}: meta`);

      const viaGet = await app.inject(`/api/properties?${toQuery({ ...q, per_page: 48 })}`);
      t.equal(viaGet.statusCode, 200, `${c.name} ${sort} GET`);
      t.same(viaGet.json(), body, `${c.name} ${sort}: GET answers as POST does`);
    }
  }
});

forEachStore(t, 'walking every page shows each project once, in order, for each sort', async (t, store) => {
  const { app, fixture } = await catalogueApp(t, store);
  const findableIds = fixture.projects.filter((p) => findable(p));
  // Ties are what make pagination unstable without a tie-breaker: make sure there are some.
  const dates = findableIds.map((p) => p.updated_at);
  t.ok(new Set(dates).size < dates.length, 'some projects share an updated_at');
  for (const q of [{}, { esGeo: { region: 'alicante' }, bedrooms: 2 }] as Search[]) {
    for (const sort of ['newest', 'price_asc', 'price_desc'] as const) {
      const expected = expectedIds(fixture, { ...q, sort });
      const seen: number[] = [];
      let pages = 1;
      for (let page = 1; page <= pages; page++) {
        const res = await app.inject(`/api/properties?${toQuery({ ...q, sort, page, per_page: 7 })}`);
        const body = res.json() as SearchAnswer;
        t.equal(body.meta.total, expected.length);
        pages = body.meta.pages;
        t.ok(body.data.length === 7 || page === pages, `page ${page} is full unless last`);
        seen.push(...body.data.map((p) => p.id));
      }
      t.equal(new Set(seen).size, seen.length, `${sort} ${JSON.stringify(q)}: no duplicates`);
      t.same(seen, expected, `${sort} ${JSON.stringify(q)}: no gaps, in order`);
      const past = (await app.inject(`/api/properties?${toQuery({ ...q, sort, page: pages + 1, per_page: 7 })}`)).json() as SearchAnswer;
      t.same(past.data, [], 'a page past the last is empty');
      t.equal(past.meta.total, expected.length);
    }
  }
});

forEachStore(t, 'sort orders follow the prices and dates of the cards', async (t, store) => {
  const { app } = await catalogueApp(t, store);
  const page = async (sort: string) =>
    ((await post(app, '/api/properties', { account_id: 1, sort, per_page: 48 })).json() as SearchAnswer).data;
  const asc = await page('price_asc');
  for (let i = 1; i < asc.length; i++) t.ok(asc[i - 1]!.price!.min <= asc[i]!.price!.min, 'price_asc by the lowest price');
  const desc = await page('price_desc');
  for (let i = 1; i < desc.length; i++) t.ok(desc[i - 1]!.price!.max >= desc[i]!.price!.max, 'price_desc by the highest price');
  const newest = await page('newest');
  for (let i = 1; i < newest.length; i++) t.ok(newest[i - 1]!.updated_at >= newest[i]!.updated_at, 'newest first');
  t.same(await page('newest'), (await post(app, '/api/properties', { account_id: 1, per_page: 48 })).json().data, 'newest is the default');
});

forEachStore(t, 'a card carries what a result card and a map marker need', async (t, store) => {
  const { app, fixture } = await catalogueApp(t, store);
  const { data } = (await post(app, '/api/properties', { account_id: 1, per_page: 48 })).json() as SearchAnswer;
  let withImages = 0;
  for (const card of data) {
    const p = fixture.byId.get(card.id)!;
    const available = p.units.filter((u) => !u.withdrawn && u.status === 'available');
    t.same(card.price, { min: Math.min(...available.map((u) => u.price)), max: Math.max(...available.map((u) => u.price)) });
    t.same(card.bedrooms, { min: Math.min(...available.map((u) => u.bedrooms)), max: Math.max(...available.map((u) => u.bedrooms)) });
    t.equal(card.units_available, available.length);
    t.same(card.location.town, { name: p.town.name, slug: p.town.slug, path: p.town.path });
    t.same(card.location.region, { name: p.region.name, slug: p.region.slug, path: p.region.path });
    t.same(card.location.country, { name: p.country.name, slug: p.country.slug, path: p.country.path });
    t.type(card.location.lat, 'number');
    t.type(card.location.lng, 'number');
    t.equal(card.category.id, p.category_id);
    // The first photo in feed order, the one a card shows: floor plans are registered-only files.
    const order = p.images.filter((i) => !i.floorplan).sort((a, b) => a.position - b.position);
    t.same(
      card.images.map((i) => i.url),
      order.slice(0, 1).map((i) => i.url),
      `images of ${card.id}`,
    );
    if (card.images.length) withImages++;
  }
  t.ok(withImages > 10, 'cards with images were checked');
});

forEachStore(t, 'priceto at the upper bound means no upper limit: projects above it are found', async (t, store) => {
  const { app, fixture } = await catalogueApp(t, store);
  const luxury = fixture.projects.filter((p) => findable(p) && p.price_min! > 10_000_000);
  t.ok(luxury.length > 0, 'the fixture has some');
  const all = (await post(app, '/api/properties', { account_id: 1, per_page: 48, sort: 'price_desc' })).json() as SearchAnswer;
  for (const p of luxury) {
    t.ok(
      all.data.some((c) => c.id === p.id),
      `${p.id} found by a default search`,
    );
    t.equal((await app.inject(`/api/property?id=${p.id}`)).statusCode, 200);
  }
});

forEachStore(t, 'the category filter follows project_categories as it changes (triggers)', async (t, store) => {
  const { app, fixture } = await catalogueApp(t, store);
  // Totals are kept per catalogue version: each write here is an import's, which bumps it.
  const total = async (cat: number[]) => {
    await bumpCatalogueVersion(store.db);
    return ((await post(app, '/api/properties', { account_id: 1, cat })).json() as SearchAnswer).meta.total;
  };
  const p = fixture.projects.find((x) => findable(x) && x.categories.length === 1 && x.categories[0] === 1)!;
  t.ok(p, 'an apartment-only project');
  const before = { land: await total([7]), finca: await total([150]), cortijo: await total([70]) };

  await store.db.insertInto('project_categories').values({ project_id: p.id, category_id: 150 }).execute();
  t.equal(await total([150]), before.finca + 1, 'insert: found as a finca');
  t.equal(await total([70]), before.cortijo, 'a category sharing the overflow bit does not match');

  await sql`update project_categories set category_id = 7 where project_id = ${p.id} and category_id = 150`.execute(store.db);
  t.equal(await total([150]), before.finca, 'update: no longer a finca');
  t.equal(await total([7]), before.land + 1, 'update: now land');

  await store.db.deleteFrom('project_categories').where('project_id', '=', p.id).where('category_id', '=', 7).execute();
  t.equal(await total([7]), before.land, 'delete: no longer land');
  const apartments = await total([1]);
  await store.db.deleteFrom('project_categories').where('project_id', '=', p.id).execute();
  t.equal(await total([1]), apartments - 1, 'delete: no category left');
});

forEachStore(t, "a search's count and page are compiled once per shape, each call binding its own values", async (t, store) => {
  const { app, fixture } = await catalogueApp(t, store);
  const trees = new Set<unknown>();
  const stop = store.onQuery((event) => {
    if (/^select (count\(\*\) as n|p\.id) from projects p where/.test(event.query.sql)) trees.add(event.query.query);
  });
  for (const bedrooms of [2, 3, 4]) {
    const q = { esGeo: { region: 'alicante' }, bedrooms, priceto: 400_000 + bedrooms };
    const body = (await post(app, '/api/properties', { account_id: 1, ...q, page: bedrooms - 1, per_page: 5 })).json() as SearchAnswer;
    const expected = expectedIds(fixture, q);
    t.equal(body.meta.total, expected.length, `bedrooms ${bedrooms}: its own total`);
    t.same(
      body.data.map((p) => p.id),
      expected.slice((bedrooms - 2) * 5, (bedrooms - 1) * 5),
      `bedrooms ${bedrooms}: its own page`,
    );
  }
  stop();
  t.equal(trees.size, 2, 'one built count and one built page for the three searches');
});
