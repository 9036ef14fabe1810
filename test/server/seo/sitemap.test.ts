// /sitemap.xml per host, on the fixture catalogue: the main site's pages,
// places and every listed project with its own lastmod, each in every
// language; the pages' and places' alternates (every project's page names its
// own); the index of numbered pages when large, by count or by bytes; a
// partner's domain with only its own pages, in every language; addresses from
// SITE_URL or the partner's domain, never from the Host header; escaping.
import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { forEachStore } from '../../helpers/db.ts';
import { testApp } from '../../helpers/app.ts';
import { buildCatalogue, isSearchable, type Fixture } from '../../helpers/catalogue.ts';
import { createServices } from '../../../src/server/services/index.ts';
import type { Store } from '../../../src/server/store/db.ts';
import { parseSitemap, w3c, type Parsed } from './sitemap-xml.ts';
import { LANGUAGES, inLanguage } from '../../../src/shared/languages.ts';

const SITE = 'https://www.example.com';
const env = { SEED_DEMO: 'false', SITE_URL: SITE };

async function setup(t: Parameters<Parameters<typeof forEachStore>[2]>[0], store: Store) {
  const fixture = await buildCatalogue(store.db, { projects: 200, seed: 4242 });
  const { partners, content } = createServices(store);
  // One partner on its own domain, one only under /{slug} on the main host.
  await partners.create({ slug: 'alpha-homes', name: 'Alpha Homes', domain: 'alpha.localhost', indexing: 'noindex' });
  await partners.create({ slug: 'beta-homes', name: 'Beta Homes', indexing: 'canonical' });
  await content.upsert({ slug: 'buying-process', title: 'Buying', body: 'Steps.' });
  await content.upsert({ slug: 'alpha-fees', partner: 'alpha-homes', title: 'Fees', body: 'Ours.' });
  await content.upsert({ slug: 'beta-fees', partner: 'beta-homes', title: 'Fees', body: 'Ours.' });
  // Some in other languages too: each is listed at its own language's address.
  await content.upsert({ slug: 'buying-process', language: 'de', title: 'Der Kauf', body: 'Schritte.' });
  await content.upsert({ slug: 'alpha-fees', partner: 'alpha-homes', language: 'nl', title: 'Kosten', body: 'Onze.' });
  await content.upsert({ slug: 'beta-fees', partner: 'beta-homes', language: 'nl', title: 'Kosten', body: 'Onze.' });
  // One without English: its x-default is the version a visitor of no listed language gets.
  await content.upsert({ slug: 'bank-account', language: 'nl', title: 'Een bankrekening openen', body: 'Zo gaat het.' });
  return { fixture };
}

/** Listed projects by id, as the sitemap must hold them. */
function listed(fixture: Fixture) {
  return fixture.projects.filter(isSearchable).sort((a, b) => a.id - b.id);
}

/** Every place with a listed project, at its readable search address, with its newest project's date. */
function places(fixture: Fixture): Map<string, string> {
  const out = new Map<string, string>();
  for (const p of listed(fixture))
    for (const place of [p.country, p.region, p.town]) {
      const loc = `${SITE}/search/${place.path}`;
      if (!out.has(loc) || out.get(loc)! < p.updated_at) out.set(loc, p.updated_at);
    }
  return out;
}

async function get(app: FastifyInstance, url: string, host = 'localhost') {
  return app.inject({ url, headers: { host } });
}

/** `path` on `origin` in every language. */
const everyLanguage = (origin: string, path: string) => LANGUAGES.map((language) => `${origin}${inLanguage(path, language)}`);

type Test = Parameters<Parameters<typeof forEachStore>[2]>[0];

/**
 * Each entry's alternates as Google reads them: its own address among them,
 * x-default once and at one of the languages' addresses, each language once,
 * and every alternate an entry of the same sitemap naming the same set (the
 * links go both ways).
 */
function checkAlternates(t: Test, sitemap: Parsed) {
  t.equal(sitemap.xhtmlns, 'http://www.w3.org/1999/xhtml', 'the xhtml namespace is declared');
  const byLoc = new Map(sitemap.entries.map((e) => [e.loc, e]));
  const sets = (e: Parsed['entries'][number]) => JSON.stringify([...e.alternates].sort((a, b) => a.hreflang.localeCompare(b.hreflang)));
  let bad = 0;
  for (const e of sitemap.entries) {
    if (!e.alternates.length) continue;
    const hreflangs = e.alternates.map((a) => a.hreflang);
    const xDefault = e.alternates.find((a) => a.hreflang === 'x-default');
    const ok =
      new Set(hreflangs).size === hreflangs.length &&
      hreflangs.filter((h) => h === 'x-default').length === 1 &&
      e.alternates.some((a) => a.hreflang !== 'x-default' && a.href === xDefault?.href) &&
      e.alternates.some((a) => a.href === e.loc && a.hreflang !== 'x-default') &&
      e.alternates.every((a) => a.hreflang === 'x-default' || (byLoc.has(a.href) && sets(byLoc.get(a.href)!) === sets(e)));
    if (!ok && bad++ < 3) t.fail(`${e.loc}: alternates ${JSON.stringify(e.alternates)}`);
  }
  t.equal(bad, 0, 'every entry names itself, x-default and its other languages, which name it back');
}

