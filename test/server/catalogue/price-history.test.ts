// /api/project/price-history (issue 13): each unit's points after several
// imports (drops, rises, reserved → available, withdrawn and listed again, a new
// unit), its 404s (unknown, withdrawn, outside a partner's scope), bad bodies,
// and the GET form's cache headers.
import t from 'tap';
import { forEachStore, type TapTest } from '../../helpers/db.ts';
import { testApp } from '../../helpers/app.ts';
import { scopePartner } from '../../helpers/catalogue.ts';
import { chunks, feed, property } from '../catalogue-import/feeds.ts';
import { post } from './setup.ts';
import type { Store } from '../../../src/server/store/db.ts';
import { importFeed } from '../../../src/server/catalogue-import/importer.ts';
import { PartnerService } from '../../../src/server/services/partners.ts';
import type { PriceHistoryAnswer, UnitPriceHistory } from '../../../src/shared/price-history.ts';

const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12));
const at = (n: number) => day(n).toISOString();
const run = (store: Store, now: Date, ...properties: string[]) =>
  importFeed(store, chunks(feed(...properties), 4096), { source: 'test', now });

const unit = (id: string, price: number, status = 'available', dev = 'D1') =>
  property({ id, dev, price, status, beds: id === 'B' ? 0 : 2, extra: `<ref>R-${id}</ref>` });
const other = property({ id: 'O1', dev: 'D2', price: 150000, town: 'Murcia', province: 'Murcia' });
const gone = property({ id: 'G1', dev: 'D3', price: 99000 });

/** Four imports of project D1, and D2 beside it; D3 leaves the feed. */
async function history(t: TapTest, store: Store) {
  await run(
    store,
    day(1),
    unit('A', 300000),
    unit('B', 250000),
    unit('C', 400000, 'reserved'),
    unit('D', 200000),
    unit('W', 500000),
    unit('X', 320000),
    unit('Z', 330000),
    other,
    gone,
  );
  // Z leaves before history was kept: withdrawn with no row, as a store from before migration 0013 holds it.
  await store.db
    .updateTable('units')
    .set({ withdrawn_at: at(1) })
    .where('feed_id', '=', 'Z')
    .execute();
  // A cheaper, C available again, W and X gone from the feed, D3 gone.
  await run(store, day(2), unit('A', 280000), unit('B', 250000), unit('C', 400000), unit('D', 200000), other);
  // A dearer, W listed again for less, a new unit N; then the same feed again: nothing new.
  const third = [unit('A', 290000), unit('B', 250000), unit('C', 400000), unit('D', 200000), unit('W', 480000), unit('N', 350000), other];
  await run(store, day(3), ...third);
  await run(store, day(4), ...third);
  const app = await testApp(t, { store, env: { SEED_DEMO: 'false' } });
  const ids = async (ref: string) =>
    (await store.db.selectFrom('projects').select('id').where('ref', '=', ref).executeTakeFirstOrThrow()).id;
  return { app, d1: await ids('D1'), d2: await ids('D2'), d3: await ids('D3') };
}

const point = (n: number, price: number, status = 'available') => ({ date: at(n), price, status });

