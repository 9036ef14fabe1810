// Issue 22's filters of GET and POST /api/properties against the fixture, on
// both stores: features (all of those asked), stage, "ready by" (now, or a
// year: the ready ones and those delivered by its end), built area from, and
// the order by price per m² (unknown last). The fixture's projects are given
// features, stages and delivery months by their id (setup.ts), so every filter
// both keeps and drops some; the expected answers are computed here from the rows.
import t from 'tap';
import { forEachStore } from '../../helpers/db.ts';
import { catalogueApp, giveFilterColumns, post } from './setup.ts';
import { findable } from './oracle.ts';
import type { SearchAnswer } from '../../../src/shared/catalogue.ts';
import { featuresOf, type Feature } from '../../../src/shared/features.ts';
import type { FastifyInstance } from 'fastify';

/** Every id a GET search finds, walking its pages. */
async function allIds(app: FastifyInstance, query: string): Promise<{ ids: number[]; total: number }> {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const res = await app.inject(`/api/properties?account_id=1&per_page=48&page=${page}&${query}`);
    if (res.statusCode !== 200) throw new Error(`${query}: ${res.statusCode} ${res.body}`);
    const answer = res.json() as SearchAnswer;
    ids.push(...answer.data.map((c) => c.id));
    if (page >= answer.meta.pages) return { ids, total: answer.meta.total };
  }
}

forEachStore(t, "issue 22's filters find what the rows say, and the price per m² orders", async (t, store) => {
  const { app, fixture } = await catalogueApp(t, store);
  await giveFilterColumns(store, fixture);
  const nextYear = new Date().getUTCFullYear() + 1;
  const rows = await store.db
    .selectFrom('projects')
    .select(['id', 'features', 'stage', 'delivery_date', 'built_max', 'price_m2_min', 'beach_km'])
    .execute();
  const listed = new Set(fixture.projects.filter((p) => findable(p)).map((p) => p.id));
  const expect = (keep: (row: (typeof rows)[number]) => boolean) =>
    rows
      .filter((r) => listed.has(r.id) && keep(r))
      .map((r) => r.id)
      .sort((a, b) => a - b);

  const cases: Array<[string, (row: (typeof rows)[number]) => boolean]> = [
    ['features=pool', (r) => featuresOf(r.features).includes('pool')],
    ['features=pool,sea-view', (r) => ['pool', 'sea-view'].every((f) => featuresOf(r.features).includes(f as Feature))],
    ['features=private-pool,lift', (r) => ['private-pool', 'lift'].every((f) => featuresOf(r.features).includes(f as Feature))],
    ['features=golf', () => false],
    ['stage=key_ready', (r) => r.stage === 'key_ready'],
    ['stage=off_plan,under_construction', (r) => r.stage !== 'key_ready'],
    ['delivery=now', (r) => r.stage === 'key_ready'],
    [`delivery=${nextYear}`, (r) => r.stage === 'key_ready' || (r.delivery_date !== null && r.delivery_date <= `${nextYear}-12`)],
    ['builtfrom=120', (r) => (r.built_max ?? 0) >= 120],
    ['beach=2', (r) => r.beach_km !== null && Number(r.beach_km) <= 2],
    ['beach=5&stage=key_ready', (r) => r.beach_km !== null && Number(r.beach_km) <= 5 && r.stage === 'key_ready'],
    [
      'features=sea-view&stage=off_plan&builtfrom=80',
      (r) => featuresOf(r.features).includes('sea-view') && r.stage === 'off_plan' && (r.built_max ?? 0) >= 80,
    ],
  ];
  for (const [query, keep] of cases) {
    const want = expect(keep);
    const got = await allIds(app, query);
    t.same(
      [...got.ids].sort((a, b) => a - b),
      want,
      `${query}: ${want.length} found`,
    );
    t.equal(got.total, want.length, `${query}: the total`);
    if (query === 'features=golf') t.equal(want.length, 0);
    else t.ok(want.length > 0 && want.length < listed.size, `${query} keeps some and drops some`);
  }

  const body = await post(app, '/api/properties', { account_id: 1, features: ['pool', 'sea-view'], stage: ['key_ready'], per_page: 48 });
  t.equal(body.statusCode, 200, 'the same filters posted');
  t.same(
    (body.json() as SearchAnswer).data.map((c) => c.id).sort((a, b) => a - b),
    expect((r) => r.stage === 'key_ready' && ['pool', 'sea-view'].every((f) => featuresOf(r.features).includes(f as Feature))),
  );

  const ordered = await allIds(app, 'sort=price_m2_asc');
  const byPriceM2 = rows
    .filter((r) => listed.has(r.id))
    .sort(
      (a, b) =>
        (a.price_m2_min === null ? 1 : 0) - (b.price_m2_min === null ? 1 : 0) ||
        (a.price_m2_min ?? 0) - (b.price_m2_min ?? 0) ||
        a.id - b.id,
    )
    .map((r) => r.id);
  t.same(ordered.ids, byPriceM2, 'price per m², lowest first, the unknown last, the id breaking ties');

  for (const query of [
    'features=swimming-pool',
    'stage=resale',
    'delivery=soon',
    'builtfrom=-1',
    'builtfrom=5000',
    'beach=-1',
    'beach=500',
    'sort=price_m2_desc',
  ]) {
    const res = await app.inject(`/api/properties?account_id=1&${query}`);
    t.equal(res.statusCode, 400, `${query}: 400`);
    t.match(res.json(), { message: new RegExp(query.split('=')[0]!) }, 'naming the field');
  }
});
