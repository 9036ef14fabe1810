// The search by map (issue 4): the bbox filter of /api/properties, and
// /api/map-markers (the same filters, every match with coordinates, clustered
// on the server per view and zoom, issue 12), against the oracle's answer
// limited to the area. On SQLite, and on
// PostgreSQL when TEST_DATABASE_URL is set.
import t from 'tap';
import { create } from 'superstruct';
import { forEachStore } from '../../helpers/db.ts';
import { scopePartner } from '../../helpers/catalogue.ts';
import { catalogueApp, post } from './setup.ts';
import { expectedIds, findable, type ScopeRows, type Search } from './oracle.ts';
import { PartnerService } from '../../../src/server/services/partners.ts';
import { MapMarkers } from '../../../src/server/services/catalogue/markers.ts';
import { GeoCache } from '../../../src/server/services/catalogue/geo.ts';
import { MAP_MAX_ZOOM, MarkerSearch, type BBox, type MarkersAnswer, type SearchAnswer } from '../../../src/shared/catalogue.ts';
import type { Store } from '../../../src/server/store/db.ts';
import { bumpCatalogueVersion } from '../../../src/server/store/catalogue-version.ts';

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
  const zooms: Array<[unknown, string, RegExp]> = [
    [19, '19', /^zoom: .*18/],
    [-1, '-1', /^zoom: .*0/],
    [1.5, '1.5', /^zoom: Expected an integer/],
    ['near', 'near', /^zoom: Expected an integer/],
  ];
  for (const [body, query, message] of zooms) {
    const viaPost = await post(app, '/api/map-markers', { account_id: 1, zoom: body });
    t.equal(viaPost.statusCode, 400, `POST zoom ${query}`);
    t.match(viaPost.json().message, message, `POST zoom ${query}: ${viaPost.json().message}`);
    const viaGet = await app.inject(`/api/map-markers?account_id=1&zoom=${query}`);
    t.equal(viaGet.statusCode, 400, `GET zoom ${query}`);
    t.match(viaGet.json().message, message, `GET zoom ${query}: ${viaGet.json().message}`);
  }
  for (const c of cases.filter((c) => c.query)) {
    const viaGet = await app.inject(`/api/map-markers?account_id=1&zoom=5&view=${encodeURIComponent(c.query)}`);
    t.equal(viaGet.statusCode, 400, `GET view ${c.name}`);
    t.match(viaGet.json().message, new RegExp(c.message.source.replace('^bbox', '^view')), `GET view ${c.name}: ${viaGet.json().message}`);
  }
  t.equal((await app.inject('/api/properties?account_id=1&view=-1,36,0,38')).statusCode, 400, 'a search has no view');
  const paged = await app.inject('/api/map-markers?account_id=1&page=2');
  t.equal(paged.statusCode, 400, 'the markers have no pages');
  t.match(paged.json().message, /^page is not allowed$/);
  t.match(
    (await post(app, '/api/map-markers', { bbox: [-1, 36, 0, 38] })).json().message,
    /^account_id is required$/,
    'account_id as for a search',
  );
});

/** The single markers' ids of an answer at the deepest zoom over the world: every match with coordinates. */
const DEEPEST = { zoom: MAP_MAX_ZOOM, view: [-180, -90, 180, 90] as BBox };
const ids = (body: MarkersAnswer) => body.data.map((m) => m.id);
const counted = (body: MarkersAnswer) => body.data.length + body.clusters.reduce((n, c) => n + c.count, 0);
const byId = (list: number[]) => [...list].sort((a, b) => a - b);

