// /api/property, /api/project/units, /api/project/files and /api/geo-url:
// their answers against the fixture, their 404s, and the files a visitor
// without an account may not download.
import t from 'tap';
import { forEachStore } from '../../helpers/db.ts';
import { buildCatalogue } from '../../helpers/catalogue.ts';
import { catalogueApp, post } from './setup.ts';
import { expectedPlaceCounts, findable } from './oracle.ts';
import { readByPath, runRead } from '../../../src/server/api/reads.ts';
import { readVersions } from '../../../src/server/services/versions.ts';
import type { Scope } from '../../../src/server/services/catalogue/index.ts';
import type { FilesAnswer, GeoAnswer, GeoNode, PropertyAnswer, UnitsAnswer } from '../../../src/shared/catalogue.ts';
import { bumpCatalogueVersion } from '../../../src/server/store/catalogue-version.ts';

forEachStore(t, 'property: everything the detail page shows; withdrawn or unknown is 404', async (t, store) => {
  const { app, fixture } = await catalogueApp(t, store);
  const p = fixture.projects.find((x) => findable(x) && x.images.length >= 4 && x.categories.length >= 2)!;
  t.ok(p, 'a project with images and several unit types');
  for (const res of [await app.inject(`/api/property?id=${p.id}`), await post(app, '/api/property', { id: p.id })]) {
    t.equal(res.statusCode, 200);
    const { data } = res.json() as PropertyAnswer;
    t.equal(data.id, p.id);
    t.equal(data.name, p.name);
    t.match(data.description, /^.+: new homes in /);
    t.ok(Array.isArray(data.amenities) && data.amenities.length > 0, 'amenities as a list');
    t.same(
      data.categories.map((c) => c.id),
      p.categories,
      'the unit types it offers',
    );
    t.same(
      data.images.map((i) => i.url),
      [...p.images].sort((a, b) => a.position - b.position).map((i) => i.url),
      'every image in order',
    );
    t.same(
      data.images.map((i) => i.floorplan),
      [...p.images].sort((a, b) => a.position - b.position).map((i) => i.floorplan),
    );
    t.equal(data.units_total, p.units.filter((u) => !u.withdrawn).length);
    t.equal(data.units_available, p.units_available);
    t.same(data.location.town.path, p.town.path);
    t.type(data.listed_at, 'string');
  }
  const withdrawn = fixture.projects.find((x) => x.withdrawn)!;
  t.equal((await app.inject(`/api/property?id=${withdrawn.id}`)).statusCode, 404, 'withdrawn');
  t.equal((await post(app, '/api/property', { id: withdrawn.id })).statusCode, 404, 'withdrawn, POST');
  const missing = await app.inject('/api/property?id=987654');
  t.equal(missing.statusCode, 404, 'unknown');
  t.same(missing.json(), { statusCode: 404, error: 'Not Found', message: 'This page could not be found' });
  const soldOut = fixture.projects.find((x) => !x.withdrawn && x.units_available === 0);
  if (soldOut) {
    const res = await app.inject(`/api/property?id=${soldOut.id}`);
    t.equal(res.statusCode, 200, 'a sold-out project keeps its page');
    t.equal(res.json().data.price, null, 'with no price');
  }
});

forEachStore(t, 'units: every unit still in the feed, every status, cheapest first', async (t, store) => {
  const { app, fixture } = await catalogueApp(t, store);
  const p = fixture.projects.find(
    (x) => !x.withdrawn && x.units.some((u) => u.withdrawn) && new Set(x.units.map((u) => u.status)).size > 1,
  )!;
  t.ok(p, 'a project with a withdrawn unit and several statuses');
  const res = await app.inject(`/api/project/units?id=${p.id}`);
  t.equal(res.statusCode, 200);
  const { data } = res.json() as UnitsAnswer;
  const live = p.units.filter((u) => !u.withdrawn).sort((a, b) => a.price - b.price || a.id - b.id);
  t.same(
    data.map((u) => u.id),
    live.map((u) => u.id),
    'sorted by price, withdrawn units left out',
  );
  t.same(
    data.map((u) => u.status),
    live.map((u) => u.status),
  );
  t.same(data[0], {
    id: live[0]!.id,
    ref: `R${live[0]!.id}`,
    category: { id: live[0]!.category_id, key: data[0]!.category.key },
    bedrooms: live[0]!.bedrooms || null,
    bathrooms: live[0]!.bathrooms || null,
    built_area: live[0]!.built_area,
    plot_area: live[0]!.plot_area,
    terrace_area: data[0]!.terrace_area,
    solarium_area: null,
    garden_area: null,
    floor: data[0]!.floor,
    price: live[0]!.price,
    status: live[0]!.status,
  });
  t.same((await post(app, '/api/project/units', { id: p.id })).json(), res.json(), 'POST answers the same');
  const withdrawn = fixture.projects.find((x) => x.withdrawn)!;
  t.equal((await app.inject(`/api/project/units?id=${withdrawn.id}`)).statusCode, 404);
  t.equal((await app.inject('/api/project/units?id=987654')).statusCode, 404);
});

