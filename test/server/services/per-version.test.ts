// Partners by host and by slug, partners' scopes and the place tree are kept in
// memory per version (services/versions.ts, migration 0017): a request reads
// the versions once and no partner row, and a change made anywhere (the
// partner CLI's service, a second instance on the same database, SQL by hand,
// an import) is seen at the next request of every instance, on each store.
import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { forEachTarget } from '../../helpers/db.ts';
import { testApp } from '../../helpers/app.ts';
import { buildCatalogue } from '../../helpers/catalogue.ts';
import { findable } from '../catalogue/oracle.ts';
import { createServices } from '../../../src/server/services/index.ts';
import { bumpCatalogueVersion } from '../../../src/server/store/catalogue-version.ts';
import type { Store } from '../../../src/server/store/db.ts';
import type { SearchAnswer } from '../../../src/shared/catalogue.ts';

const HOST = { host: 'playa-homes.es' };

/** The SQL of every query `fn` runs on `store`. */
async function queriesOf(store: Store, fn: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const off = store.onQuery((event) => seen.push(event.query.sql));
  try {
    await fn();
  } finally {
    off();
  }
  return seen;
}

const partnerOf = async (app: FastifyInstance) =>
  (await app.inject({ method: 'POST', url: '/api/partner/get-data', headers: HOST, payload: {} })).json().partner as {
    id: number;
    slug: string;
    name: string;
    colors: { primary: string };
  };
const searchTotal = async (app: FastifyInstance, headers: Record<string, string> = HOST) =>
  ((await app.inject({ url: '/api/properties?account_id=1&per_page=1', headers })).json() as SearchAnswer).meta.total;

forEachTarget(t, "a partner's change is seen at the next request of every instance", async (t, target) => {
  const store = await target.open();
  const fixture = await buildCatalogue(store.db, { projects: 30, seed: 20261124 });
  const { partners } = createServices(store);
  await partners.create({ slug: 'playa-homes', name: 'Playa Homes', domain: 'playa-homes.es', primary: '#0a4d68' });
  // Two instances on one database, each with its own connection.
  const first = await testApp(t, { store, env: { SEED_DEMO: 'false' } });
  const second = await testApp(t, { store: await target.open(), env: { SEED_DEMO: 'false' } });
  const both = [first, second];

  for (const app of both) t.match(await partnerOf(app), { slug: 'playa-homes', name: 'Playa Homes', colors: { primary: '#0a4d68' } });
  const region = fixture.projects.find((p) => findable(p))!.region.path;
  const page = await queriesOf(store, () => first.inject({ url: `/search/${region}`, headers: HOST }));
  t.notOk(
    page.some((sql) => /from "partners"/.test(sql)),
    'a page on the partner’s domain reads no partner row once it is kept',
  );
  t.equal(page.filter((sql) => /catalogue_meta/.test(sql)).length, 1, 'and the versions once (the search and the place tree)');
  const markers = await queriesOf(store, () =>
    first.inject({ url: `/api/map-markers?account_id=1&esGeo[region]=${region.split('/')[1]}`, headers: HOST }),
  );
  t.equal(markers.filter((sql) => /catalogue_meta/.test(sql)).length, 1, 'the map’s markers read the versions once too');
  const resolved = await queriesOf(store, () =>
    first.inject({
      method: 'POST',
      url: '/api/partner/get-data',
      headers: { host: 'elsewhere.example' },
      payload: { partner: 'playa-homes' },
    }),
  );
  t.equal(resolved.filter((sql) => /catalogue_meta/.test(sql)).length, 1, 'a host and a slug looked up with one read of the versions');

  // The partner CLI's service, in a process of its own: here a third connection.
  await createServices(await target.open()).partners.update('playa-homes', { name: 'Playa Casas', primary: '#112233' });
  for (const app of both) t.match(await partnerOf(app), { name: 'Playa Casas', colors: { primary: '#112233' } }, 'renamed, on both');
  t.match((await first.inject({ url: '/search', headers: HOST })).body, 'Playa Casas', 'and on its pages');

  await store.db.updateTable('partners').set({ name: 'Hecho a Mano' }).where('slug', '=', 'playa-homes').execute();
  for (const app of both) t.equal((await partnerOf(app)).name, 'Hecho a Mano', 'a change made in SQL by hand, on both');

  await partners.update('playa-homes', { domain: 'playa-casas.es' });
  for (const app of both) {
    t.match(await partnerOf(app), { id: 0 }, 'the old domain is the main site at once');
    const moved = await app.inject({ method: 'POST', url: '/api/partner/get-data', headers: { host: 'playa-casas.es' }, payload: {} });
    t.equal(moved.json().partner.slug, 'playa-homes', 'the new one is the partner');
  }

  const all = await searchTotal(first, { host: 'playa-casas.es' });
  t.ok(all > 1, 'the partner shows every listing');
  const shown = fixture.projects.find((p) => findable(p))!;
  await createServices(await target.open()).partners.addScope('playa-homes', { project: [shown.id] });
  for (const app of both) t.equal(await searchTotal(app, { host: 'playa-casas.es' }), 1, 'a scope set elsewhere limits its search at once');
  await partners.clearScope('playa-homes');
  for (const app of both) t.equal(await searchTotal(app, { host: 'playa-casas.es' }), all, 'and cleared, all again');
});

forEachTarget(t, 'the place tree is kept per catalogue version, seen by every instance', async (t, target) => {
  const store = await target.open();
  const fixture = await buildCatalogue(store.db, { projects: 30, seed: 20261124 });
  const first = await testApp(t, { store, env: { SEED_DEMO: 'false' } });
  const second = await testApp(t, { store: await target.open(), env: { SEED_DEMO: 'false' } });
  const p = fixture.projects.find((p) => findable(p))!;
  const regionCount = async (app: FastifyInstance) =>
    (await app.inject(`/api/geo-url?path=${p.region.path}`)).json().data.place.count as number;
  const before = await Promise.all([regionCount(first), regionCount(second)]);
  t.equal(before[0], before[1]);
  // What an import does: change the catalogue, bump its version, in one transaction.
  await store.db.transaction().execute(async (trx) => {
    await trx.updateTable('projects').set({ withdrawn_at: new Date().toISOString() }).where('id', '=', p.id).execute();
    await bumpCatalogueVersion(trx);
  });
  for (const app of [first, second]) t.equal(await regionCount(app), before[0]! - 1, 'one project fewer in its region, on both');
});