forEachStore(t, "each unit's points after several imports, cheapest listed unit first, withdrawn ones last", async (t, store) => {
  const { app, d1 } = await history(t, store);
  for (const res of [await app.inject(`/api/project/price-history?id=${d1}`), await post(app, '/api/project/price-history', { id: d1 })]) {
    t.equal(res.statusCode, 200);
    const { data } = res.json() as PriceHistoryAnswer;
    const byRef = (ref: string) => data.find((u) => u.ref === `R-${ref}`)!;
    t.same(
      data.map((u) => u.ref),
      ['R-D', 'R-B', 'R-A', 'R-N', 'R-C', 'R-W', 'R-X'],
      'listed units by price, then the withdrawn; Z (never seen listed while history was kept) left out',
    );
    t.same(byRef('A').points, [point(1, 300000), point(2, 280000), point(3, 290000)], 'a drop, then a rise');
    t.same(byRef('B').points, [point(1, 250000)], 'never changed: one point, its values now');
    t.same(byRef('C').points, [point(1, 400000, 'reserved'), point(2, 400000)], 'reserved, then available again');
    t.same(byRef('W').points, [point(1, 500000), point(2, 500000, 'withdrawn'), point(3, 480000)], 'withdrawn, then listed again for less');
    t.same(byRef('N').points, [point(3, 350000)], 'a new unit starts on its first import');
    t.same(byRef('X').points, [point(1, 320000), point(2, 320000, 'withdrawn')]);
    t.same(
      { ...byRef('X'), points: undefined },
      {
        id: byRef('X').id,
        ref: 'R-X',
        category: { id: 1, key: 'apartment' },
        bedrooms: 2,
        price: 320000,
        status: 'withdrawn',
        points: undefined,
      },
      'a withdrawn unit says so now',
    );
    const b: UnitPriceHistory = byRef('B');
    t.equal(b.bedrooms, null, 'a count the feed does not give is null');
    t.match(b, { price: 250000, status: 'available', category: { key: 'apartment' } });
  }
});

forEachStore(t, 'unknown, withdrawn or out-of-scope projects are 404, as for /api/property', async (t, store) => {
  const { app, d1, d2, d3 } = await history(t, store);
  const none = (await post(app, '/api/project/price-history', { id: d2 })).json() as PriceHistoryAnswer;
  t.same(
    none.data.map((u) => u.points.length),
    [1],
    'a project that never changed: its units, one point each',
  );
  for (const id of [d3, 987654]) {
    const res = await post(app, '/api/project/price-history', { id });
    t.equal(res.statusCode, 404, `id ${id}`);
    t.same(res.json(), { statusCode: 404, error: 'Not Found', message: 'This page could not be found' });
  }
  const partners = new PartnerService(store.db);
  const alpha = await partners.create({ slug: 'alpha-homes', name: 'Alpha', domain: 'alpha.localhost' });
  await scopePartner(store.db, alpha.id, { projects: [d2] });
  t.equal((await app.inject(`/api/project/price-history?id=${d1}&partner=alpha-homes`)).statusCode, 404, 'outside the scope');
  t.equal(
    (await app.inject({ url: `/api/project/price-history?id=${d1}`, headers: { host: 'alpha.localhost' } })).statusCode,
    404,
    'by domain',
  );
  t.equal((await app.inject(`/api/project/price-history?id=${d2}&partner=alpha-homes`)).statusCode, 200, 'within it');
  t.equal((await app.inject(`/api/project/price-history?id=${d1}&partner=nobody`)).statusCode, 404, 'a partner naming nobody');
  const res = await app.inject(`/api/project/price-history?id=${d1}`);
  t.match(res.headers['cache-control'], /^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/, 'public: a CDN may keep it');
});

forEachStore(t, 'a bad body or query is a 400 naming the field', async (t, store) => {
  const app = await testApp(t, { store, env: { SEED_DEMO: 'false' } });
  for (const [query, body, field, message] of [
    ['id=abc', { id: 'abc' }, 'id', /^id\b/],
    ['id=0', { id: 0 }, 'id', /^id\b/],
    ['id=1.5', { id: 1.5 }, 'id', /^id\b/],
    ['', {}, 'id', /^id is required$/],
    ['id=1&extra=1', { id: 1, extra: 1 }, 'extra', /^extra is not allowed$/],
  ] as const) {
    const viaGet = await app.inject(`/api/project/price-history?${query}`);
    t.equal(viaGet.statusCode, 400, `GET ?${query}`);
    t.match(viaGet.json(), { field, message });
    const viaPost = await post(app, '/api/project/price-history', body);
    t.equal(viaPost.statusCode, 400, `POST ${JSON.stringify(body)}`);
    t.match(viaPost.json(), { field, message });
  }
});
