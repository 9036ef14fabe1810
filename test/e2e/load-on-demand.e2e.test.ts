// Code that loads when it is needed, not before (issue 12), in Chromium at a
// phone's size: the property page loads no Leaflet until its map comes near
// the screen (nor the map's own code: its wrapper, basemap and pin), and once
// it does, one of each, with nothing moved; no Glide until
// the gallery's next picture is asked for (a press or an arrow key), after
// which the gallery turns; an empty search's message only for a search that
// found nothing (before hydration, on a change of filters, on a client
// navigation); the search's list view loads no Leaflet, its map view does;
// the home's hero slider loads Glide when the visitor reaches for it; the
// cookie settings dialog's code when the visitor first opens it, and then it
// saves; the property page's structured data never (the server's JSON-LD
// stays after hydration). A library's chunk is recognised by a string only it has.
import t, { type Test } from 'tap';
import type { HTTPRequest, Page } from 'puppeteer-core';
import { startServer } from '../helpers/app.ts';
import { launchBrowser, newPage, waitForHydration } from '../helpers/browser.ts';
import { CONSENT_COOKIE, NO_CONSENT, makeConsent, parseConsent, serialiseConsent } from '../../src/shared/consent.ts';

type Browser = Awaited<ReturnType<typeof launchBrowser>>;

const PHONE = { width: 412, height: 823 };
/** First-party tiles: no request leaves the machine, none waits for consent. */
const LOCAL_TILES = '/media/demo/garden-1.svg?tile={z}-{x}-{y}';
const VIEWER = '.gallery > .gallery__viewer';
const COUNTER = `${VIEWER} .gallery__position`;

const LIBRARIES = {
  leaflet: 'leaflet-control-attribution',
  placeMap: 'map-popup__label',
  glide: '[Glide warn]',
  cookieDialog: 'consent-open',
  emptyResults: 'search-empty__ways',
  structuredData: 'RealEstateListing',
  checking: 'Expected an object, but received',
  leadForm: 'lead-form lead-form--',
  unitsTable: 'units-table__row units-table__row--',
} as const;
type Library = keyof typeof LIBRARIES;

interface Loads {
  /** The scripts of `library` the page has received so far. */
  scripts(library: Library): Promise<string[]>;
}

/** Records every script the page receives, from now on. */
function recordLoads(page: Page): Loads {
  const scripts: Array<Promise<{ url: string; body: string }>> = [];
  page.on('response', (response) => {
    const url = new URL(response.url()).pathname;
    if (url.endsWith('.js'))
      scripts.push(
        response.text().then(
          (body) => ({ url, body }),
          () => ({ url, body: '' }),
        ),
      );
  });
  return {
    scripts: async (library) => (await Promise.all(scripts)).filter((s) => s.body.includes(LIBRARIES[library])).map((s) => s.url),
  };
}

/** A phone (or `size`) whose visitor has answered the cookie question (no bar over the page), loading `path` and what it loads without interaction. */
async function open(
  t: Test,
  browser: Browser,
  url: string,
  path: string,
  size = PHONE,
  { saveData = false } = {},
): Promise<{ page: Page; loads: Loads; problems: { all(): string[] } }> {
  const { page, problems } = await newPage(t, browser, size);
  // A visitor saving data: no idle prefetch of other pages' chunks, which may share code with what is measured.
  if (saveData)
    await page.evaluateOnNewDocument(() => Object.defineProperty(Navigator.prototype, 'connection', { get: () => ({ saveData: true }) }));
  await page.setCookie({ name: CONSENT_COOKIE, value: serialiseConsent(makeConsent(NO_CONSENT)), url });
  // No hero autoplay: the slider then waits for the visitor alone.
  await page.emulateMediaFeatures([{ name: 'prefers-reduced-motion', value: 'reduce' }]);
  const loads = recordLoads(page);
  const res = await page.goto(url + path, { waitUntil: 'load' });
  if (res?.status() !== 200) throw new Error(`${path} answered ${res?.status()}`);
  await waitForHydration(page);
  await page.waitForNetworkIdle({ idleTime: 1000 });
  return { page, loads, problems };
}

