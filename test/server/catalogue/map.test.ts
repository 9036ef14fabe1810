// The search by map (issue 4): the bbox filter of /api/properties, and
// /api/map-markers (the same filters, every match with coordinates, capped),
// against the oracle's answer limited to the area. On SQLite, and on
// PostgreSQL when TEST_DATABASE_URL is set.
import t from 'tap';
import { create } from 'superstruct';
import { forEachStore } from '../../helpers/db.ts';
import { scopePartner } from '../../helpers/catalogue.ts';
import { catalogueApp, post } from './setup.ts';
import { expectedIds, findable, type ScopeRows, type Search } from './oracle.ts';
import { PartnerService } from '../../../src/server/services/partners.ts';
import { markers } from '../../../src/server/services/catalogue/markers.ts';
import { MarkerSearch, type BBox, type MarkersAnswer, type SearchAnswer } from '../../../src/shared/catalogue.ts';
import type { Store } from '../../../src/server/store/db.ts';

type Position = Map<number, { lat: number | null; lng: number | null }>;

/** The projects' coordinates as stored (the fixture keeps no copy). */
async function positions(store: Store): Promise<Position> {
  const rows = await store.db.selectFrom('projects').select(['id', 'lat', 'lng']).execute();
  return new Map(
    rows.map((r) => [Number(r.id), { lat: r.lat === null ? null : Number(r.lat), lng: r.lng === null ? null : Number(r.lng) }]),
  );
}

function inside(position: Position, id: number, [w, s, e, n]: BBox): boolean {
  const p = position.get(id);
  return !!p && p.lat !== null && p.lng !== null && p.lat >= s && p.lat <= n && p.lng >= w && p.lng <= e;
}

// Around Torrevieja and Orihuela Costa; the Costa del Sol; south-east Spain; the world.
const AREAS: BBox[] = [
  [-0.76, 37.9, -0.66, 38.0],
  [-5.3, 36.3, -4.4, 36.8],
  [-3, 36.5, 0.5, 39],
  [-180, -90, 180, 90],
];

forEachStore(t, 'bbox limits a search to the projects whose coordinates lie in the area, POST and GET alike', async (t, store) => {
  const { app, fixture } = await catalogueApp(t, store);
  // One findable project loses its coordinates: it is in no area.
  const lost = fixture.projects.find((p) => findable(p) && p.region.slug === 'alicante')!;
  await store.db.updateTable('projects').set({ lat: null, lng: null }).where('id', '=', lost.id).execute();
  const position = await positions(store);
  const everything = expectedIds(fixture, {}).length;

  const filters: Search[] = [{}, { bedrooms: 2, cat: [1, 12] }, { esGeo: { region: 'alicante' }, pricefrom: 150_000 }];
  for (const bbox of AREAS)
    for (const filter of filters)
      for (const sort of ['newest', 'price_asc'] as const) {
        const q = { ...filter, sort };
        const expected = expectedIds(fixture, q).filter((id) => inside(position, id, bbox));
        const label = `${JSON.stringify(bbox)} ${JSON.stringify(q)}`;
        if (bbox !== AREAS[3] && !filter.esGeo)
          t.ok(expected.length > 0 && expected.length < everything, `${label}: the area filters (${expected.length})`);
        const body = (await post(app, '/api/properties', { account_id: 1, ...q, bbox, per_page: 48 })).json() as SearchAnswer;
        t.equal(body.meta.total, expected.length, `${label}: total`);
        t.same(
          body.data.map((c) => c.id),
          expected.slice(0, 48),
          `${label}: the page in order`,
        );
        t.notOk(
          body.data.some((c) => c.id === lost.id),
          `${label}: not the project without coordinates`,
        );
        const params = new URLSearchParams({ account_id: '1', sort, per_page: '48', bbox: bbox.join(',') });
        if (filter.bedrooms) params.set('bedrooms', String(filter.bedrooms));
        if (filter.cat) params.set('cat', filter.cat.join(','));
        if (filter.esGeo?.region) params.set('region', filter.esGeo.region);
        if (filter.pricefrom) params.set('pricefrom', String(filter.pricefrom));
        t.same((await app.inject(`/api/properties?${params}`)).json(), body, `${label}: GET answers as POST`);
      }

  // The edges belong to the area.
  const p = position.get(expectedIds(fixture, {})[0]!)!;
  const onEdge = (
    await post(app, '/api/properties', { account_id: 1, bbox: [p.lng, p.lat, p.lng! + 0.5, p.lat! + 0.5] })
  ).json() as SearchAnswer;
  t.ok(
    onEdge.data.some((c) => c.id === expectedIds(fixture, {})[0]),
    'a project on the south-west corner is inside',
  );
});

