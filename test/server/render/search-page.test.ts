// The search page as the server renders it, i.e. what a visitor without
// JavaScript and a crawler get: a place URL with its own title, heading and
// cards, pagination links, the filter form, the empty state, a GET form's
// place fields moved (301) to the readable URL, 404 for a place that does not
// exist, and legacy URLs canonical to the readable form.
import t from 'tap';
import type { FastifyInstance } from 'fastify';
import type { SearchAnswer } from '../../../src/shared/catalogue.ts';
import { testApp } from '../../helpers/app.ts';
import { stateOf, textOf } from '../../helpers/html.ts';
import { canonicals, meta, titleOf } from '../seo/head.ts';

const SITE = 'https://www.example.test';

async function api(app: FastifyInstance, query: string): Promise<SearchAnswer> {
  const res = await app.inject(`/api/properties?${query}`);
  if (res.statusCode !== 200) throw new Error(`${query}: ${res.statusCode}`);
  return res.json<SearchAnswer>();
}

/** The project ids of the result cards, in page order. */
const cardIds = (html: string) =>
  [...html.matchAll(/<article class="project-card project-card--(\w+)" data-project="(\d+)"/g)].map((m) => Number(m[2]));
const cardVariants = (html: string) => [
  ...new Set([...html.matchAll(/<article class="project-card project-card--(\w+)"/g)].map((m) => m[1])),
];
const relLinks = (html: string, rel: string) =>
  [...html.matchAll(new RegExp(`<a[^>]*rel="${rel}"[^>]*href="([^"]*)"|<a[^>]*href="([^"]*)"[^>]*rel="${rel}"`, 'g'))].map((m) =>
    (m[1] ?? m[2])!.replace(/&amp;/g, '&'),
  );
const h1Of = (html: string) => textOf(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '').trim();

t.test('a place URL renders its own title, heading and cards without JavaScript', async (t) => {
  const app = await testApp(t, { env: { SITE_URL: SITE } });
  const expected = await api(app, 'account_id=1&country=spain&region=alicante&town=torrevieja');
  t.ok(expected.meta.total > 0, 'the demo catalogue has Torrevieja');

  const res = await app.inject('/search/spain/alicante/torrevieja');
  t.equal(res.statusCode, 200);
  const count = `${expected.meta.total} development${expected.meta.total === 1 ? '' : 's'}`;
  t.equal(titleOf(res.body), `New-build homes in Torrevieja, Alicante: ${count} | Spain New Homes`);
  t.equal(h1Of(res.body), 'New-build homes in Torrevieja, Alicante');
  t.match(meta(res.body, 'description'), new RegExp(`^${count} in Torrevieja, Alicante`));
  t.same(
    cardIds(res.body),
    expected.data.map((p) => p.id),
    'the cards of the first page, in order',
  );
  t.same(cardVariants(res.body), ['grid']);
  t.same(canonicals(res.body), [`${SITE}/search/spain/alicante/torrevieja`]);
  t.match(textOf(res.body), /All areas Spain Alicante Torrevieja/, 'the trail of places');
  const state = stateOf(res.body);
  t.ok(
    Object.keys(state.data).some((k) => k.startsWith('/api/properties?')),
    'the results are in the initial state for SWR',
  );
  t.ok(Object.keys(state.data).includes('/api/geo-url?path=spain%2Falicante%2Ftorrevieja'));

  // The first card's picture loads at once and first, the rest lazily.
  // (eager is the default: those carry no loading attribute)
  const pictures = [...res.body.matchAll(/<img [^>]*?\/>/g)].map((m) => m[0]);
  const loading = pictures.map((img) => (img.includes('loading="lazy"') ? 'lazy' : 'eager'));
  t.ok(pictures.length > 3, `${pictures.length} cards`);
  t.equal(loading[0], 'eager', "the first card's picture is not lazy");
  t.match(pictures[0], /fetchPriority="high"/, 'and comes first');
  t.same(new Set(loading.slice(1)), new Set(['lazy']), 'the others are lazy');
  t.equal(pictures.filter((img) => img.includes('fetchPriority')).length, 1, 'and have no priority');

  const generic = await app.inject('/search');
  t.equal(titleOf(generic.body), 'New-build homes for sale | Spain New Homes', 'a search without a place: the generic title');
  t.equal(h1Of(generic.body), 'New-build homes for sale');
});

