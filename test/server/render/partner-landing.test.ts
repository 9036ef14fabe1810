// A partner's landing pages, /{partner} and /{partner}/new-build-pages,
// rendered by the server on the fixture catalogue: the newest developments in
// the partner's scope as cards, its areas with counts linking to readable
// search addresses, a GET search entry, its colours and contact details.
import t from 'tap';
import { forEachStore } from '../../helpers/db.ts';
import { testApp } from '../../helpers/app.ts';
import { buildCatalogue, scopePartner } from '../../helpers/catalogue.ts';
import { stateOf, textOf } from '../../helpers/html.ts';
import { expectedIds, expectedPlaceCounts, findable, type ScopeRows } from '../catalogue/oracle.ts';
import { createServices } from '../../../src/server/services/index.ts';
import { KNOWN_CATEGORIES } from '../../../src/shared/catalogue.ts';
import en from '../../../locales/en.json' with { type: 'json' };

const PAGES = ['', '/new-build-pages'];

/** The projects shown as cards, in page order. */
const cardIds = (html: string) => [...html.matchAll(/<article class="project-card[^"]*" data-project="(\d+)"/g)].map((m) => Number(m[1]));
/** The links of "browse by area", with the text after each (the count). */
const areaLinks = (html: string) => {
  const block = /<ul class="grid grid--3 area-links">([\s\S]*?)<\/section>/.exec(html)?.[1] ?? '';
  return [...block.matchAll(/<a href="([^"]+)"[^>]*>([^<]+)<\/a> <span class="area-card__count">([^<]+)<\/span>/g)].map((m) => ({
    href: m[1]!,
    name: m[2]!,
    count: m[3]!,
  }));
};
const form = (html: string) => /<form class="search-entry"[^>]*>([\s\S]*?)<\/form>/.exec(html);