/** Holds the scripts the page asks for from `start` until `release`: code on its way over a slow network. */
function holdScripts(page: Page) {
  let holding = false;
  const held: HTTPRequest[] = [];
  return {
    async start() {
      await page.setRequestInterception(true);
      holding = true;
      page.on('request', (request) => {
        if (request.isInterceptResolutionHandled()) return;
        if (holding && new URL(request.url()).pathname.endsWith('.js')) held.push(request);
        else void request.continue();
      });
    },
    async release() {
      holding = false;
      await Promise.all(held.splice(0).map((request) => request.continue()));
    },
  };
}

/** Aborts every script the page asks for from now on: code that cannot arrive (a deploy replaced it, the network dropped). */
async function failScripts(page: Page) {
  await page.setRequestInterception(true);
  page.on('request', (request) => {
    if (request.isInterceptResolutionHandled()) return;
    if (new URL(request.url()).pathname.endsWith('.js')) void request.abort();
    else void request.continue();
  });
}

async function propertyWithPictures(url: string): Promise<number> {
  for (let id = 1; id < 150; id++) {
    const res = await fetch(`${url}/api/property?id=${id}`);
    if (!res.ok) continue;
    const project = ((await res.json()) as { data: { images: unknown[]; location: { lat: number | null } } }).data;
    if (project.images.length >= 3 && project.location.lat !== null) return id;
  }
  throw new Error('no project with pictures and a place');
}

const box = (page: Page, selector: string) =>
  page.$eval(selector, (el) => {
    const r = el.getBoundingClientRect();
    return { x: Math.round(r.x), y: Math.round(r.y + window.scrollY), width: Math.round(r.width), height: Math.round(r.height) };
  });

