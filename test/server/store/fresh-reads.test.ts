// Reads whose statements are kept prepared (store/sqlite-statements.ts) still
// answer with what the store holds now: a page and its API read, asked again
// after a write, show the write, on each store.
import t from 'tap';
import { forEachStore } from '../../helpers/db.ts';
import { catalogueApp } from '../catalogue/setup.ts';
import { findable } from '../catalogue/oracle.ts';
import type { PropertyAnswer } from '../../../src/shared/catalogue.ts';

forEachStore(t, 'a kept statement reads what was written since', async (t, store) => {
  const { app, fixture } = await catalogueApp(t, store);
  const p = fixture.projects.find((x) => findable(x))!;
  const read = async () => (await app.inject(`/api/property?id=${p.id}`)).json() as PropertyAnswer;
  const page = async () => (await app.inject(`/for-sale/${p.id}`)).body;

  t.equal((await read()).data.name, p.name, 'the name as built');
  t.match(await page(), p.name);
  for (const name of ['Residencial Nuevo Nombre', 'Residencial Otro Nombre']) {
    await store.db.updateTable('projects').set({ name }).where('id', '=', p.id).execute();
    t.equal((await read()).data.name, name, `the API read after the write: ${name}`);
    t.match(await page(), name, 'and the page');
  }
  await store.db.updateTable('projects').set({ withdrawn_at: new Date().toISOString() }).where('id', '=', p.id).execute();
  t.equal((await app.inject(`/api/property?id=${p.id}`)).statusCode, 404, 'withdrawn: gone at once');
});