forEachStore(t, 'a bad bbox is a 400 naming it, as a body and as a query string', async (t, store) => {
  const { app } = await catalogueApp(t, store);
  const cases: Array<{ name: string; body: unknown; query: string; message: RegExp }> = [
    {
      name: 'west east of east',
      body: [1, 36, 0, 38],
      query: '1,36,0,38',
      message: /^bbox: expected \[west, south, east, north\] with west < east and south < north$/,
    },
    { name: 'south north of north', body: [-1, 38, 0, 36], query: '-1,38,0,36', message: /^bbox: expected .*south < north/ },
    { name: 'an empty area', body: [0, 36, 0, 38], query: '0,36,0,38', message: /^bbox: expected .*west < east/ },
    { name: 'longitude past 180', body: [-1, 36, 181, 38], query: '-1,36,181,38', message: /^bbox\.2: .*180/ },
    { name: 'latitude past -90', body: [-1, -91, 0, 38], query: '-1,-91,0,38', message: /^bbox\.1: .*-90/ },
    { name: 'three numbers', body: [-1, 36, 0], query: '-1,36,0', message: /^bbox\b/ },
    { name: 'five numbers', body: [-1, 36, 0, 38, 1], query: '-1,36,0,38,1', message: /^bbox\b/ },
    { name: 'a word', body: ['west', 36, 0, 38], query: 'west,36,0,38', message: /^bbox\.0: Expected a number/ },
    { name: 'an object', body: { w: -1, s: 36, e: 0, n: 38 }, query: '', message: /^bbox\b/ },
  ];
  for (const c of cases) {
    for (const path of ['/api/properties', '/api/map-markers']) {
      const viaPost = await post(app, path, { account_id: 1, bbox: c.body });
      t.equal(viaPost.statusCode, 400, `POST ${path} ${c.name}`);
      t.match(viaPost.json().message, c.message, `POST ${path} ${c.name}: ${viaPost.json().message}`);
      if (!c.query) continue;
      const viaGet = await app.inject(`${path}?account_id=1&bbox=${encodeURIComponent(c.query)}`);
      t.equal(viaGet.statusCode, 400, `GET ${path} ${c.name}`);
      t.match(viaGet.json().message, c.message, `GET ${path} ${c.name}: ${viaGet.json().message}`);
    }
  }
  t.equal((await app.inject('/api/properties?account_id=1&bbox=')).statusCode, 200, 'an empty bbox parameter is no filter');
  const paged = await app.inject('/api/map-markers?account_id=1&page=2');
  t.equal(paged.statusCode, 400, 'the markers have no pages');
  t.match(paged.json().message, /^page is not allowed$/);
  t.match(
    (await post(app, '/api/map-markers', { bbox: [-1, 36, 0, 38] })).json().message,
    /^account_id is required$/,
    'account_id as for a search',
  );
});