forEachStore(t, 'the main sitemap: pages, places with listings and every listed project with its own lastmod', async (t, store) => {
  const { fixture } = await setup(t, store);
  const app = await testApp(t, { store, env });
  const res = await get(app, '/sitemap.xml');
  t.equal(res.statusCode, 200);
  t.match(res.headers['content-type'], /^application\/xml; charset=utf-8/);
  t.match(res.headers['cache-control'], /^public, .*s-maxage=\d+/, 'cached like other public answers');
  t.match(res.headers.vary, /Host/);
  const sitemap = parseSitemap(res.body);
  t.equal(sitemap.root, 'urlset');
  t.equal(sitemap.xmlns, 'http://www.sitemaps.org/schemas/sitemap/0.9');
  const byLoc = new Map(sitemap.entries.map((e) => [e.loc, e.lastmod]));
  t.equal(byLoc.size, sitemap.entries.length, 'no address twice');

  for (const path of ['/', '/franchise', '/uw-makelaar', '/wonen-en-leven', '/contact', '/search'])
    for (const loc of everyLanguage(SITE, path)) t.ok(byLoc.has(loc), `fixed page ${loc}`);
  const entry = (loc: string) => sitemap.entries.find((e) => e.loc === loc)!;
  t.same(
    entry(`${SITE}/de/contact`).alternates,
    [
      ...LANGUAGES.map((language) => ({ hreflang: language, href: `${SITE}${inLanguage('/contact', language)}` })),
      { hreflang: 'x-default', href: `${SITE}/contact` },
    ],
    'a fixed page names every language and English as x-default, as its own head does',
  );
  const page = (await createServices(store).content.pages(null)).find((p) => p.slug === 'buying-process')!;
  t.equal(byLoc.get(`${SITE}/buying-process`), w3c(page.updatedAt), 'a content page, last changed when it was');
  t.ok(byLoc.has(`${SITE}/de/buying-process`), 'in each language it is written in');
  t.notOk(byLoc.has(`${SITE}/nl/buying-process`), 'not where it only falls back to another');
  t.same(
    entry(`${SITE}/de/buying-process`).alternates,
    [
      { hreflang: 'en', href: `${SITE}/buying-process` },
      { hreflang: 'de', href: `${SITE}/de/buying-process` },
      { hreflang: 'x-default', href: `${SITE}/buying-process` },
    ],
    'a content page names only the languages it is written in',
  );
  t.notOk(byLoc.has(`${SITE}/bank-account`), 'a page without English is not listed at the English address');
  t.same(
    entry(`${SITE}/nl/bank-account`).alternates,
    [
      { hreflang: 'nl', href: `${SITE}/nl/bank-account` },
      { hreflang: 'x-default', href: `${SITE}/nl/bank-account` },
    ],
    'without English, x-default is the version a visitor of no listed language gets',
  );
  checkAlternates(t, sitemap);

  for (const language of LANGUAGES) {
    const prefix = `${SITE}${inLanguage('/for-sale/', language)}`;
    const projects = sitemap.entries.filter((e) => e.loc.startsWith(prefix));
    t.same(
      projects.map((e) => e.loc),
      listed(fixture).map((p) => `${prefix}${p.id}`),
      `every listed project in ${language}`,
    );
    t.ok(
      projects.every((e) => !e.alternates.length),
      'a project names its alternates on its own page, not here',
    );
  }
  const placeAlternates = entry(`${SITE}/ja/search/spain/alicante/torrevieja`).alternates;
  t.equal(placeAlternates.length, LANGUAGES.length + 1, 'a place names its alternates');

  const projects = sitemap.entries.filter((e) => e.loc.startsWith(`${SITE}/for-sale/`));
  t.same(
    projects.map((e) => e.loc),
    listed(fixture).map((p) => `${SITE}/for-sale/${p.id}`),
    'every listed project, by id, and nothing withdrawn or sold out',
  );
  t.same(
    projects.map((e) => e.lastmod),
    listed(fixture).map((p) => w3c(p.updated_at)),
    "lastmod is the project's own updated date",
  );
  t.ok(
    fixture.projects.some((p) => !isSearchable(p)),
    'the fixture has unlisted projects to leave out',
  );

  const expectedPlaces = places(fixture);
  const placeEntries = sitemap.entries.filter((e) => e.loc.startsWith(`${SITE}/search/`));
  for (const language of LANGUAGES.slice(1)) {
    const prefix = `${SITE}/${language}/search/`;
    t.same(
      sitemap.entries.filter((e) => e.loc.startsWith(prefix)).map((e) => [e.loc.slice(prefix.length), e.lastmod]),
      placeEntries.map((e) => [e.loc.slice(`${SITE}/search/`.length), e.lastmod]),
      `the places in ${language} too`,
    );
  }
  t.same(new Set(placeEntries.map((e) => e.loc)), new Set(expectedPlaces.keys()), 'the places with listings, at their readable addresses');
  for (const e of placeEntries) t.equal(e.lastmod, w3c(expectedPlaces.get(e.loc)!), `${e.loc}: its newest project's date`);
  t.notOk(byLoc.has(`${SITE}/search/spain/valencia`), 'a place without listings is left out');
  t.ok(byLoc.has(`${SITE}/search/spain/alicante/torrevieja`), 'the town form');

  // Partners: one without a domain lives on this host; its copies of the listings are never listed.
  for (const path of [
    '/beta-homes',
    '/beta-homes/new-build-pages',
    '/beta-homes/contact',
    '/beta-homes/beta-fees',
    '/nl/beta-homes/beta-fees',
    '/de/beta-homes',
    '/uk/beta-homes/contact',
  ])
    t.ok(byLoc.has(`${SITE}${path}`), `the domainless partner's ${path}`);
  t.notOk(byLoc.has(`${SITE}/de/beta-homes/beta-fees`), "not in a language the partner's page is not written in");
  t.notOk(
    [...byLoc.keys()].some((loc) => /\/(alpha|beta)-homes\/(for-sale|search)/.test(loc)),
    "no partner's copy of a listing",
  );
  t.notOk(
    [...byLoc.keys()].some((loc) => loc.includes('alpha')),
    'a partner with its own domain is listed there, not here',
  );
  t.notOk(byLoc.has(`${SITE}/beta-fees`), "a partner's own page is not the main site's");
  t.notOk(
    [...byLoc.keys()].some((loc) => /favorites|client-|login/.test(loc)),
    'no page behind a login',
  );

  // The addresses come from SITE_URL whatever the Host header says.
  const spoofed = await get(app, '/sitemap.xml', 'evil.example');
  t.equal(spoofed.body, res.body, 'another Host gets the same addresses');

  // The fixed and content pages listed all answer.
  for (const loc of byLoc.keys()) {
    if (/\/(for-sale|search)\//.test(loc)) continue;
    const path = loc.slice(SITE.length);
    t.equal((await get(app, path)).statusCode, 200, `${path} answers`);
  }
});

forEachStore(t, 'a large sitemap is an index of numbered pages, each with its newest lastmod', async (t, store) => {
  await setup(t, store);
  const whole = parseSitemap((await get(await testApp(t, { store, env }), '/sitemap.xml')).body).entries;
  const max = 400;
  const app = await testApp(t, { store, env, sitemapMaxUrls: max });
  const res = await get(app, '/sitemap.xml');
  t.equal(res.statusCode, 200);
  const index = parseSitemap(res.body);
  t.equal(index.root, 'sitemapindex');
  const pages = Math.ceil(whole.length / max);
  t.ok(pages > 2, `${whole.length} addresses make ${pages} pages`);
  t.same(
    index.entries.map((e) => e.loc),
    Array.from({ length: pages }, (_, i) => `${SITE}/sitemap-${i + 1}.xml`),
  );

  const joined: typeof whole = [];
  for (const [i, entry] of index.entries.entries()) {
    const page = await get(app, `/sitemap-${i + 1}.xml`);
    t.equal(page.statusCode, 200);
    t.match(page.headers['cache-control'], /^public/);
    const urls = parseSitemap(page.body);
    t.equal(urls.root, 'urlset');
    t.ok(urls.entries.length <= max, `page ${i + 1} holds at most ${max}`);
    const newest = urls.entries
      .map((e) => e.lastmod)
      .filter(Boolean)
      .sort()
      .at(-1);
    t.equal(entry.lastmod, newest ?? null, `page ${i + 1}'s lastmod is its newest entry's`);
    joined.push(...urls.entries);
  }
  t.same(joined, whole, 'the pages together are the whole sitemap, in order, each address once');

  t.equal((await get(app, `/sitemap-${pages + 1}.xml`)).statusCode, 404, 'past the last page');
  t.equal((await get(app, '/sitemap-0.xml')).statusCode, 404);
  const small = await testApp(t, { store, env });
  t.equal((await get(small, '/sitemap-1.xml')).statusCode, 404, 'no numbered pages when /sitemap.xml is not an index');
});

forEachStore(t, 'a sitemap past its bytes is split too, each page within them, alternates kept whole', async (t, store) => {
  await setup(t, store);
  const whole = parseSitemap((await get(await testApp(t, { store, env }), '/sitemap.xml')).body).entries;
  const maxBytes = 60_000;
  const app = await testApp(t, { store, env, sitemapMaxBytes: maxBytes });
  const index = parseSitemap((await get(app, '/sitemap.xml')).body);
  t.equal(index.root, 'sitemapindex');
  t.ok(index.entries.length > 2, `${index.entries.length} pages`);
  const joined: typeof whole = [];
  for (const i of index.entries.keys()) {
    const page = await get(app, `/sitemap-${i + 1}.xml`);
    t.ok(page.rawPayload.length <= maxBytes, `page ${i + 1}: ${page.rawPayload.length} bytes, within ${maxBytes}`);
    const urls = parseSitemap(page.body);
    t.equal(urls.xhtmlns, 'http://www.w3.org/1999/xhtml', `page ${i + 1} declares the xhtml namespace`);
    joined.push(...urls.entries);
  }
  t.same(joined, whole, 'the pages together are the whole sitemap, each entry with its alternates');
});

forEachStore(t, "a partner's domain: its own pages on its own domain, never the listings", async (t, store) => {
  await setup(t, store);
  const app = await testApp(t, { store, env });
  const res = await get(app, '/sitemap.xml', 'www.alpha.localhost:8080');
  t.equal(res.statusCode, 200);
  const locs = parseSitemap(res.body).entries.map((e) => e.loc);
  t.ok(locs.length >= 6, `${locs.length} pages`);
  t.ok(
    locs.every((loc) => loc.startsWith('https://alpha.localhost/')),
    "on the partner's configured domain, with SITE_URL's scheme",
  );
  t.ok(locs.includes('https://alpha.localhost/'), 'its root');
  t.ok(locs.includes('https://alpha.localhost/contact'), 'its contact page');
  t.ok(
    locs.some((loc) => loc.endsWith('/new-build-pages')),
    'its new-build page',
  );
  t.ok(locs.includes('https://alpha.localhost/alpha-fees'), 'its own content page');
  t.ok(locs.includes('https://alpha.localhost/buying-process'), "the main site's pages it shows");
  t.ok(locs.includes('https://alpha.localhost/nl/alpha-fees'), 'its own page in Dutch');
  t.ok(locs.includes('https://alpha.localhost/de/buying-process'), "and the main site's in German");
  t.notOk(locs.includes('https://alpha.localhost/de/alpha-fees'), 'not where its page only falls back');
  for (const path of ['/', '/contact'])
    for (const loc of everyLanguage('https://alpha.localhost', path)) t.ok(locs.includes(loc), `in every language: ${loc}`);
  const sitemap = parseSitemap(res.body);
  checkAlternates(t, sitemap);
  t.ok(
    sitemap.entries.every((e) => e.alternates.every((a) => a.href.startsWith('https://alpha.localhost/'))),
    "the alternates on the partner's domain too",
  );
  t.notOk(
    locs.some((loc) => /\/(for-sale|search)(\/|$)/.test(loc)),
    'no copies of the listings',
  );
  t.notOk(
    locs.some((loc) => loc.includes('beta')),
    "nothing of another partner's",
  );
  for (const loc of locs) {
    const path = loc.slice('https://alpha.localhost'.length);
    t.equal((await get(app, path, 'alpha.localhost')).statusCode, 200, `${path} answers on the domain`);
  }
  t.equal((await get(app, '/sitemap-1.xml', 'alpha.localhost')).statusCode, 404);
});

t.test('every address is XML-escaped', async (t) => {
  const app = await testApp(t, { env: { SITE_URL: "https://www.example.com/a&b'c" } });
  const res = await get(app, '/sitemap.xml');
  t.equal(res.statusCode, 200);
  t.notMatch(res.body, /&(?!amp;|apos;|quot;|lt;|gt;)/, 'no bare ampersand');
  t.match(res.body, /<loc>https:\/\/www\.example\.com\/a&amp;b&apos;c\/contact<\/loc>/);
  t.ok(
    parseSitemap(res.body).entries.some((e) => e.loc === "https://www.example.com/a&b'c/contact"),
    'and parses back to the address',
  );
});
