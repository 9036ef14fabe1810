// The search page in Chromium: searching by the filters (the URL follows and
// the cards are the API's answer for that search), switching between grid,
// list and map and between pages, the filters and view restored from
// localStorage after a reload (and corrupt storage ignored), the empty state
// widening a search, and the network message with a retry when the API is
// down, all without console errors. The map's own interactions are the map's
// tests (test/e2e/map.e2e.test.ts).
import t from 'tap';
import type { HTTPRequest, Page } from 'puppeteer-core';
import type { SearchAnswer } from '../../src/shared/catalogue.ts';
import { startServer } from '../helpers/app.ts';
import type { TapTest } from '../helpers/db.ts';
import { launchBrowser, newPage, textOf, waitForHydration } from '../helpers/browser.ts';

const NETWORK_ERROR = 'Sorry an error occured, check your internet';

t.test('the search page in the browser', async (t) => {
  const { url } = await startServer(t);
  const browser = await launchBrowser(t);

  /** The ids the API answers for a search, in order. */
  const apiIds = async (query: string) => {
    const res = await fetch(`${url}/api/properties?account_id=1&${query}`);
    return ((await res.json()) as SearchAnswer).data.map((p) => p.id);
  };

  /** A page whose visitor has already made a cookie choice, so the bar covers nothing. */
  async function visitor(t: TapTest, options: Parameters<typeof newPage>[2] = {}) {
    const opened = await newPage(t, browser, options);
    await opened.page.setCookie({ name: 'cookie_consent', value: `v=1&optional=0&functional=0&at=${Math.floor(Date.now() / 1000)}`, url });
    return opened;
  }

  async function open(page: Page, path: string) {
    await page.goto(url + path, { waitUntil: 'load' });
    await waitForHydration(page);
    await page.waitForSelector('.search-layout__filters.is-live');
  }

  const here = (page: Page) => page.evaluate(() => location.pathname + location.search);
  const waitForUrl = (page: Page, path: string) =>
    page.waitForFunction((want: string) => location.pathname + location.search === want, {}, path).then(() => path);
  const cardIds = (page: Page) =>
    page.$$eval('.search-cards [data-project]', (cards) => cards.map((c) => Number(c.getAttribute('data-project'))));
  const waitForCards = async (page: Page, ids: number[]) => {
    await page
      .waitForFunction(
        (want: string) =>
          JSON.stringify(
            [...document.querySelectorAll('.search-cards [data-project]')].map((c) => Number(c.getAttribute('data-project'))),
          ) === want && !document.querySelector('.search-layout__results.is-updating'),
        {},
        JSON.stringify(ids),
      )
      .catch(async () => {
        throw new Error(`at ${await here(page)} the cards are ${JSON.stringify(await cardIds(page))}, not ${JSON.stringify(ids)}`);
      });
  };
  // A DOM click, not one at coordinates: on a loaded machine the layout may
  // still move between measuring a link and the mouse reaching it.
  const click = async (page: Page, selector: string) => {
    await page.waitForFunction(() => !document.querySelector('.search-layout__results.is-updating'));
    await page.$eval(selector, (el) => {
      el.scrollIntoView({ block: 'center' });
      (el as HTMLElement).click();
    });
  };
  /** Clicks the link in `within` whose text is `text`. */
  const clickLink = async (page: Page, within: string, text: string) => {
    const links = await page.$$(`${within} a`);
    for (const link of links) {
      if ((await link.evaluate((a) => a.textContent)) !== text) continue;
      await link.evaluate((a) => a.scrollIntoView({ block: 'center' }));
      return link.click();
    }
    throw new Error(`no link '${text}' in ${within}`);
  };

  t.test('search by filters: the URL follows each choice and the cards are the API’s answer', async (t) => {
    const { page, problems } = await visitor(t);
    await open(page, '/search');
    t.same(await cardIds(page), await apiIds(''), 'every listed project, newest first');

    await page.select('#search-country', 'spain');
    await waitForUrl(page, '/search/spain');
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'New-build homes in Spain');
    t.equal(await page.evaluate(() => document.activeElement?.id), 'search-country', 'the select keeps the focus across the new page');

    await page.select('#search-region', 'spain/alicante');
    await waitForUrl(page, '/search/spain/alicante');
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'New-build homes in Alicante, Spain');
    t.same(await cardIds(page), await apiIds('country=spain&region=alicante'));
    t.match(await page.title(), /^New-build homes in Alicante, Spain: \d+ developments \| Spain New Homes$/);

    await click(page, '#search-form input[name="cat"][value="1"]');
    await waitForUrl(page, '/search/spain/alicante?cat=1');
    await page.select('#search-bedrooms', '2');
    await waitForUrl(page, '/search/spain/alicante?cat=1&bedrooms=2');
    await waitForCards(page, await apiIds('cat=1&country=spain&region=alicante&bedrooms=2'));

    await page.type('#search-priceto', '400000');
    await waitForUrl(page, '/search/spain/alicante?cat=1&bedrooms=2&priceto=400000');
    const expected = await apiIds('cat=1&country=spain&region=alicante&bedrooms=2&priceto=400000');
    await waitForCards(page, expected);
    t.ok(expected.length > 0, 'the search still finds something');
    t.equal(await page.$eval('#search-priceto', (i) => (i as HTMLInputElement).value), '400000');
    // A typed price is a step of its own in the history: Back returns to the rooms choice before it.
    await page.goBack();
    await waitForUrl(page, '/search/spain/alicante?cat=1&bedrooms=2');
    await page.goForward();
    await waitForUrl(page, '/search/spain/alicante?cat=1&bedrooms=2&priceto=400000');
    await waitForCards(page, expected);

    await page.select('#search-sort', 'price_desc');
    await waitForUrl(page, '/search/spain/alicante?cat=1&bedrooms=2&priceto=400000&sort=price_desc');
    await waitForCards(page, await apiIds('cat=1&country=spain&region=alicante&bedrooms=2&priceto=400000&sort=price_desc'));

    await page.goBack();
    await waitForUrl(page, '/search/spain/alicante?cat=1&bedrooms=2&priceto=400000');
    await waitForCards(page, expected);
    t.equal(await page.$eval('#search-sort', (s) => (s as HTMLSelectElement).value), 'newest', 'back restores the previous search');
    t.same(problems.all(), [], 'no console errors');
  });

  t.test('views and pages: grid, list and map, and the pagination links', async (t) => {
    const { page, problems } = await visitor(t);
    await open(page, '/search/spain');
    t.ok(await page.$('.search-cards--grid .project-card--grid'), 'grid by default');

    await click(page, '.view-switch [data-view="list"]');
    await waitForUrl(page, '/search/spain?view=list');
    await page.waitForSelector('.search-cards--list .project-card--list');
    t.equal(await page.$eval('.view-switch [data-view="list"]', (a) => a.getAttribute('aria-current')), 'true');

    await click(page, '.pagination a[rel="next"]');
    await waitForUrl(page, '/search/spain?view=list&page=2');
    await waitForCards(page, await apiIds('country=spain&page=2'));
    t.equal(await textOf(page, '.pagination [aria-current="page"]'), '2');
    await click(page, '.pagination a[rel="prev"]');
    await waitForUrl(page, '/search/spain?view=list');
    await waitForCards(page, await apiIds('country=spain'));

    await click(page, '.view-switch [data-view="map"]');
    await waitForUrl(page, '/search/spain?view=map');
    await page.waitForSelector('.search-map .search-map__map');
    await page.waitForSelector('.search-map .search-cards--strip .project-card--strip');
    t.same(await cardIds(page), await apiIds('country=spain'), 'the strip over the map holds the page’s results');

    const toggle = '.search-map__toggle';
    t.equal(await page.$eval(toggle, (b) => b.getAttribute('aria-expanded')), 'true');
    await click(page, toggle);
    t.equal(await page.$eval(toggle, (b) => b.getAttribute('aria-expanded')), 'false', 'the results panel collapses');
    t.equal(await page.$eval('#search-strip', (el) => (el as HTMLElement).hidden), true);
    await click(page, toggle);
    t.equal(await page.$eval(toggle, (b) => b.getAttribute('aria-expanded')), 'true', 'and expands');

    await click(page, '.search-map .pagination a[rel="next"]');
    await waitForUrl(page, '/search/spain?view=map&page=2');
    await waitForCards(page, await apiIds('country=spain&page=2'));
    t.same(problems.all(), [], 'no console errors');
  });

  t.test('the map view shows its results above the results panel, on a phone and on a desktop', async (t) => {
    for (const [width, height] of [
      [375, 740],
      [1280, 900],
    ] as const) {
      const { page, problems } = await visitor(t, { width, height });
      await open(page, '/search/spain?view=map');
      await page.waitForSelector('.search-map .map-cluster, .search-map .map-marker');
      await page.waitForNetworkIdle();
      const layout = await page.evaluate(async () => {
        await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
        const map = document.querySelector('.search-map')!.getBoundingClientRect();
        const panel = document.querySelector('.search-map__panel')!.getBoundingClientRect();
        const covered = [...document.querySelectorAll('.search-map .map-cluster, .search-map .map-marker')]
          .map((m) => m.getBoundingClientRect())
          .filter((b) => b.top + b.height / 2 > panel.top).length;
        return { mapShown: (panel.top - map.top) / map.height, covered };
      });
      t.ok(layout.mapShown >= 0.35, `${width} px: the panel leaves at least a third of the map in view (${layout.mapShown.toFixed(2)})`);
      t.equal(layout.covered, 0, `${width} px: no marker or cluster of the fitted results lies under the panel`);
      t.same(problems.all(), [], 'no console errors');
    }
  });

  t.test('the filters and the view are restored from localStorage after a reload, per section', async (t) => {
    const { page, problems } = await visitor(t);
    await open(page, '/search/spain/malaga?bedrooms=3&view=list');
    const saved = await page.evaluate(() => ({
      esGeo: localStorage.getItem('esGeo1'),
      bedrooms: localStorage.getItem('bedrooms1'),
      view: localStorage.getItem('view1'),
    }));
    t.same(
      saved,
      { esGeo: '{"country":"spain","region":"malaga"}', bedrooms: '3', view: '"list"' },
      'a URL with filters is kept (keys suffixed with the context)',
    );

    const entries = await page.evaluate(() => history.length);
    await open(page, '/search');
    t.equal(
      await waitForUrl(page, '/search/spain/malaga?bedrooms=3&view=list'),
      '/search/spain/malaga?bedrooms=3&view=list',
      'a URL without filters opens the last search',
    );
    await waitForCards(page, await apiIds('country=spain&region=malaga&bedrooms=3'));
    t.equal(await page.evaluate(() => history.length), entries + 1, 'restoring replaces the address instead of adding one');

    await open(page, '/old/search');
    t.equal(await here(page), '/old/search', '/old has a context of its own');
    await open(page, '/costa-casas/search');
    t.equal(await here(page), '/costa-casas/search', "so has a partner's site");

    // Clearing the filters is remembered too: the next visit starts empty.
    await open(page, '/search/spain/malaga?bedrooms=3');
    await click(page, '.search-form__clear');
    await waitForUrl(page, '/search?view=list');
    // The view is restored in the same step that would restore filters: the
    // address it ends at is the proof that no filter came back.
    await open(page, '/search');
    await waitForUrl(page, '/search?view=list');
    await waitForCards(page, await apiIds(''));
    t.equal(await here(page), '/search?view=list', 'nothing to restore but the view');

    // Corrupt or foreign values are ignored, never trusted.
    await page.evaluate(() => {
      localStorage.setItem('esGeo1', '{"country":"<img src=x>","region":"malaga"}');
      localStorage.setItem('cat1', '{not json');
      localStorage.setItem('bedrooms1', '"99"');
      localStorage.setItem('priceto1', '123456');
      localStorage.setItem('view1', '"table"');
    });
    await open(page, '/search');
    await waitForUrl(page, '/search?priceto=123456');
    await waitForCards(page, await apiIds('priceto=123456'));
    t.same(problems.all(), [], 'no console errors');
  });

  t.test('no results: the empty state widens the search', async (t) => {
    const { page, problems } = await visitor(t);
    await open(page, '/search/spain/alicante/torrevieja?bedrooms=10&bathrooms=10');
    t.equal(await textOf(page, '.search-empty h2'), 'No homes match this search');
    t.equal(await textOf(page, '.search-head__count'), 'No developments');
    const ways = await page.$$eval('.search-empty__ways a', (links) => links.map((a) => a.textContent));
    t.same(ways, ['Anywhere in Alicante', 'Any number of bedrooms', 'Any number of bathrooms', 'Clear all filters']);

    await clickLink(page, '.search-empty__ways', 'Any number of bedrooms');
    await waitForUrl(page, '/search/spain/alicante/torrevieja?bathrooms=10');
    await clickLink(page, '.search-empty__ways', 'Any number of bathrooms');
    await waitForUrl(page, '/search/spain/alicante/torrevieja');
    await waitForCards(page, await apiIds('country=spain&region=alicante&town=torrevieja'));
    t.notOk(await page.$('.search-empty'), 'the results are back');

    await open(page, '/search/spain?page=999');
    t.equal(await textOf(page, '.search-empty p'), 'This page is past the last result.');
    await click(page, '.search-empty a');
    await waitForUrl(page, '/search/spain');
    await waitForCards(page, await apiIds('country=spain'));
    t.same(problems.all(), [], 'no console errors');
  });

  t.test('when the API cannot be reached: the network message and a retry that works', async (t) => {
    const isSearch = (r: HTTPRequest) => new URL(r.url()).pathname === '/api/properties';
    const { page, problems } = await visitor(t, { allowFailure: (u) => new URL(u).pathname === '/api/properties' });
    await page.setRequestInterception(true);
    let down = false;
    page.on('request', (request) => {
      if (down && isSearch(request)) void request.abort('internetdisconnected');
      else void request.continue();
    });
    await open(page, '/search/spain');
    const before = await cardIds(page);

    down = true;
    await page.select('#search-bathrooms', '2');
    await waitForUrl(page, '/search/spain?bathrooms=2');
    await page.waitForSelector('.search-error');
    t.equal(await textOf(page, '.search-error p'), NETWORK_ERROR);
    t.same(await cardIds(page), before, 'the last results stay on screen');

    down = false;
    await click(page, '.search-error button');
    await waitForCards(page, await apiIds('country=spain&bathrooms=2'));
    await page.waitForFunction(() => !document.querySelector('.search-error'));
    t.same(problems.all(), [], 'no console errors');
  });

  t.test('on a phone the filters fold behind a button, and stay open across a change of place', async (t) => {
    const { page, problems } = await visitor(t, { width: 390, height: 844 });
    await open(page, '/search?bedrooms=2');
    const formShown = () => page.$eval('#search-form', (f) => getComputedStyle(f).display !== 'none');
    t.equal(await formShown(), false, 'the results come first');
    t.equal(await textOf(page, '.search-filters-toggle'), 'Filters (1)');
    await click(page, '.search-filters-toggle');
    t.equal(await formShown(), true);
    t.equal(await page.$eval('.search-filters-toggle', (b) => b.getAttribute('aria-expanded')), 'true');
    await page.select('#search-country', 'spain');
    await waitForUrl(page, '/search/spain?bedrooms=2');
    await page.waitForFunction(() => document.querySelector('.search-filters-toggle')?.textContent === 'Filters (2)');
    t.equal(await formShown(), true, 'still open on the new page');
    t.same(problems.all(), [], 'no console errors');
  });

  t.test('without JavaScript: the form is sent, the server moves it to the readable URL', async (t) => {
    const { page, problems } = await visitor(t, { javaScript: false });
    await page.goto(`${url}/search`, { waitUntil: 'load' });
    await page.select('#search-region', 'spain/murcia');
    await page.click('#search-form input[name="cat"][value="2"]');
    await Promise.all([page.waitForNavigation(), page.click('.search-form__submit')]);
    t.equal(await here(page), '/search/spain/murcia?cat=2', 'the region alone names its country too');
    t.same(await cardIds(page), await apiIds('cat=2&country=spain&region=murcia'));
    t.same(problems.all(), [], 'no console errors');
  });
});