forEachStore(t, 'files: listed but locked for a visitor, with addresses for a logged-in client', async (t, store) => {
  const { app, fixture } = await catalogueApp(t, store);
  const p = fixture.projects.find(
    (x) => !x.withdrawn && x.files.some((f) => f.registered_only) && x.files.some((f) => !f.registered_only),
  )!;
  t.ok(p, 'a project with locked and open files');
  const res = await app.inject(`/api/project/files?id=${p.id}`);
  t.equal(res.statusCode, 200);
  const anonymous = res.json() as FilesAnswer;
  t.equal(anonymous.message, 'register to access all information');
  t.same(
    anonymous.data.map((f) => f.id),
    p.files.map((f) => f.id),
    'every file, in order',
  );
  for (const f of anonymous.data) {
    const original = p.files.find((x) => x.id === f.id)!;
    t.equal(f.locked, original.registered_only);
    t.equal(f.url, original.registered_only ? null : original.url, 'no address for a locked file');
    t.equal(f.title, original.title);
  }
  t.same((await post(app, '/api/project/files', { id: p.id })).json(), anonymous, 'POST answers the same');

  // A logged-in client (ReadContext.client, set once accounts exist).
  const ctx = {
    services: app.services,
    partner: async () => null,
    versions: () => readVersions(app.store.db),
    listed: (id: number, scope: Scope) => app.services.catalogue.listed(id, scope),
    client: { id: 7 },
  };
  const client = (await runRead(readByPath.get('/api/project/files')!, { id: p.id }, ctx)) as FilesAnswer;
  t.equal(client.message, null);
  t.same(
    client.data.map((f) => [f.url, f.locked]),
    p.files.map((f) => [f.registered_only ? `/api/files/${f.id}` : f.url, false]),
    'every address: a download address for a registered-only file',
  );

  const open = fixture.projects.find((x) => !x.withdrawn && x.files.length && x.files.every((f) => !f.registered_only));
  if (open) t.equal((await app.inject(`/api/project/files?id=${open.id}`)).json().message, null, 'nothing locked: no message');
  const none = fixture.projects.find((x) => !x.withdrawn && !x.files.length)!;
  t.same((await app.inject(`/api/project/files?id=${none.id}`)).json(), { data: [], message: null });
  const withdrawn = fixture.projects.find((x) => x.withdrawn)!;
  t.equal((await app.inject(`/api/project/files?id=${withdrawn.id}`)).statusCode, 404);
});

function flatten(nodes: GeoNode[], out = new Map<string, GeoNode>()): Map<string, GeoNode> {
  for (const n of nodes) {
    out.set(n.path, n);
    flatten(n.children, out);
  }
  return out;
}

