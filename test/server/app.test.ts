// The app a fresh clone starts (SEED_DEMO defaults to true): pages render, and
// the store holds the demo, its two partners and its whole catalogue; with
// SEED_DEMO=false it holds neither. PREPARE_PHOTOS=false leaves the photo job off.
import t from 'tap';
import { testApp } from '../helpers/app.ts';
import { jobRuns } from '../helpers/wait.ts';
import { DEMO_PROJECTS } from '../../src/server/demo/generator.ts';

t.test('the homepage renders, and the demo store has its partners and catalogue', async (t) => {
  // An empty data folder, as a fresh clone's: the app seeds the demo itself.
  const app = await testApp(t, { emptyStore: true });
  const home = await app.inject('/');
  t.equal(home.statusCode, 200);
  t.match(home.headers['content-type'], /text\/html/);
  t.match(home.body, /<html lang="en">/);

  for (const [slug, name] of [
    ['costa-casas', 'Costa Casas Inmobiliaria'],
    ['sol-homes', 'Sol Homes Makelaardij'],
  ]) {
    const site = await app.inject(`/${slug}`);
    t.equal(site.statusCode, 200, `the demo partner ${slug} has its site`);
    t.match(site.body, `<title>Welcome to ${name} | ${name}</title>`);
  }
  const search = await app.inject('/search');
  t.match(search.body, `<p class="search-head__count" role="status">${DEMO_PROJECTS} developments</p>`, 'the whole demo catalogue');
});

t.test('SEED_DEMO=false: no partner, no catalogue', async (t) => {
  const app = await testApp(t, { env: { SEED_DEMO: 'false' } });
  t.equal((await app.inject('/costa-casas')).statusCode, 404);
  t.notMatch((await app.inject('/search')).body, /\d+ developments/);
});

t.test('PREPARE_PHOTOS=false: no photo job, even where a test asks for one', async (t) => {
  let runs = 0;
  const env = { SEED_DEMO: 'false' };
  const app = await testApp(t, { env: { ...env, PREPARE_PHOTOS: 'false' }, photoPreparation: { everyMs: 10, onRun: () => runs++ } });
  await app.ready();
  // The same app with the job: by the time it has run twice, the other one would have.
  const on = jobRuns();
  await (await testApp(t, { env, photoPreparation: { everyMs: 10, onRun: on.onRun } })).ready();
  await on.after(2);
  t.equal(runs, 0, 'the job never ran');
});
