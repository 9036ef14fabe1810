// The head of server-rendered pages: title, description, canonical address,
// Open Graph and Twitter tags, absolute and from configuration; the error
// screen is noindex; a partner's copies of the listings follow its
// listing_indexing setting, under /{partner} and on its own domain.
import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { testApp } from '../../helpers/app.ts';
import { stateOf } from '../../helpers/html.ts';
import sharp from 'sharp';
import { canonicals, meta, metaAll, titleOf } from './head.ts';
import en from '../../../locales/en.json' with { type: 'json' };

const SITE = 'https://www.example.com';
const env = { SITE_URL: SITE };

async function page(app: FastifyInstance, url: string, host = 'localhost') {
  const res = await app.inject({ url, headers: { host } });
  return { status: res.statusCode, html: res.body };
}

/** A listed project of the demo catalogue and a place with listings, so the listing pages exist. */
async function listing(app: FastifyInstance): Promise<{ id: number; place: string }> {
  const row = await app.store.db
    .selectFrom('projects as p')
    .innerJoin('geo_places as g', 'g.id', 'p.region_id')
    .select(['p.id', 'g.path'])
    .where(sql<boolean>`p.withdrawn_at is null and p.units_available > 0`)
    .orderBy('p.id')
    .executeTakeFirstOrThrow();
  return { id: row.id, place: row.path };
}

t.test('every page: title, description, canonical, Open Graph and Twitter tags from SITE_URL', async (t) => {
  const app = await testApp(t, { env });
  const cases = [
    { path: '/', title: `${en.site.name} | ${en.site.tagline}`, description: en.home.description },
    { path: '/contact', title: `${en.contact.metaTitle} | ${en.site.name}`, description: en.contact.description },
    { path: '/franchise', title: `${en.franchise.metaTitle} | ${en.site.name}`, description: en.franchise.description },
    { path: '/buying-process', title: null, description: null },
    { path: '/old', title: `${en.guides.title} | ${en.site.name}`, description: en.guides.description },
  ];
  for (const c of cases) {
    const { status, html } = await page(app, c.path);
    t.equal(status, 200, c.path);
    if (c.title) t.equal(titleOf(html), c.title, `${c.path} title`);
    if (c.description) t.equal(meta(html, 'description'), c.description, `${c.path} description`);
    t.ok(meta(html, 'description'), `${c.path} has a description`);
    t.same(canonicals(html), [`${SITE}${c.path}`], `${c.path}: one canonical, absolute`);
    t.equal(meta(html, 'robots'), null, `${c.path} may be indexed`);
    t.equal(meta(html, 'og:url'), `${SITE}${c.path}`);
    t.equal(meta(html, 'og:type'), 'website');
    t.equal(meta(html, 'og:locale'), 'en_GB');
    t.equal(meta(html, 'og:site_name'), en.site.name);
    t.equal(meta(html, 'og:title'), c.path === '/' ? titleOf(html) : titleOf(html)!.replace(` | ${en.site.name}`, ''));
    t.equal(meta(html, 'og:description'), meta(html, 'description'));
    t.match(meta(html, 'og:image'), new RegExp(`^${SITE}/assets/og-default-[\\w-]+\\.jpg$`), 'the default picture, absolute');
    t.equal(meta(html, 'og:image:width'), '1200');
    t.equal(meta(html, 'og:image:height'), '630');
    t.equal(meta(html, 'og:image:type'), 'image/jpeg');
    t.equal(meta(html, 'twitter:card'), 'summary_large_image');
    // X falls back to the Open Graph tags: none of them is written twice.
    t.equal(meta(html, 'twitter:title'), null);
    t.equal(meta(html, 'twitter:image'), null);
    t.equal(metaAll(html, 'og:title').length, 1, 'each tag once');
  }

  const content = await page(app, '/buying-process');
  const guide = en.demo.pages.find((p) => p.slug === 'buying-process')!;
  t.equal(titleOf(content.html), `${guide.title} | ${en.site.name}`, "a content page's own title");
  t.equal(meta(content.html, 'description'), guide.summary, 'and its summary');

  const image = await app.inject(new URL(meta(content.html, 'og:image')!).pathname);
  t.equal(image.statusCode, 200, 'the default picture is served');
  t.equal(image.headers['content-type'], 'image/jpeg');
});

