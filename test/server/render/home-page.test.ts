// The main home page as the server renders it on the fixture catalogue: the
// search entry (place, type, budget) as a GET form to /places, then the
// featured developments of /api/featured in their three lists, the claims and
// guides kept; with nothing listed, the search stays and the featured go.
import t from 'tap';
import { forEachStore } from '../../helpers/db.ts';
import { testApp } from '../../helpers/app.ts';
import { buildCatalogue } from '../../helpers/catalogue.ts';
import { stateOf, textOf } from '../../helpers/html.ts';
import { KNOWN_CATEGORIES, type FeaturedAnswer } from '../../../src/shared/catalogue.ts';
import en from '../../../locales/en.json' with { type: 'json' };

/** The projects of one featured list (by its heading's id), as cards, in page order. */
const listIds = (html: string, key: string) => {
  const block =
    new RegExp(`<section class="featured-row" aria-labelledby="home-featured-${key}">([\\s\\S]*?)</section>`).exec(html)?.[1] ?? '';
  return [...block.matchAll(/<article class="project-card[^"]*" data-project="(\d+)"/g)].map((m) => Number(m[1]));
};
const form = (html: string) => /<form class="search-entry"[^>]*>([\s\S]*?)<\/form>/.exec(html);

forEachStore(t, 'the home page: a search entry, then the featured developments', async (t, store) => {
  await buildCatalogue(store.db, { projects: 120, seed: 91 });
  await store.db
    .updateTable('projects')
    .set({ price_dropped_at: new Date(Date.now() - 86_400_000).toISOString() })
    .where('id', 'in', [5, 6])
    .execute();
  const app = await testApp(t, { store, env: { SEED_DEMO: 'false' } });
  const featured = (await app.inject('/api/featured')).json() as FeaturedAnswer;

  const res = await app.inject('/');
  t.equal(res.statusCode, 200);
  const html = res.body;
  for (const key of ['newest', 'reduced', 'key_ready'] as const) {
    t.ok(featured.data[key].length, `the catalogue has ${key} developments`);
    t.same(
      listIds(html, key),
      featured.data[key].map((c) => c.id),
      `${key}: the cards of /api/featured, in its order`,
    );
  }
  const text = textOf(html);
  for (const heading of [en.home.featured.title, en.home.featured.newest, en.home.featured.reduced, en.home.featured.keyReady])
    t.match(text, heading);
  t.match(html, `href="/for-sale/${featured.data.newest[0]!.id}"`, 'a card links to its property page');

  const entry = form(html);
  t.ok(entry, 'a search entry');
  t.match(entry![0], /method="get"/);
  t.match(entry![0], /action="\/places"/);
  t.match(entry![1], /<label class="field__label" for="home-search-title-place">Place<\/label>/, 'a place field');
  t.match(entry![1], /<input class="field__input" id="home-search-title-place" type="text"[^>]*name="q"/, 'typed, sent as q');
  for (const c of KNOWN_CATEGORIES) t.match(entry![1], `<option value="${c.id}">`, `category ${c.key}`);
  t.match(entry![1], /<select class="field__input" id="home-search-title-budget" name="priceto">/, 'a budget');
  t.ok(html.indexOf('class="search-entry"') < html.indexOf('id="home-featured-title"'), 'the search before the featured');

  t.match(text, en.home.title, 'the claims stay');
  t.match(text, en.home.guides.title, 'and the guides');
  t.same(Object.keys(stateOf(html).data).sort(), ['/api/featured'], 'the data travels with the page');

  const sent = await app.inject('/places?q=torrevieja&cat=&priceto=250000');
  t.equal(sent.statusCode, 302);
  t.equal(sent.headers.location, '/search/spain/alicante/torrevieja?priceto=250000', 'the search entry lands on the readable address');
});

t.test('with nothing listed, the home page keeps its search and leaves the featured out', async (t) => {
  const app = await testApp(t, { env: { SEED_DEMO: 'false' } });
  const res = await app.inject('/');
  t.equal(res.statusCode, 200);
  t.ok(form(res.body), 'the search entry');
  t.notMatch(res.body, 'id="home-featured-title"', 'no empty featured section');
});