forEachStore(
  t,
  'the markers are every match with coordinates, in the order of the search, with name and lowest price',
  async (t, store) => {
    const { app, fixture } = await catalogueApp(t, store);
    const lost = fixture.projects.find((p) => findable(p) && p.region.slug === 'murcia')!;
    await store.db.updateTable('projects').set({ lat: null, lng: null }).where('id', '=', lost.id).execute();
    const position = await positions(store);
    const hasPosition = (id: number) => inside(position, id, [-180, -90, 180, 90]);

    for (const q of [{}, { esGeo: { region: 'murcia' }, bathrooms: 2, sort: 'price_asc' }, { cat: [2], bbox: AREAS[1] }] as Array<
      Search & { bbox?: BBox }
    >) {
      const expected = expectedIds(fixture, q).filter((id) => hasPosition(id) && (!q.bbox || inside(position, id, q.bbox)));
      t.ok(expected.length > 0, `${JSON.stringify(q)}: some markers expected`);
      const res = await post(app, '/api/map-markers', { account_id: 1, ...q });
      t.equal(res.statusCode, 200);
      const body = res.json() as MarkersAnswer;
      t.same(body.meta, { total: expected.length, truncated: false }, `${JSON.stringify(q)}: meta`);
      t.same(
        body.data.map((m) => m.id),
        expected,
        `${JSON.stringify(q)}: every match, in order`,
      );
      t.notOk(
        body.data.some((m) => m.id === lost.id),
        'not the project without coordinates',
      );
      for (const m of body.data) {
        const p = fixture.byId.get(m.id)!;
        const available = p.units.filter((u) => !u.withdrawn && u.status === 'available').map((u) => u.price);
        t.same(
          m,
          { id: p.id, name: p.name, lat: position.get(p.id)!.lat, lng: position.get(p.id)!.lng, price: Math.min(...available) },
          `marker ${m.id}`,
        );
      }
    }
    const viaGet = await app.inject('/api/map-markers?account_id=1&region=murcia&bathrooms=2&sort=price_asc');
    t.same(
      viaGet.json(),
      (await post(app, '/api/map-markers', { account_id: 1, esGeo: { region: 'murcia' }, bathrooms: 2, sort: 'price_asc' })).json(),
      'GET answers as POST',
    );
    t.match(viaGet.headers['cache-control'], /^public, .*s-maxage=/, 'cached like the other public reads');
    t.same(
      (await post(app, '/api/map-markers', { account_id: 1, esGeo: { town: 'atlantis' } })).json(),
      { data: [], meta: { total: 0, truncated: false } },
      'a place that names nothing',
    );
  },
);

forEachStore(t, 'past the cap the markers are the first of the search, and the total counts them all', async (t, store) => {
  const { fixture } = await catalogueApp(t, store);
  const dialect = store.db.getExecutor().adapter.constructor.name.startsWith('Postgres') ? 'pg' : 'sqlite';
  for (const planHints of dialect === 'sqlite' ? [true, false] : [false]) {
    const q = create({ account_id: 1, sort: 'price_desc' }, MarkerSearch);
    const expected = expectedIds(fixture, { sort: 'price_desc' });
    const capped = await markers(store.db, q, null, { planHints }, 10);
    t.same(
      capped.data.map((m) => m.id),
      expected.slice(0, 10),
      'the first ten of the sort order',
    );
    t.same(capped.meta, { total: expected.length, truncated: true });
    const exact = await markers(store.db, q, null, { planHints }, expected.length);
    t.same(exact.meta, { total: expected.length, truncated: false }, 'exactly at the cap is not truncated');
  }
});

forEachStore(t, "a partner's map shows only its scope", async (t, store) => {
  const { app, fixture } = await catalogueApp(t, store);
  const partners = new PartnerService(store.db);
  const alpha = await partners.create({ slug: 'alpha-homes', name: 'Alpha', domain: 'alpha.localhost' });
  const murcia = fixture.places.find((p) => p.path === 'spain/murcia')!;
  const outsider = fixture.projects.find((p) => findable(p) && p.region.slug === 'malaga')!;
  const scope: ScopeRows = { regions: [murcia.id], projects: [outsider.id] };
  await scopePartner(store.db, alpha.id, scope);
  const ids = async (body: object, headers: Record<string, string> = {}) =>
    ((await post(app, '/api/map-markers', { account_id: 1, ...body }, headers)).json() as MarkersAnswer).data.map((m) => m.id);
  t.same(await ids({ partner: 'alpha-homes' }), expectedIds(fixture, {}, scope), 'by slug: its regions and projects');
  t.same(await ids({}, { host: 'alpha.localhost' }), expectedIds(fixture, {}, scope), 'by domain');
  t.same(await ids({ partner: 'alpha-homes', bbox: AREAS[1] }), [outsider.id], 'its one project on the Costa del Sol');
  t.equal((await post(app, '/api/map-markers', { account_id: 1, partner: 'nobody' })).statusCode, 404, 'an unknown partner');
  t.ok((await ids({})).length > expectedIds(fixture, {}, scope).length, 'the main site sees more');
});