t.test('the filter form is a GET form to the section’s search, with the URL’s values chosen', async (t) => {
  const app = await testApp(t);
  const res = await app.inject('/costa-casas/search/spain/alicante?cat=1,12&bedrooms=2&pricefrom=150000&sort=price_desc&view=list');
  t.equal(res.statusCode, 200);
  const form = /<form id="search-form"[^>]*>/.exec(res.body)?.[0] ?? '';
  t.match(form, /method="get"/);
  t.match(form, /action="\/costa-casas\/search"/);
  const checked = [...res.body.matchAll(/<input [^>]*name="cat"[^>]*>/g)]
    .filter((m) => /checked=""/.test(m[0]))
    .map((m) => Number(/value="(\d+)"/.exec(m[0])?.[1]));
  t.same(checked, [1, 12]);
  t.match(res.body, /<select[^>]*name="country"[^>]*>[\s\S]*?<option value="spain" selected="">/);
  t.match(res.body, /<select[^>]*name="region"[^>]*>[\s\S]*?<option value="spain\/alicante" selected="">/);
  t.match(res.body, /<select[^>]*name="bedrooms"[^>]*>[\s\S]*?<option value="2" selected="">/);
  t.match(res.body, /name="pricefrom"[^>]*value="150000"|value="150000"[^>]*name="pricefrom"/);
  t.match(res.body, /<select[^>]*name="sort" form="search-form"|<select[^>]*form="search-form"[^>]*name="sort"/);
  t.match(res.body, /<option value="price_desc" selected="">/);
  t.match(res.body, /<input type="hidden" name="view" value="list"\/>/, 'the view survives a submission');
  t.same(cardVariants(res.body), ['list']);
});

t.test('pagination: server-rendered links with rel=prev/next; past the end, the empty state', async (t) => {
  const app = await testApp(t);
  const first = await api(app, 'account_id=1&country=spain');
  t.ok(first.meta.pages >= 4, 'enough results for several pages');

  const page2 = await app.inject('/search/spain?page=2');
  t.equal(page2.statusCode, 200);
  t.same(
    cardIds(page2.body),
    (await api(app, 'account_id=1&country=spain&page=2')).data.map((p) => p.id),
  );
  t.same(relLinks(page2.body, 'prev'), ['/search/spain']);
  t.same(relLinks(page2.body, 'next'), ['/search/spain?page=3']);
  const current = [...page2.body.matchAll(/<a [^>]*aria-current="page"[^>]*>/g)]
    .map((m) => m[0])
    .filter((a) => a.includes('pagination__page'));
  t.equal(current.length, 1, 'one current page');
  t.match(current[0], /href="\/search\/spain\?page=2"/);
  t.match(page2.body, new RegExp(`href="/search/spain\\?page=${first.meta.pages}"`), 'a link to the last page');
  t.match(titleOf(page2.body), /, page 2 \|/);

  const pageOne = await app.inject('/search/spain');
  t.same(relLinks(pageOne.body, 'prev'), [], 'no previous page on the first');

  const past = await app.inject(`/search/spain?page=${first.meta.pages + 5}`);
  t.equal(past.statusCode, 200);
  t.same(cardIds(past.body), []);
  t.match(textOf(past.body), /No homes match this search This page is past the last result\. Go to the first page/);
  t.match(past.body, /<a class="button button--primary" href="\/search\/spain">Go to the first page<\/a>/);
});

t.test('no results: the empty state offers to widen the search one filter at a time', async (t) => {
  const app = await testApp(t);
  const res = await app.inject('/search/spain/alicante/torrevieja?cat=7&bedrooms=10&bathrooms=10&pricefrom=9000000');
  t.equal(res.statusCode, 200);
  t.same(cardIds(res.body), []);
  const text = textOf(res.body);
  t.match(text, /No homes match this search Widen the search to see more developments:/);
  const ways = [...res.body.matchAll(/<ul class="search-empty__ways">([\s\S]*?)<\/ul>/g)][0]?.[1] ?? '';
  const links = [...ways.matchAll(/href="([^"]*)"[^>]*>([^<]*)</g)].map((m) => [m[2], m[1]!.replace(/&amp;/g, '&')]);
  t.same(links, [
    ['Anywhere in Alicante', '/search/spain/alicante?cat=7&bedrooms=10&bathrooms=10&pricefrom=9000000'],
    ['Any property type', '/search/spain/alicante/torrevieja?bedrooms=10&bathrooms=10&pricefrom=9000000'],
    ['Any number of bedrooms', '/search/spain/alicante/torrevieja?cat=7&bathrooms=10&pricefrom=9000000'],
    ['Any number of bathrooms', '/search/spain/alicante/torrevieja?cat=7&bedrooms=10&pricefrom=9000000'],
    ['Any price', '/search/spain/alicante/torrevieja?cat=7&bedrooms=10&bathrooms=10'],
    ['Clear all filters', '/search'],
  ]);
  t.match(titleOf(res.body), /^New-build homes in Torrevieja, Alicante: No developments \|/);
});