forEachStore(t, 'at the deepest zoom the markers are every match with coordinates, by id, with name and lowest price', async (t, store) => {
  const { app, fixture } = await catalogueApp(t, store);
  const lost = fixture.projects.find((p) => findable(p) && p.region.slug === 'murcia')!;
  await store.db.updateTable('projects').set({ lat: null, lng: null }).where('id', '=', lost.id).execute();
  const position = await positions(store);
  const hasPosition = (id: number) => inside(position, id, [-180, -90, 180, 90]);

  for (const q of [{}, { esGeo: { region: 'murcia' }, bathrooms: 2, sort: 'price_asc' }, { cat: [2], bbox: AREAS[1] }] as Array<
    Search & { bbox?: BBox }
  >) {
    const expected = byId(expectedIds(fixture, q).filter((id) => hasPosition(id) && (!q.bbox || inside(position, id, q.bbox))));
    t.ok(expected.length > 0, `${JSON.stringify(q)}: some markers expected`);
    const res = await post(app, '/api/map-markers', { account_id: 1, ...q, ...DEEPEST });
    t.equal(res.statusCode, 200);
    const body = res.json() as MarkersAnswer;
    t.same(body.clusters, [], `${JSON.stringify(q)}: no cluster at the deepest zoom`);
    t.equal(body.meta.total, expected.length, `${JSON.stringify(q)}: total`);
    t.equal(body.meta.truncated, false);
    t.same(ids(body), expected, `${JSON.stringify(q)}: every match, by id`);
    const lats = expected.map((id) => position.get(id)!.lat!);
    const lngs = expected.map((id) => position.get(id)!.lng!);
    t.same(body.meta.bounds, [Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats)], 'the bounds of the matches');
    t.notOk(ids(body).includes(lost.id), 'not the project without coordinates');
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
  const query = 'account_id=1&region=murcia&bathrooms=2&sort=price_asc&view=-180,-90,180,90&zoom=18';
  const viaGet = await app.inject(`/api/map-markers?${query}`);
  t.same(
    viaGet.json(),
    (
      await post(app, '/api/map-markers', { account_id: 1, esGeo: { region: 'murcia' }, bathrooms: 2, sort: 'price_asc', ...DEEPEST })
    ).json(),
    'GET answers as POST',
  );
  t.match(viaGet.headers['cache-control'], /^public, .*s-maxage=/, 'cached like the other public reads');
  t.same(
    (await post(app, '/api/map-markers', { account_id: 1, esGeo: { town: 'atlantis' } })).json(),
    { data: [], clusters: [], meta: { total: 0, bounds: null, truncated: false } },
    'a place that names nothing',
  );
});

forEachStore(t, 'clusters: they sum to the count, a view cuts, a deeper zoom splits', async (t, store) => {
  const { app, fixture } = await catalogueApp(t, store);
  const total = expectedIds(fixture, {}).length;
  const at = async (zoom: number, view?: BBox, q: object = {}) =>
    (await post(app, '/api/map-markers', { account_id: 1, ...q, zoom, ...(view ? { view } : {}) })).json() as MarkersAnswer;

  let before = 0;
  for (let zoom = 0; zoom <= MAP_MAX_ZOOM; zoom++) {
    const body = await at(zoom);
    t.equal(counted(body), total, `zoom ${zoom}: clusters and markers count every match`);
    t.equal(body.meta.total, total, `zoom ${zoom}: total`);
    const shown = body.data.length + body.clusters.length;
    t.ok(shown >= before, `zoom ${zoom}: no fewer items than one level out (${shown} >= ${before})`);
    before = shown;
    for (const c of body.clusters) {
      t.ok(c.count >= 2, 'a cluster holds two projects or more');
      t.ok(c.zoom > zoom && c.zoom <= MAP_MAX_ZOOM, `cluster ${c.id}: splits deeper (${c.zoom})`);
    }
  }
  const world = await at(0);
  t.ok(world.clusters.length > 0 && world.clusters.length + world.data.length < 10, 'zoomed out: a few clusters');

  // A cluster's expansion zoom, around it, splits it into smaller clusters or markers.
  const spain = await at(6, [-10, 35, 5, 44]);
  const big = spain.clusters.reduce((a, b) => (b.count > a.count ? b : a));
  const around: BBox = [big.lng - 2, big.lat - 2, big.lng + 2, big.lat + 2];
  const split = await at(big.zoom, around);
  t.notOk(
    split.clusters.some((c) => c.count === big.count),
    `the cluster of ${big.count} at zoom 6 is split at zoom ${big.zoom}`,
  );

  // A view cuts: only what lies inside, and fewer than everything.
  const position = await positions(store);
  for (const view of AREAS.slice(0, 3)) {
    const deep = await at(MAP_MAX_ZOOM, view);
    t.same(
      ids(deep),
      byId(expectedIds(fixture, {}).filter((id) => inside(position, id, view))),
      `${JSON.stringify(view)}: at the deepest zoom, the matches inside the view`,
    );
    const mid = await at(9, view);
    const [w, s, e, n] = view;
    t.ok(
      [...mid.data, ...mid.clusters].every((m) => m.lng >= w && m.lng <= e && m.lat >= s && m.lat <= n),
      `${JSON.stringify(view)}: every item inside the view`,
    );
    t.ok(counted(mid) < total, `${JSON.stringify(view)}: not everything`);
    t.equal(mid.meta.total, total, 'the total is the whole search');
  }

  // The filters apply; the view and the sort do not change the matches.
  const filtered = await at(0, undefined, { esGeo: { region: 'alicante' }, bedrooms: 2 });
  t.equal(counted(filtered), expectedIds(fixture, { esGeo: { region: 'alicante' }, bedrooms: 2 }).length, 'a filtered search');
  t.same(await at(4, undefined, { sort: 'price_desc' }), await at(4), 'the sort does not change the map');
});

