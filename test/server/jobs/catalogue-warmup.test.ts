// The map's unfiltered marker index is built at start and after every import
// (a new catalogue version), by the server's job and not by a visitor's
// request: a map request then finds it built. Seen through a project
// withdrawn behind the version's back, which only an index built before the
// request still shows. It stays built when other filters' indexes fill the
// cache past its bounds (a small catalogue with small bounds stands for
// 200,000 developments). On SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.
import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { forEachStore } from '../../helpers/db.ts';
import { testApp } from '../../helpers/app.ts';
import { jobRuns } from '../../helpers/wait.ts';
import { buildCatalogue, isSearchable } from '../../helpers/catalogue.ts';
import { bumpCatalogueVersion } from '../../../src/server/store/catalogue-version.ts';
import type { Store } from '../../../src/server/store/db.ts';
import type { MarkersAnswer } from '../../../src/shared/catalogue.ts';

async function total(app: FastifyInstance, filters = ''): Promise<number> {
  const res = await app.inject({ url: `/api/map-markers?account_id=1&zoom=6${filters}` });
  return (res.json() as MarkersAnswer).meta.total;
}

/** Listed projects with coordinates, as the store holds them now. */
async function mapped(store: Store): Promise<number> {
  const rows = await store.db
    .selectFrom('projects')
    .select('id')
    .where('withdrawn_at', 'is', null)
    .where('units_available', '>', 0)
    .where('lat', 'is not', null)
    .where('lng', 'is not', null)
    .execute();
  return rows.length;
}

const withdraw = (store: Store, id: number) =>
  store.db.updateTable('projects').set({ withdrawn_at: new Date().toISOString() }).where('id', '=', id).execute();

forEachStore(t, 'the map finds its index built at start and after an import', async (t, store) => {
  const fixture = await buildCatalogue(store.db, { projects: 60, seed: 91 });
  const [first, second] = fixture.projects.filter(isSearchable);
  const runs = jobRuns();
  const app = await testApp(t, { store, env: { SEED_DEMO: 'false' }, catalogueWarmup: { everyMs: 20, onRun: runs.onRun } });
  await app.ready(); // as listen() does at start
  await runs.after(1); // the run at start
  const atStart = await mapped(store);
  await withdraw(store, first!.id);
  t.equal(await total(app), atStart, 'the first map request used the index built before it');

  // An import: the catalogue changes and its version moves on.
  await bumpCatalogueVersion(store.db);
  await runs.after(2);
  const afterImport = await mapped(store);
  t.ok(afterImport < atStart, 'the import withdrew a mapped project');
  await withdraw(store, second!.id);
  t.equal(await total(app), afterImport, 'built for the new catalogue before the request, not by it');
});

forEachStore(t, 'the built index stays kept when other filters fill the cache past its bounds', async (t, store) => {
  const fixture = await buildCatalogue(store.db, { projects: 60, seed: 92 });
  const runs = jobRuns();
  const app = await testApp(t, {
    store,
    env: { SEED_DEMO: 'false' },
    catalogueWarmup: { everyMs: 20, onRun: runs.onRun },
    markerCache: { entries: 16, points: 5 },
  });
  await app.ready();
  await runs.after(1);
  const atStart = await mapped(store);
  t.ok(atStart > 5, `the unfiltered index alone (${atStart} points) is over the bound`);
  t.equal(await total(app), atStart);

  t.ok((await total(app, '&bedrooms=2')) >= 0, 'a filtered map is built beside it');
  await withdraw(store, fixture.projects.filter(isSearchable)[0]!.id);
  t.ok((await mapped(store)) < atStart, 'a mapped project was withdrawn');
  await runs.after(2);
  t.equal(await total(app), atStart, 'the unfiltered map is answered from the index built at start');
});