t.test("a GET form's place fields answer 301 with the readable URL, in every section", async (t) => {
  const app = await testApp(t);
  const cases: Array<[string, string]> = [
    [
      '/search?cat=1&country=spain&region=alicante&town=torrevieja&bedrooms=0&bathrooms=0&pricefrom=&priceto=&sort=newest',
      '/search/spain/alicante/torrevieja?cat=1',
    ],
    ['/search?country=&region=&town=&view=list', '/search?view=list'],
    ['/old/search?country=spain&region=murcia', '/old/search/spain/murcia'],
    ['/costa-casas/search/spain?region=spain/malaga&bedrooms=3', '/costa-casas/search/spain/malaga?bedrooms=3'],
    ['/search/bbbbbbbbb_type/villa?country=spain', '/search/spain?cat=2'],
  ];
  for (const [from, to] of cases) {
    const res = await app.inject(from);
    t.equal(res.statusCode, 301, from);
    t.equal(res.headers.location, to, `${from} → ${to}`);
    t.match(String(res.headers['cache-control']), /no-store/);
  }
  const own = await app.inject({ url: '/search?country=spain', headers: { host: 'costa-casas.localhost' } });
  t.equal(own.statusCode, 301);
  t.equal(own.headers.location, '/search/spain', "on a partner's own domain the search is at /search");
});

t.test('a place that does not exist is the 404 page; bad filter values are only dropped', async (t) => {
  const app = await testApp(t);
  for (const path of [
    '/search/spain/nowhere',
    '/search/atlantis',
    '/search/spain/alicante/torrevieja/beach',
    '/search/bad_slug',
    '/old/search/spain/x',
    '/costa-casas/search/nowhere',
  ]) {
    const res = await app.inject(path);
    t.equal(res.statusCode, 404, path);
    t.match(textOf(res.body), /Oops! Page not found!/, `${path} shows the error page`);
  }
  const hostile = await app.inject('/search/spain?cat=abc&bedrooms=99&pricefrom=-1&priceto=1e99&sort=%3Cscript%3E&page=0&view=x&bbox=1,2');
  t.equal(hostile.statusCode, 200, 'a hand-edited URL still shows a page');
  t.equal(canonicals(hostile.body)[0]?.replace(/^https?:\/\/[^/]+/, ''), '/search/spain', 'canonical to the clean search');
  t.notMatch(hostile.body, /<script>/);
});

t.test('legacy bbbbbbbbb_type URLs render the search, canonical to its readable URL', async (t) => {
  const app = await testApp(t, { env: { SITE_URL: SITE } });
  const legacy = await app.inject('/search/bbbbbbbbb_type/villa,penthouse/spain/alicante?bedrooms=2');
  t.equal(legacy.statusCode, 200);
  t.same(canonicals(legacy.body), [`${SITE}/search/spain/alicante?cat=2,12&bedrooms=2`], 'the very address the site links to');
  t.same(
    cardIds(legacy.body),
    (await api(app, 'account_id=1&cat=2,12&country=spain&region=alicante&bedrooms=2')).data.map((p) => p.id),
  );
  t.equal(h1Of(legacy.body), 'New-build homes in Alicante, Spain');

  const all = await app.inject('/old/search/bbbbbbbbb_type/old_');
  t.equal(all.statusCode, 200);
  t.same(canonicals(all.body), [`${SITE}/search`], 'every type, everywhere; /old listings are canonical to the main site');
  t.same(
    cardIds(all.body),
    (await api(app, 'account_id=1')).data.map((p) => p.id),
  );

  const view = await app.inject('/search/spain?view=map');
  t.same(canonicals(view.body), [`${SITE}/search/spain`], 'the view is no part of the canonical address');
});
