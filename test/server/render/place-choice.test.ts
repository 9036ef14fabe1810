// Where a typed place name leads, as the server answers it on the demo
// catalogue (src/shared/place-choice.ts): one place meant → 302 to its
// readable search with the entry's other filters; several → a page listing
// them as links to their searches, with the entry again; none → a page that
// says so; no name → the whole search. In every section, on a partner's
// domain too, and never a 500 for what a hand-edited address sends.
import t from 'tap';
import type { PlaceMatchesAnswer } from '../../../src/shared/catalogue.ts';
import { placeSearchHref } from '../../../src/shared/place-choice.ts';
import { testApp } from '../../helpers/app.ts';
import { textOf } from '../../helpers/html.ts';
import { meta } from '../seo/head.ts';
import en from '../../../locales/en.json' with { type: 'json' };

/** The links of the choice page's list, in page order. */
const choiceLinks = (html: string) =>
  [...html.matchAll(/<a class="place-choice__link" href="([^"]+)"[^>]*><span class="place-choice__name">([^<]+)<\/span>/g)].map((m) => ({
    href: m[1]!.replaceAll('&amp;', '&'),
    name: m[2]!,
  }));

t.test('a name that means one place goes to its search, the other filters kept', async (t) => {
  const app = await testApp(t);
  const cases: Array<[string, string]> = [
    ['/places?q=Torrevieja&cat=1&priceto=300000', '/search/spain/alicante/torrevieja?cat=1&priceto=300000'],
    ['/places?q=torrevieja&cat=&priceto=&page=4&bbox=1,2,3,4', '/search/spain/alicante/torrevieja'],
    ['/places?q=%20TORREVIJA%20&bedrooms=2', '/search/spain/alicante/torrevieja?bedrooms=2'],
    ['/places?q=malaga&view=map', '/search/spain/malaga?view=map'],
    ['/places?q=&priceto=250000', '/search?priceto=250000'],
    ['/places', '/search'],
    ['/old/places?q=benidorm', '/old/search/spain/alicante/benidorm'],
    ['/costa-casas/places?q=torrevieja&cat=1', '/costa-casas/search/spain/alicante/torrevieja?cat=1'],
  ];
  for (const [from, to] of cases) {
    const res = await app.inject(from);
    t.equal(res.statusCode, 302, from);
    t.equal(res.headers.location, to, `${from} → ${to}`);
    t.match(String(res.headers['cache-control']), /no-store/, 'not kept: the catalogue may answer otherwise tomorrow');
  }
  const own = await app.inject({ url: '/places?q=torrevieja', headers: { host: 'costa-casas.localhost' } });
  t.equal(own.statusCode, 302);
  t.equal(own.headers.location, '/search/spain/alicante/torrevieja', "on a partner's own domain its search is at /search");
});

t.test('a name that may mean several places lists them, each a link to its search', async (t) => {
  const app = await testApp(t);
  const found = ((await app.inject('/api/places?q=mar')).json() as PlaceMatchesAnswer).data;
  t.ok(found.length > 1, 'the demo has several places for "mar"');

  const res = await app.inject('/places?q=mar&priceto=300000&page=2');
  t.equal(res.statusCode, 200);
  t.equal(meta(res.body, 'robots'), 'noindex', 'a page of a typed name is not indexed');
  const text = textOf(res.body);
  t.match(text, en.placeChoice.title);
  t.match(text, en.placeChoice.lead.replace('{typed}', 'mar'));
  t.same(
    choiceLinks(res.body),
    found.map((place) => ({ href: placeSearchHref('/search', place, new URLSearchParams('priceto=300000')), name: place.name })),
    "the read's places in its order, the budget kept, the page dropped",
  );
  t.match(choiceLinks(res.body)[0]!.href, /^\/search\/spain\/[a-z-]+\/[a-z-]+\?priceto=300000$/);
  t.match(res.body, /<input class="field__input" id="place-choice-search-place" type="text"[^>]*name="q" value="mar"/, 'the entry again');
  t.match(res.body, /<option value="300000" selected="">/, 'with its budget');

  const partner = await app.inject('/costa-casas/places?q=mar');
  t.ok(
    choiceLinks(partner.body).every((link) => link.href.startsWith('/costa-casas/search/')),
    "a partner's choices stay on its site",
  );
});

t.test('a name that means no place says so, and keeps the search at hand', async (t) => {
  const app = await testApp(t);
  for (const q of ['xyzzy', 'q'.repeat(500), '<script>alert(1)</script>', '%', 'a']) {
    const res = await app.inject(`/places?q=${encodeURIComponent(q)}&cat=abc&priceto=1e99`);
    t.equal(res.statusCode, 200, `"${q.slice(0, 20)}": a page, not an error`);
    t.match(textOf(res.body), en.placeChoice.noneTitle);
    t.same(choiceLinks(res.body), []);
    t.notMatch(res.body, '<script>alert', 'what was typed is escaped');
  }
  const res = await app.inject('/places?q=xyzzy&priceto=300000');
  t.match(res.body, /href="\/search\?priceto=300000"/, 'a way to all homes within the budget');
});