forEachStore(t, 'a catalogue change is seen by every instance on the same store, at the next request', async (t, store) => {
  const { fixture } = await catalogueApp(t, store);
  const first = new MapMarkers(store.db, new GeoCache(store.db));
  const second = new MapMarkers(store.db, new GeoCache(store.db));
  const q = create({ account_id: 1, ...DEEPEST }, MarkerSearch);
  const before = await first.answer(q, null);
  t.same(await second.answer(q, null), before, 'two instances, one answer');
  const gone = ids(before)[0]!;
  await store.db.updateTable('projects').set({ withdrawn_at: '2026-11-24T00:00:00Z' }).where('id', '=', gone).execute();
  t.same(await first.answer(q, null), before, 'without a new catalogue version the index is kept');
  await bumpCatalogueVersion(store.db);
  for (const [name, instance] of [
    ['first', first],
    ['second', second],
  ] as const) {
    const after = await instance.answer(q, null);
    t.equal(after.meta.total, before.meta.total - 1, `${name}: one project fewer`);
    t.notOk(ids(after).includes(gone), `${name}: not the withdrawn project`);
  }
  t.equal(expectedIds(fixture, {}).length, before.meta.total, 'the index held the whole search before');
});

forEachStore(t, "a partner's map shows only its scope", async (t, store) => {
  const { app, fixture } = await catalogueApp(t, store);
  const partners = new PartnerService(store.db);
  const alpha = await partners.create({ slug: 'alpha-homes', name: 'Alpha', domain: 'alpha.localhost' });
  const murcia = fixture.places.find((p) => p.path === 'spain/murcia')!;
  const outsider = fixture.projects.find((p) => findable(p) && p.region.slug === 'malaga')!;
  const scope: ScopeRows = { regions: [murcia.id], projects: [outsider.id] };
  await scopePartner(store.db, alpha.id, scope);
  const shown = async (body: object, headers: Record<string, string> = {}) =>
    ids((await post(app, '/api/map-markers', { account_id: 1, ...DEEPEST, ...body }, headers)).json() as MarkersAnswer);
  const inside = byId(expectedIds(fixture, {}, scope));
  t.same(await shown({ partner: 'alpha-homes' }), inside, 'by slug: its regions and projects');
  t.same(await shown({}, { host: 'alpha.localhost' }), inside, 'by domain');
  t.same(await shown({ partner: 'alpha-homes', bbox: AREAS[1] }), [outsider.id], 'its one project on the Costa del Sol');
  t.same(await shown({ partner: 'alpha-homes', view: AREAS[1] }), [outsider.id], 'the same in its view');
  const clustered = (await post(app, '/api/map-markers', { account_id: 1, partner: 'alpha-homes', zoom: 3 })).json() as MarkersAnswer;
  t.equal(counted(clustered), inside.length, 'its clusters count only its projects');
  t.equal((await post(app, '/api/map-markers', { account_id: 1, partner: 'nobody' })).statusCode, 404, 'an unknown partner');
  t.ok((await shown({})).length > inside.length, 'the main site sees more');
});