forEachStore(
  t,
  "a scoped partner's home and new-build page show its newest developments, its areas and a search entry",
  async (t, store) => {
    const fixture = await buildCatalogue(store.db, { projects: 200, seed: 77 });
    const { partners } = createServices(store);
    const alpha = await partners.create({
      slug: 'alpha-homes',
      name: 'Alpha Homes',
      primary: '#123456',
      phone: '+34 600 00 00 00',
      email: 'hola@alpha.example',
    });
    const murcia = fixture.places.find((p) => p.path === 'spain/murcia')!;
    const outsider = fixture.projects.find((p) => findable(p) && p.region.slug === 'malaga')!;
    const scope: ScopeRows = { regions: [murcia.id], projects: [outsider.id] };
    await scopePartner(store.db, alpha.id, scope);
    const app = await testApp(t, { store, env: { SEED_DEMO: 'false' } });

    const newest = expectedIds(fixture, { sort: 'newest' }, scope);
    const counts = expectedPlaceCounts(fixture, scope);
    for (const suffix of PAGES) {
      const path = `/alpha-homes${suffix}`;
      const res = await app.inject(path);
      t.equal(res.statusCode, 200, path);
      const html = res.body;

      t.same(cardIds(html), newest.slice(0, 6), `${path}: the six newest listed developments in its scope, newest first`);
      t.match(html, `href="/alpha-homes/for-sale/${newest[0]}"`, 'a card links to the property in the partner section');
      t.match(textOf(html), `See all ${newest.length} developments`, 'and a link to all of them');
      t.match(html, /<a class="button button--outline" href="\/alpha-homes\/search">/);

      const links = areaLinks(html);
      const malaga = fixture.places.find((p) => p.path === 'spain/malaga')!;
      const expected = fixture.places.filter((p) => p.kind !== 'country' && (counts.get(p.id) ?? 0) > 0);
      t.same(
        links.map((l) => l.href).sort(),
        expected.map((p) => `/alpha-homes/search/${p.path}`).sort(),
        `${path}: every region and town with listings in its scope, at its readable search address`,
      );
      t.same(
        links.find((l) => l.href === '/alpha-homes/search/spain/murcia'),
        { href: '/alpha-homes/search/spain/murcia', name: 'Murcia', count: `${counts.get(murcia.id)} developments` },
        'a region with its count',
      );
      t.same(
        links.find((l) => l.href === `/alpha-homes/search/${outsider.town.path}`)?.count,
        '(1)',
        'the single project outside its regions counts in its town',
      );
      t.equal(counts.get(malaga.id), 1);
      t.notOk(
        links.some((l) => l.href.includes('alicante')),
        'nothing outside its scope',
      );

      const entry = form(html);
      t.ok(entry, `${path}: a search entry`);
      t.match(entry![0], /method="get"/);
      t.match(entry![0], /action="\/alpha-homes\/places"/, "to the section's place finder");
      t.match(entry![1], /<input class="field__input" id="[\w-]+-place" type="text"[^>]*name="q"/, 'a place by name');
      t.match(entry![1], /<select class="field__input" id="[\w-]+-cat" name="cat">/);
      for (const c of KNOWN_CATEGORIES) t.match(entry![1], `<option value="${c.id}">`, `category ${c.key}`);
      t.match(entry![1], /<label class="field__label" for="([\w-]+-place)">Place<\/label>/, 'labelled');
      t.match(entry![1], /<select class="field__input" id="[\w-]+-budget" name="priceto">/, 'a budget');
      t.match(entry![1], /<option value="300000">Up to € 300\.000<\/option>/, 'as top prices');

      t.match(html, /--color-primary:#123456/, "in the partner's colours");
      t.match(textOf(html), 'Alpha Homes');
      if (!suffix) t.match(textOf(html), '+34 600 00 00 00', 'with its contact details');

      const state = stateOf(html);
      t.same(
        Object.keys(state.data).sort(),
        ['/api/geo-url?partner=alpha-homes', '/api/properties?account_id=1&partner=alpha-homes&per_page=12'],
        'the data travels with the page, under the keys of its search',
      );
    }

    // The search entry's GET lands on the readable search address of the place, within the partner's scope.
    const sent = await app.inject('/alpha-homes/places?q=murcia&cat=1');
    t.equal(sent.statusCode, 302);
    t.equal(sent.headers.location, '/alpha-homes/search/spain/murcia?cat=1', 'moved to the readable address');
    const budget = await app.inject('/alpha-homes/places?q=Murcia&cat=&priceto=300000');
    t.equal(budget.headers.location, '/alpha-homes/search/spain/murcia?priceto=300000', 'the budget kept, the empty type dropped');
    const outside = await app.inject('/alpha-homes/places?q=alicante');
    t.equal(outside.statusCode, 200, 'a place outside its scope is not found');
    t.match(textOf(outside.body), en.placeChoice.noneTitle);
  },
);

forEachStore(t, 'a partner limited to one region finds its towns by name; one without a scope sees every area', async (t, store) => {
  const fixture = await buildCatalogue(store.db, { projects: 120, seed: 78 });
  const { partners } = createServices(store);
  const local = await partners.create({ slug: 'local-homes', name: 'Local Homes' });
  const alicante = fixture.places.find((p) => p.path === 'spain/alicante')!;
  await scopePartner(store.db, local.id, { regions: [alicante.id] });
  await partners.create({ slug: 'all-homes', name: 'All Homes' });
  const app = await testApp(t, { store, env: { SEED_DEMO: 'false' } });

  const one = await app.inject('/local-homes/places?q=torrevieja');
  t.equal(one.headers.location, '/local-homes/search/spain/alicante/torrevieja', 'its towns');
  t.equal((await app.inject('/local-homes/places?q=murcia')).statusCode, 200, 'not the regions outside it');

  const all = await app.inject('/all-homes');
  const regions = new Set(fixture.projects.filter((p) => findable(p)).map((p) => p.region.path));
  const links = areaLinks(all.body).map((l) => l.href);
  for (const region of regions) t.ok(links.includes(`/all-homes/search/${region}`), `${region}`);
  t.equal(cardIds(all.body).length, 6);
});

t.test('a partner with nothing listed: the landing pages still render, without empty sections', async (t) => {
  const app = await testApp(t, { env: { SEED_DEMO: 'false' } });
  await app.services.partners.create({ slug: 'new-homes', name: 'New Homes' });
  for (const suffix of PAGES) {
    const res = await app.inject(`/new-homes${suffix}`);
    t.equal(res.statusCode, 200);
    t.same(cardIds(res.body), []);
    t.notMatch(res.body, en.partnerHome.areas.title, 'no empty "browse by area"');
    t.ok(form(res.body), 'the search entry stays');
  }
});