t.test('the canonical address drops tracking parameters, keeps the path and ignores the Host header', async (t) => {
  const app = await testApp(t, { env });
  const tracked = await page(app, '/contact?utm_source=news&utm_medium=mail&utm_campaign=spring&gclid=abc&fbclid=def&msclkid=x');
  t.same(canonicals(tracked.html), [`${SITE}/contact`]);
  t.equal(meta(tracked.html, 'og:url'), `${SITE}/contact`);
  const kept = await page(app, '/buying-process?utm_source=x&page=2');
  t.same(canonicals(kept.html), [`${SITE}/buying-process?page=2`], 'other parameters stay');
  const spoofed = await page(app, '/contact', 'evil.example:8080');
  t.same(canonicals(spoofed.html), [`${SITE}/contact`], 'not from the Host header');
  t.match(meta(spoofed.html, 'og:image'), /^https:\/\/www\.example\.com\//);
});

t.test("a partner's pages: its name, under /{partner} on SITE_URL and on its own configured domain", async (t) => {
  const app = await testApp(t, { env });
  const home = await page(app, '/costa-casas');
  t.equal(home.status, 200);
  t.equal(meta(home.html, 'og:site_name'), 'Costa Casas Inmobiliaria');
  t.equal(titleOf(home.html), 'Welcome to Costa Casas Inmobiliaria | Costa Casas Inmobiliaria');
  // The partner has a domain: its pages under /{partner} on the main host point there.
  t.same(canonicals(home.html), ['https://costa-casas.localhost/'], "the partner's home is canonical on its domain");

  const newBuild = await page(app, '/costa-casas/new-build-pages');
  t.same(canonicals(newBuild.html), ['https://costa-casas.localhost/new-build-pages']);

  const own = await page(app, '/contact?utm_source=x', 'www.costa-casas.localhost:3000');
  t.equal(own.status, 200);
  t.same(canonicals(own.html), ['https://costa-casas.localhost/contact'], "the partner's configured domain with SITE_URL's scheme");
  t.equal(meta(own.html, 'og:url'), 'https://costa-casas.localhost/contact');
  t.match(meta(own.html, 'og:image'), /^https:\/\/costa-casas\.localhost\/assets\/og-default-/);
  t.equal(meta(own.html, 'og:site_name'), 'Costa Casas Inmobiliaria');
});

t.test('the error screen is noindex, without a canonical address', async (t) => {
  const app = await testApp(t, { env });
  for (const [path, host] of [
    ['/no-such-page', 'localhost'],
    ['/nobody/contact', 'localhost'],
    ['/sol-homes/contact', 'costa-casas.localhost'],
    ['/costa-casas/no-such-page', 'localhost'],
  ] as const) {
    const { status, html } = await page(app, path, host);
    t.equal(status, 404, path);
    t.equal(meta(html, 'robots'), 'noindex', `${path} is noindex`);
    t.same(canonicals(html), [], `${path} has no canonical`);
    t.match(titleOf(html), 'Oops! Page not found!', 'the title of SPEC §2');
  }
});

t.test("a partner's copies of the listings: canonical to the main site, or noindex", async (t) => {
  const app = await testApp(t, { env });
  const { id, place } = await listing(app);
  const copies = [
    { url: `/costa-casas/for-sale/${id}`, host: 'localhost', main: `/for-sale/${id}` },
    { url: `/costa-casas/search/${place}?utm_source=x`, host: 'localhost', main: `/search/${place}` },
    { url: `/for-sale/${id}`, host: 'costa-casas.localhost', main: `/for-sale/${id}` },
    { url: `/search/${place}`, host: 'costa-casas.localhost', main: `/search/${place}` },
    { url: `/costa-casas/for-sale/${id}`, host: 'costa-casas.localhost', main: `/for-sale/${id}` },
  ];

  t.equal((await app.services.partners.bySlug('costa-casas'))?.listing_indexing, 'canonical', "'canonical' is the default");
  for (const c of copies) {
    const { status, html } = await page(app, c.url, c.host);
    t.equal(status, 200, `${c.host}${c.url}`);
    t.same(canonicals(html), [`${SITE}${c.main}`], `${c.host}${c.url}: canonical to the main site's page`);
    t.equal(meta(html, 'robots'), null);
    t.equal(stateOf(html).state.partner?.listing_indexing, 'canonical', 'the setting reaches the client');
  }
  const shared = await page(app, `/costa-casas/for-sale/${id}`);
  t.equal(meta(shared.html, 'og:url'), `${SITE}/for-sale/${id}`, 'og:url follows the canonical address');

  await app.services.partners.update('costa-casas', { indexing: 'noindex' });
  for (const c of copies) {
    const { status, html } = await page(app, c.url, c.host);
    t.equal(status, 200, `${c.host}${c.url}`);
    t.equal(meta(html, 'robots'), 'noindex, follow', `${c.host}${c.url}: noindex, follow`);
    t.same(canonicals(html), [], 'and no canonical');
    t.equal(
      meta(html, 'og:url'),
      `${c.host === 'localhost' ? SITE : 'https://costa-casas.localhost'}${c.url.replace(/\?.*/, '')}`,
      'og:url: the page itself',
    );
    t.equal(stateOf(html).state.partner?.listing_indexing, 'noindex', 'the setting reaches the client');
  }
  const contact = await page(app, '/costa-casas/contact');
  t.same(canonicals(contact.html), ['https://costa-casas.localhost/contact'], "the partner's other pages are its own, on its domain");
  t.equal(meta(contact.html, 'robots'), null);

  const getData = await app.inject({ method: 'POST', url: '/api/partner/get-data', payload: { partner: 'costa-casas' } });
  t.equal(getData.json().partner.listing_indexing, 'noindex', 'and the client fetch of the partner carries it');

  const main = await page(app, `/for-sale/${id}`);
  t.same(canonicals(main.html), [`${SITE}/for-sale/${id}`], "the main site's own listing is its own canonical");
  t.equal(meta(main.html, 'robots'), null);
  const old = await page(app, `/old/for-sale/${id}`);
  t.same(canonicals(old.html), [`${SITE}/for-sale/${id}`], "/old's copy points at the main site's");
});

t.test("a page's own picture: the property page's first photo as a raster picture of at least 1200 × 630, served", async (t) => {
  const app = await testApp(t, { env });
  const { id } = await listing(app);
  const project = await app.services.catalogue.project(id, null);
  const photo = project?.images.find((i) => !i.floorplan);
  t.match(photo, { url: /^\/media\/images\/\d+$/, photo: null }, "a demo project's drawing, not prepared: the picture proxy's");
  for (const [path, host, origin] of [
    [`/for-sale/${id}`, 'localhost', SITE],
    [`/for-sale/${id}`, 'costa-casas.localhost', 'https://costa-casas.localhost'],
  ] as const) {
    const { html } = await page(app, path, host);
    const image = meta(html, 'og:image')!;
    t.equal(image, `${origin}${photo!.url}`, `${host}: the photo's quick resize, absolute`);
    t.ok(meta(html, 'og:image:alt'), 'described');

    const res = await app.inject({ url: new URL(image).pathname, headers: { host } });
    t.equal(res.statusCode, 200, 'served');
    const type = String(res.headers['content-type']);
    t.match(type, /^image\/(jpeg|png|webp)$/, 'JPEG, PNG or WebP');
    const info = await sharp(res.rawPayload).metadata();
    t.equal(`image/${info.format}`, type, 'the bytes are what the type says');
    t.ok(info.width! >= 1200 && info.height! >= 630, `at least 1200 × 630 (${info.width} × ${info.height})`);
    for (const name of ['og:image:type', 'og:image:width', 'og:image:height'])
      t.equal(meta(html, name), null, `${name}: not known until the photo is prepared`);
  }
});

t.test('og:url is the canonical address on every kind of page, main site and partner, under /{slug} and on its own domain', async (t) => {
  const app = await testApp(t, { env });
  const { id, place } = await listing(app);
  const pages: Array<[string, string]> = [
    ['/', 'localhost'],
    ['/search', 'localhost'],
    [`/search/${place}?page=1&utm_source=x`, 'localhost'],
    [`/search/${place}?view=map`, 'localhost'],
    [`/for-sale/${id}?utm_campaign=y`, 'localhost'],
    ['/buying-process', 'localhost'],
    ['/contact?gclid=1', 'localhost'],
    [`/old/for-sale/${id}`, 'localhost'],
    ['/costa-casas', 'localhost'],
    ['/costa-casas/contact', 'localhost'],
    ['/costa-casas/new-build-pages', 'localhost'],
    [`/costa-casas/for-sale/${id}`, 'localhost'],
    [`/costa-casas/search/${place}`, 'localhost'],
    ['/', 'costa-casas.localhost'],
    ['/contact?utm_source=x', 'costa-casas.localhost'],
    ['/buying-process', 'costa-casas.localhost'],
    [`/for-sale/${id}`, 'costa-casas.localhost'],
    [`/search/${place}`, 'costa-casas.localhost'],
    [`/costa-casas/for-sale/${id}`, 'costa-casas.localhost'],
  ];
  for (const [path, host] of pages) {
    const { status, html } = await page(app, path, host);
    t.equal(status, 200, `${host}${path}`);
    const [canonical] = canonicals(html);
    t.ok(canonical, `${host}${path} has a canonical address`);
    t.equal(meta(html, 'og:url'), canonical, `${host}${path}: og:url is ${canonical}`);
  }
});