forEachStore(t, 'geo-url: the place tree with counts, and the resolution of a path', async (t, store) => {
  const { app, fixture } = await catalogueApp(t, store);
  const res = await app.inject('/api/geo-url');
  t.equal(res.statusCode, 200);
  const { data } = res.json() as GeoAnswer;
  t.equal(data.place, null, 'no path, no place');
  const counts = expectedPlaceCounts(fixture);
  const nodes = flatten(data.tree);
  const expected = fixture.places.filter((pl) => (counts.get(pl.id) ?? 0) > 0);
  t.same([...nodes.keys()].sort(), expected.map((pl) => pl.path).sort(), 'every place with a project, and only those');
  for (const pl of expected) t.equal(nodes.get(pl.path)!.count, counts.get(pl.id), `count of ${pl.path}`);
  t.same(
    data.tree.map((n) => n.slug),
    ['portugal', 'spain'],
    'countries by name',
  );
  const spain = data.tree.find((n) => n.slug === 'spain')!;
  t.same(
    spain.children.map((n) => n.name),
    [...spain.children.map((n) => n.name)].sort((a, b) => a.localeCompare(b, 'es')),
    'regions by name',
  );
  t.equal(
    spain.count,
    spain.children.reduce((s, n) => s + n.count, 0),
    'a country counts its regions',
  );
  t.equal((await post(app, '/api/geo-url', {})).json().data.tree.length, 2, 'POST answers too');

  const town = (await app.inject('/api/geo-url?path=spain/alicante/torrevieja')).json() as GeoAnswer;
  const torrevieja = fixture.places.find((pl) => pl.path === 'spain/alicante/torrevieja')!;
  t.same(town.data.place, {
    name: 'Torrevieja',
    slug: 'torrevieja',
    path: 'spain/alicante/torrevieja',
    kind: 'town',
    count: counts.get(torrevieja.id),
    lat: 37.978,
    lng: -0.683,
    trail: [
      { name: 'Spain', slug: 'spain', path: 'spain' },
      { name: 'Alicante', slug: 'alicante', path: 'spain/alicante' },
    ],
  });
  const country = (await post(app, '/api/geo-url', { path: 'portugal' })).json() as GeoAnswer;
  t.match(country.data.place, { kind: 'country', slug: 'portugal', trail: [] });
  const empty = (await app.inject('/api/geo-url?path=spain/valencia')).json() as GeoAnswer;
  t.match(empty.data.place, { kind: 'region', name: 'Valencia', count: 0 }, 'a place without projects still resolves');
  for (const path of ['spain/atlantis', 'france', 'spain/alicante/marbella']) {
    const missing = await app.inject(`/api/geo-url?path=${path}`);
    t.equal(missing.statusCode, 404, path);
  }
});

forEachStore(t, 'geo-url counts refresh with the catalogue version, and only then', async (t, store) => {
  const { app, fixture } = await catalogueApp(t, store);
  const count = async () => ((await app.inject('/api/geo-url?path=spain/alicante/torrevieja')).json() as GeoAnswer).data.place!.count;
  const before = await count();
  const p = fixture.projects.find((x) => findable(x) && x.town.slug === 'torrevieja')!;
  await store.db.updateTable('projects').set({ withdrawn_at: '2026-11-21T00:00:00.000Z' }).where('id', '=', p.id).execute();
  t.equal(await count(), before, 'served from the cache while the version stands');
  await bumpCatalogueVersion(store.db);
  t.equal(await count(), before - 1, 'a new version: counted again');
  const more = await buildCatalogue(store.db, { projects: 30, seed: 99 });
  const tree = ((await app.inject('/api/geo-url')).json() as GeoAnswer).data.tree;
  const total = tree.reduce((s, n) => s + n.count, 0);
  const findableNow = fixture.projects.filter((x) => findable(x) && x.id !== p.id).length + more.projects.filter((x) => findable(x)).length;
  t.equal(total, findableNow, 'after another import the tree counts the new projects');
});

forEachStore(t, "a property page's reads ask once whether the project is listed, the detail's own read answering", async (t, store) => {
  const { app, fixture } = await catalogueApp(t, store);
  const p = fixture.projects.find((x) => findable(x) && x.units.length > 0)!;
  const listedChecks: string[] = [];
  const stop = store.onQuery((event) => {
    if (/^select "p"\."id" from "projects" as "p" where "p"\."id" in/.test(event.query.sql)) listedChecks.push(event.query.sql);
  });
  const page = await app.inject(`/for-sale/${p.id}`);
  stop();
  t.equal(page.statusCode, 200);
  t.match(page.body, p.name);
  t.same(listedChecks, [], 'the units, files and price history ask no more');

  await store.db.updateTable('projects').set({ withdrawn_at: '2026-11-21T00:00:00.000Z' }).where('id', '=', p.id).execute();
  t.equal((await app.inject(`/for-sale/${p.id}`)).statusCode, 404, 'withdrawn: the next page is gone');
  for (const read of ['units', 'files', 'price-history'])
    t.equal((await app.inject(`/api/project/${read}?id=${p.id}`)).statusCode, 404, `and ${read}, each request asking again`);
});
