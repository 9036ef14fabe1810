// Code that loads when it is needed, not before, in Chromium at a phone's size:
// the property page loads no Leaflet until its map comes near the screen (nor
// the map's own code: its wrapper, basemap and pin), and once it does, one of
// each, with nothing moved; no Glide until the gallery's next picture is asked
// for (a press or an arrow key), after which the gallery turns; an empty
// search's message only for a search that found nothing; the search's list
// view loads no Leaflet, its map view does; the home's hero slider loads Glide
// when the visitor reaches for it; the cookie settings dialog's code when the
// visitor first opens it, and then it saves; the property page's structured
// data never (the server's JSON-LD stays after hydration).
import t from 'tap';
import { startServer } from '../helpers/app.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { LOCAL_TILES, PHONE, propertyWithPictures, VIEWER, COUNTER, open, box } from '../helpers/on-demand.ts';
import { CONSENT_COOKIE, parseConsent } from '../../src/shared/consent.ts';
import type { SearchAnswer } from '../../src/shared/catalogue.ts';

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

    // In the middle of the window, as a person looks at it: the phone's contact bar keeps the window's foot.
    await page.$eval(VIEWER, (el) => el.scrollIntoView({ block: 'center' }));
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

  t.test("the gallery's full screen: its code when first asked for, then it opens", async (t) => {
    const { page, loads, problems } = await open(t, browser, url, `/for-sale/${id}`);
    await page.$eval(VIEWER, (el) => el.scrollIntoView({ block: 'center' }));
    t.same(await loads.scripts('galleryDialog'), [], 'none of its code with the page');
    await page.click(`${VIEWER} .gallery__full-screen`);
    await page.waitForSelector('dialog.gallery-dialog[open]', { visible: true });
    t.equal((await loads.scripts('galleryDialog')).length, 1, 'loaded once asked for');
    t.equal(await page.evaluate(() => document.activeElement?.className), 'gallery-dialog__close', 'the focus in the dialog');
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

  t.test(
    "the search addresses' grammar: none on the property page, loaded with a search's code when the visitor goes to one",
    async (t) => {
      // Saving data: no idle prefetch of the pages its links lead to (a search page's code among them).
      const { page, loads, problems } = await open(t, browser, url, `/for-sale/${id}`, PHONE, { saveData: true });
      t.same(await loads.scripts('searchGrammar'), [], 'the property page loads none of it');
      // The breadcrumb's region: a client navigation to a search page, whose reads need the grammar first.
      const region = await page.$eval('.breadcrumbs li:nth-child(3) a', (a) => (a as HTMLAnchorElement).pathname);
      await page.click('.breadcrumbs li:nth-child(3) a');
      await page.waitForFunction((path: string) => location.pathname === path && document.querySelector('.search-head__count'), {}, region);
      t.equal((await loads.scripts('searchGrammar')).length, 1, 'loaded with the search page');
      const total = (await (
        await fetch(
          `${url}/api/properties?account_id=1&${new URLSearchParams({ country: region.split('/')[2]!, region: region.split('/')[3]! })}`,
        )
      ).json()) as SearchAnswer;
      t.equal(
        await page.$eval('.search-head__count', (el) => Number(/\d+/.exec(el.textContent ?? '')?.[0])),
        total.meta.total,
        "the search's results, read once the page knew which",
      );
      t.same(problems.all(), [], 'no console errors');
    },
  );
});