t.test('code loaded on demand', async (t) => {
  const { url } = await startServer(t, { env: { MAP_TILE_URL: LOCAL_TILES } });
  const browser = await launchBrowser(t);
  const id = await propertyWithPictures(url);

  t.test("the property page's map: Leaflet once the map comes near the screen, nothing moved", async (t) => {
    const { page, loads, problems } = await open(t, browser, url, `/for-sale/${id}`);
    t.same(await loads.scripts('leaflet'), [], 'no Leaflet code before the map approaches');
    t.same(await loads.scripts('placeMap'), [], "nor the map's own code");
    const before = await box(page, '.project-location .place-map');

    await page.$eval('.project-location', (el) => el.scrollIntoView({ block: 'center' }));
    await page.waitForSelector('.project-location .place-map .leaflet-marker-icon');
    t.equal((await loads.scripts('leaflet')).length, 1, 'Leaflet loaded once the map is near');
    t.equal((await loads.scripts('placeMap')).length, 1, "and the map's own code");
    t.same(await box(page, '.project-location .place-map'), before, 'the map is where its placeholder was');
    t.same(await loads.scripts('glide'), [], 'scrolling past the gallery loads no Glide');
    t.same(problems.all(), [], 'no console errors');
  });

  t.test('the gallery: Glide when the next picture is asked for, and then it turns', async (t) => {
    const { page, loads, problems } = await open(t, browser, url, `/for-sale/${id}`);
    t.same(await loads.scripts('glide'), [], 'no Glide before the gallery is used');
    const count = (await page.$$(`${VIEWER} .gallery__slide`)).length;
    const first = await box(page, `${VIEWER} .gallery__slide img`);

    await page.click(`${VIEWER} .gallery__arrow--next`);
    await page.waitForFunction(
      (sel: string, want: string) => document.querySelector(sel)?.textContent === want,
      {},
      COUNTER,
      `2 / ${count}`,
    );
    t.equal((await loads.scripts('glide')).length, 1, 'Glide loaded on the first press');
    // The track moved: the first picture is off to the left.
    await page.waitForFunction(
      (viewer: string) =>
        document.querySelector(`${viewer} .gallery__slide img`)!.getBoundingClientRect().right <=
        document.querySelector(viewer)!.getBoundingClientRect().left + 1,
      {},
      VIEWER,
    );
    t.pass('the first picture slid out of view');
    await page.click(`${VIEWER} .gallery__arrow--previous`);
    await page.waitForFunction(
      (sel: string, want: string) => document.querySelector(sel)?.textContent === want,
      {},
      COUNTER,
      `1 / ${count}`,
    );
    t.same(await box(page, `${VIEWER} .gallery__slide img`), first, 'back at the first picture, where the server drew it');
    t.same(problems.all(), [], 'no console errors');
  });

  t.test('the gallery by keyboard: an arrow key loads Glide and turns', async (t) => {
    const { page, loads, problems } = await open(t, browser, url, `/for-sale/${id}`);
    const count = (await page.$$(`${VIEWER} .gallery__slide`)).length;
    await page.focus(VIEWER);
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction(
      (sel: string, want: string) => document.querySelector(sel)?.textContent === want,
      {},
      COUNTER,
      `${count} / ${count}`,
    );
    t.equal((await loads.scripts('glide')).length, 1, 'Glide loaded by the key');
    t.same(problems.all(), [], 'no console errors');
  });

  t.test("the search's list view loads no Leaflet, its map view does", async (t) => {
    const { page, loads, problems } = await open(t, browser, url, '/search/spain');
    t.same(await loads.scripts('leaflet'), [], 'no Leaflet in the list view');
    await page.click('.view-switch [data-view="map"]');
    await page.waitForSelector('.results-map .leaflet-container');
    t.equal((await loads.scripts('leaflet')).length, 1, 'Leaflet once the visitor asks for the map');
    t.same(problems.all(), [], 'no console errors');
  });

  t.test("an empty search's message: its code only for a search that found nothing", async (t) => {
    const EMPTY = '/search/spain/alicante/torrevieja?bedrooms=10&bathrooms=10';
    const { page, loads, problems } = await open(t, browser, url, '/search/spain');
    t.ok(await page.$('.search-layout__results .project-card'), 'a search that found something');
    t.same(await loads.scripts('emptyResults'), [], 'loads none of it');

    // A change of filters within the search page (wouter follows pushState).
    await page.evaluate((to: string) => history.pushState(null, '', to), EMPTY);
    await page.waitForSelector('.search-empty .search-empty__ways');
    t.equal((await loads.scripts('emptyResults')).length, 1, 'a change of filters that finds nothing loads it, and shows it');

    const first = await open(t, browser, url, EMPTY);
    t.ok(await first.page.$('.search-empty .search-empty__ways'), 'a first load of a search that found nothing shows it');
    t.equal((await first.loads.scripts('emptyResults')).length, 1, 'its code loaded before hydration');

    const home = await open(t, browser, url, '/');
    await home.page.evaluate((to: string) => history.pushState(null, '', to), EMPTY);
    await home.page.waitForSelector('.search-page');
    t.ok(await home.page.$('.search-empty .search-empty__ways'), 'a client navigation to it shows it with the page');
    t.same([...problems.all(), ...first.problems.all(), ...home.problems.all()], [], 'no console errors (no hydration mismatch)');
  });

  t.test("the home's hero slider loads Glide when the visitor reaches for it", async (t) => {
    // Its arrows show from a tablet's width up (on a phone, a touch loads it).
    const { page, loads, problems } = await open(t, browser, url, '/', { width: 1280, height: 800 });
    t.same(await loads.scripts('glide'), [], 'no Glide before');
    await page.click('.hero .glide__arrow--right');
    await page.waitForSelector('.hero.glide--carousel');
    t.equal((await loads.scripts('glide')).length, 1, 'Glide loaded when the visitor pressed an arrow');
    await page.waitForFunction(() => document.querySelector('.hero .glide__slide--active')?.getAttribute('aria-label')?.startsWith('2 /'));
    t.pass('and the slider moved on');
    t.same(problems.all(), [], 'no console errors');
  });

  t.test('the cookie settings dialog: its code when first opened, then it saves and gives the focus back', async (t) => {
    const { page, loads, problems } = await open(t, browser, url, '/search/spain');
    t.same(await loads.scripts('cookieDialog'), [], 'no dialog code before the visitor asks for the settings');
    const opener = 'footer.site-footer button.consent-link';
    await page.$eval(opener, (b) => b.scrollIntoView({ block: 'center' }));
    await page.click(opener);
    await page.waitForSelector('dialog.cookie-modal[open]', { visible: true });
    t.equal((await loads.scripts('cookieDialog')).length, 1, 'its code loaded on the first opening');
    await page.click('dialog.cookie-modal input[name="functional"]');
    await page.click('dialog.cookie-modal .cookie-modal__actions .button--primary');
    await page.waitForSelector('dialog.cookie-modal', { hidden: true });
    const cookie = (await page.browserContext().cookies()).find((c) => c.name === CONSENT_COOKIE);
    t.match(parseConsent(cookie?.value), { optional: false, functional: true }, 'the choice is saved');
    t.ok(await page.$eval(opener, (b) => b === document.activeElement), 'the focus is back on the button that opened it');
    await page.click(opener);
    await page.waitForSelector('dialog.cookie-modal[open]', { visible: true });
    t.equal((await loads.scripts('cookieDialog')).length, 1, 'a second opening loads nothing more');
    t.same(problems.all(), [], 'no console errors');
  });

  t.test('the lead form: no checking code before it is used, then it checks and sends', async (t) => {
    const { page, loads, problems } = await open(t, browser, url, `/for-sale/${id}`, PHONE, { saveData: true });
    t.same(await loads.scripts('checking'), [], 'no superstruct on the property page before the form is used');
    const form = `form#lead-property-${id}`;
    await page.$eval(form, (el) => el.scrollIntoView({ block: 'center' }));
    await page.click(`${form} button[type=submit]`);
    await page.waitForFunction(
      (sel: string) => document.querySelector(sel)?.textContent === 'Please check the marked fields.',
      {},
      `${form} .form-status`,
    );
    t.equal((await loads.scripts('checking')).length, 1, 'sending the empty form loaded the checking once');
    t.ok(await page.$eval(`${form} [name="name"]`, (el) => el === document.activeElement), 'the focus is on the first wrong field');
    await page.type(`${form} [name="name"]`, 'Ana Lazy');
    await page.type(`${form} [name="email"]`, 'ana.lazy@example.com');
    await page.click(`${form} button[type=submit]`);
    await page.waitForFunction((sel: string) => document.querySelector(sel)?.textContent?.startsWith('Thank'), {}, `${form} .form-status`);
    t.equal((await loads.scripts('checking')).length, 1, 'and nothing more when it is sent');
    t.same(problems.all(), [], 'no console errors');
  });

  t.test('the save-search form: no checking code before it is used, then it checks the address and saves', async (t) => {
    const { page, loads, problems } = await open(t, browser, url, '/search/spain', PHONE, { saveData: true });
    t.same(await loads.scripts('checking'), [], 'no superstruct on the search page before the form is used');
    await page.click('details.save-search > summary');
    await page.waitForSelector('details.save-search[open]');
    await page.type('form.save-search__form [name="email"]', 'not-an-address');
    await page.click('form.save-search__form button[type=submit]');
    await page.waitForSelector('form.save-search__form .field__error');
    t.equal((await loads.scripts('checking')).length, 1, 'the checking loaded with the first sending');
    const [field, describedBy] = await page.$eval('form.save-search__form [name="email"]', (el) => [
      el.id,
      el.getAttribute('aria-describedby'),
    ]);
    t.equal(describedBy, field!.replace(/-email$/, '-error'), "the message's id is named as the server named the field's");
    await page.click('form.save-search__form [name="email"]', { count: 3 });
    await page.type('form.save-search__form [name="email"]', 'lazy.saver@example.com');
    await page.click('form.save-search__form button[type=submit]');
    await page.waitForSelector('.save-search__done');
    t.match(await page.$eval('.save-search__done', (el) => el.textContent), /lazy\.saver@example\.com/, 'saved');
    t.same(problems.all(), [], 'no console errors');
  });

  t.test('the save-search form sent twice while its checking is on the way: saved once', async (t) => {
    const { page, problems } = await open(t, browser, url, '/search/spain', PHONE, { saveData: true });
    await page.click('details.save-search > summary');
    await page.type('form.save-search__form [name="email"]', 'twice.saver@example.com');
    await page.waitForSelector('form.save-search__form[novalidate]');
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/saved-searches') posts.push(r.url());
    });
    const scripts = holdScripts(page);
    await scripts.start();
    await page.click('form.save-search__form button[type=submit]');
    await page.click('form.save-search__form button[type=submit]');
    await scripts.release();
    await page.waitForSelector('.save-search__done');
    await page.waitForNetworkIdle({ idleTime: 500 });
    t.equal(posts.length, 1, 'one POST');
    t.same(problems.all(), [], 'no console errors');
  });

  t.test('the lead form: its code on first focus; what was typed before it arrived and the focus stay', async (t) => {
    const { page, loads, problems } = await open(t, browser, url, `/for-sale/${id}`, PHONE, { saveData: true });
    t.same(await loads.scripts('leadForm'), [], 'no lead form code before it is used');
    const scripts = holdScripts(page);
    await scripts.start();
    const form = `form#lead-property-${id}`;
    const name = `${form} [name="name"]`;
    await page.$eval(form, (el) => el.scrollIntoView({ block: 'center' }));
    await page.focus(name);
    await page.type(name, 'Ana');
    t.same(await loads.scripts('leadForm'), [], 'typed while its code is on the way');
    await scripts.release();
    await page.waitForNetworkIdle({ idleTime: 500 });
    t.equal((await loads.scripts('leadForm')).length, 1, 'the code loaded on the first focus');
    t.ok(await page.$eval(name, (el) => el === document.activeElement), 'the focus stayed in the field');
    await page.type(name, ' Lazy');
    await page.type(`${form} [name="email"]`, 'ana.lazy@example.com');
    const sent = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/leads');
    await page.click(`${form} button[type=submit]`);
    t.match(
      JSON.parse((await sent).postData() ?? '{}'),
      { name: 'Ana Lazy', email: 'ana.lazy@example.com' },
      'sent with all that was typed',
    );
    await page.waitForFunction((sel: string) => document.querySelector(sel)?.textContent?.startsWith('Thank'), {}, `${form} .form-status`);
    t.same(problems.all(), [], 'no console errors');
  });

  t.test('the lead form sent before its code arrived: sent by the code, in the page', async (t) => {
    const { page, problems } = await open(t, browser, url, `/for-sale/${id}`, PHONE, { saveData: true });
    const scripts = holdScripts(page);
    await scripts.start();
    const form = `form#lead-property-${id}`;
    await page.$eval(form, (el) => el.scrollIntoView({ block: 'center' }));
    await page.type(`${form} [name="name"]`, 'Early Sender');
    await page.type(`${form} [name="email"]`, 'early@example.com');
    const before = page.url();
    const sent = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/leads');
    await page.click(`${form} button[type=submit]`);
    await scripts.release();
    t.match(JSON.parse((await sent).postData() ?? '{}'), { name: 'Early Sender' }, 'sent by the page, with what was typed');
    await page.waitForFunction((sel: string) => document.querySelector(sel)?.textContent?.startsWith('Thank'), {}, `${form} .form-status`);
    t.equal(page.url(), before, 'no page load');
    t.same(problems.all(), [], 'no console errors');
  });

  t.test('the lead form whose code fails to load: sent by the browser, as without JavaScript', async (t) => {
    const { page } = await open(t, browser, url, `/for-sale/${id}`, PHONE, { saveData: true });
    await failScripts(page);
    const form = `form#lead-property-${id}`;
    await page.$eval(form, (el) => el.scrollIntoView({ block: 'center' }));
    await page.focus(`${form} [name="name"]`);
    await page.waitForNetworkIdle({ idleTime: 500 });
    await page.type(`${form} [name="name"]`, 'Failed Loader');
    await page.type(`${form} [name="email"]`, 'failed.loader@example.com');
    const [response] = await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click(`${form} button[type=submit]`)]);
    t.equal(response?.status(), 200, "the server's answer to the form");
    t.match(await page.$eval(`${form} .form-status`, (el) => el.textContent), /^Thank/, 'sent');
  });

  t.test(
    "the property page's units table: the server's, without its code; rendered by the browser after a client navigation",
    async (t) => {
      const { page, loads, problems } = await open(t, browser, url, `/for-sale/${id}`, PHONE, { saveData: true });
      t.ok(await page.$('.units-table tbody tr'), "the server's table is there");
      await page.$eval('.units-table', (el) => el.scrollIntoView({ block: 'center' }));
      await page.waitForNetworkIdle({ idleTime: 500 });
      t.same(await loads.scripts('unitsTable'), [], 'no table code, even with the table on screen');
      const row = await box(page, '.units-table tbody tr');
      await page.touchscreen.touchStart(row.x + row.width / 2, row.y - (await page.evaluate(() => window.scrollY)) + row.height / 2);
      await page.touchscreen.touchEnd();
      await page.click('.units-table tbody tr');
      await page.waitForNetworkIdle({ idleTime: 500 });
      t.same(await loads.scripts('unitsTable'), [], 'nor after a touch and a press on it');
      const links = await page.$$eval('a[href^="/for-sale/"]', (as) => as.map((a) => a.getAttribute('href')!));
      let other: string | undefined;
      for (const href of links.filter((h) => h !== `/for-sale/${id}`)) {
        const res = await fetch(`${url}/api/project/units?id=${href.split('/').pop()}`);
        if (res.ok && ((await res.json()) as { data: unknown[] }).data.length > 0) other = href;
        if (other) break;
      }
      if (!other) throw new Error('no link to another property with units');
      await page.$eval('.units-table', (el) => el.setAttribute('data-old', ''));
      await page.$eval(`a[href="${other}"]`, (a) => (a as HTMLAnchorElement).click());
      await page.waitForSelector('.units-table:not([data-old]) tbody tr');
      t.equal((await loads.scripts('unitsTable')).length, 1, 'after a client navigation its code loaded and drew the table');
      t.same(problems.all(), [], 'no console errors');
    },
  );

  t.test("the property page's structured data: the server's, kept by hydration, and none of its code in the browser", async (t) => {
    const { page, loads, problems } = await open(t, browser, url, `/for-sale/${id}`);
    t.same(await loads.scripts('structuredData'), [], 'no structured data code loaded');
    const blocks = await page.$$eval('script[type="application/ld+json"]', (els) => els.map((el) => el.textContent ?? ''));
    const listing = blocks
      .flatMap((text) => (JSON.parse(text) as { '@graph'?: Array<{ '@type'?: string }> })['@graph'] ?? [])
      .find((data) => data['@type'] === 'RealEstateListing');
    t.ok(listing, "the listing's JSON-LD is in the hydrated page, as the server wrote it");
    t.same(problems.all(), [], 'no console errors');
  });
});
