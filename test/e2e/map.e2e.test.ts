// The maps in Chromium (issue 4, "The map" and "search by map"), on the
// search page's map view and a property page, served with a fixture catalogue.
// Tiles come from a local
// tile server on another port: another origin, so they are a third-party
// request that waits for functional cookies. Checked: markers and clusters
// on a plain background before consent and not one tile request, a cluster's
// click zooms in, a marker's popup shows its card and selects it, "Search this
// area" hands back the view's bbox and the map reloads its markers for it,
// full screen on and off (the button and Escape), the tiles and their
// attribution once functional cookies are accepted; no request to any host
// but 127.0.0.1 and no console error or CSP violation.
import t from 'tap';
import type { Page } from 'puppeteer-core';
import { testApp, tempDir } from '../helpers/app.ts';
import { launchBrowser, newPage, waitForHydration, within } from '../helpers/browser.ts';
import { buildCatalogue, type Fixture } from '../helpers/catalogue.ts';
import { tileServer } from '../helpers/tiles.ts';
import type { TapTest } from '../helpers/db.ts';
import { openStore } from '../../src/server/store/db.ts';
import { t as msg } from '../../src/shared/i18n.ts';

/** The app on a store holding a fixture catalogue, tiles from `tileTemplate`. */
async function catalogueServer(tt: TapTest, tileTemplate: string): Promise<{ url: string; fixture: Fixture }> {
  const store = await openStore({ dataDir: tempDir(tt) });
  tt.teardown(() => store.close());
  const fixture = await buildCatalogue(store.db, { projects: 150, seed: 11 });
  const app = await testApp(tt, {
    store,
    env: { SEED_DEMO: 'false', MAP_TILE_URL: tileTemplate, MAP_ATTRIBUTION: 'Test tiles &copy; nobody' },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}`, fixture };
}

/** The clusters on the map, as their counts. */
const clusters = (page: Page) => page.$$eval('.map-cluster', (els) => els.map((el) => Number(el.textContent)));
const markerCount = (page: Page) => page.$$eval('.map-marker', (els) => els.length);

/** Waits until Leaflet has finished moving (no zoom animation running) and the markers are redrawn. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('.leaflet-zoom-anim'));
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  // The markers of the view it ended on, asked for once it was still (issue 12), drawn.
  await page.waitForFunction(() => !document.querySelector('.results-map[aria-busy]'));
}

t.test('the results map: clusters, zoom, popup, search this area, full screen, tiles after consent', async (t) => {
  const tiles = await tileServer(t);
  const { url } = await catalogueServer(t, tiles.template);
  const browser = await launchBrowser(t);
  // The fixture's pictures are addresses only: the popup's card asks for one.
  const { page, problems } = await newPage(t, browser, { width: 1280, height: 900, allowFailure: (u) => u.includes('/assets/fixture/') });
  const requests: string[] = [];
  page.on('request', (request) => void requests.push(request.url()));

  await page.goto(`${url}/search?view=map`);
  await waitForHydration(page);
  // The page's panel of result cards lies over the map's lower part: folded away.
  await page.click('.search-map__toggle');
  await page.waitForSelector('.map-cluster');
  await settled(page);

  // Before consent: markers on a plain background, the notice, no tile.
  const before = await clusters(page);
  t.ok(before.length > 0, `clusters shown (${before.join(', ')})`);
  const shown = before.reduce((s, n) => s + n, 0) + (await markerCount(page));
  t.ok(shown > 100, `the fixture's markers are all there (${shown})`);
  t.equal(
    await page.$eval('.results-map .map-notice--consent', (el) => el.textContent?.replace(/\s+/g, ' ').trim()),
    `${msg('consent.blocked')} ${msg('consent.here')}`,
    'the consent notice',
  );
  t.ok(await page.$('.results-map.is-plain'), 'a plain background');
  t.equal(await page.$('.leaflet-tile'), null, 'no tile element');
  t.same(tiles.served, [], 'no tile requested before consent');
  t.equal(await page.$('.map-button--primary'), null, 'no "Search this area" before the visitor moves the map');
  const clusterLabel = await page.$eval('.map-cluster', (el) => el.getAttribute('aria-label'));
  t.match(clusterLabel, /^\d+ properties: zoom in$/, 'a cluster is labelled');
  t.equal(await page.$eval('.map-cluster', (el) => el.getAttribute('tabindex')), '0', 'a cluster is focusable');

  // A cluster's click zooms in: the largest cluster splits.
  const largest = Math.max(...before);
  await page.evaluate((n: number) => {
    const el = [...document.querySelectorAll<HTMLElement>('.map-cluster')].find((c) => Number(c.textContent) === n)!;
    el.click();
  }, largest);
  await page.waitForFunction(
    (n: number) => ![...document.querySelectorAll('.map-cluster')].some((c) => Number(c.textContent) === n),
    {},
    largest,
  );
  await settled(page);
  t.notOk((await clusters(page)).includes(largest), `the cluster of ${largest} split after its click`);
  t.ok(await page.$('.map-button--primary'), '"Search this area" after the visitor zoomed');

  // Zoom on into clusters until single markers show.
  for (let i = 0; i < 8 && (await markerCount(page)) === 0; i++) {
    await page.click('.map-cluster .map-cluster__count');
    await settled(page);
  }
  t.ok((await markerCount(page)) > 0, 'single markers at a closer zoom');
  const marker = await page.$eval('.map-marker', (el) => ({
    label: el.getAttribute('aria-label'),
    role: el.getAttribute('role'),
    tabindex: el.getAttribute('tabindex'),
    text: el.textContent,
  }));
  t.match(marker, { role: 'button', tabindex: '0' }, 'a marker is a focusable button');
  t.match(marker.label, /^.+, € [\d.]+k$/, `a marker is labelled with its name and the price it shows (${marker.label})`);
  t.match(marker.text, /^€ [\d.]+k$/, 'its pill shows the short price');

  // Its popup: the project's card; the page is told.
  await page.focus('.map-marker');
  await page.keyboard.press('Enter');
  await page.waitForSelector('.leaflet-popup .project-card--popup');
  const card = await page.$eval('.leaflet-popup .project-card--popup', (el) => ({
    id: Number(el.getAttribute('data-project')),
    title: el.querySelector('.project-card__title')?.textContent?.trim(),
  }));
  t.ok(marker.label!.startsWith(`${card.title}, `), `the popup shows the marker's project (${card.title})`);
  // onSelect → the page's selectedId → the marker's look.
  await page.waitForSelector('.map-marker.is-selected');
  t.equal(await page.$eval('.map-marker.is-selected', (el) => el.getAttribute('aria-label')), marker.label, 'the page selected it');
  t.match(
    await page.$eval('.leaflet-popup .project-card__title a', (a) => a.getAttribute('href')),
    new RegExp(`/for-sale/${card.id}$`),
    'the card links to the property',
  );

  // Search this area: the view's bbox, then markers of that area only.
  const areaMarkers = page.waitForResponse((r) => r.url().includes('/api/map-markers?') && r.url().includes('bbox='));
  // The page brought the selected card into view (smooth scrolling): the map back
  // first, clear of the sticky header.
  await page.evaluate(() => document.querySelector('.results-map')!.scrollIntoView({ block: 'center', behavior: 'instant' }));
  await settled(page);
  await page.click('.map-button--primary');
  await page.waitForFunction(() => new URLSearchParams(window.location.search).has('bbox'));
  const area = new URL(page.url()).searchParams.get('bbox');
  t.match(area, /^-?\d+(\.\d+)?(,-?\d+(\.\d+)?){3}$/, `a bbox came back (${area})`);
  const [w, s, e, n] = area!.split(',').map(Number);
  t.ok(w! < e! && s! < n! && e! - w! < 10, 'west < east, south < north, a zoomed-in view (narrower than Spain)');
  const answer = await within(areaMarkers, 'the markers of the area');
  t.equal(new URL(answer.url()).searchParams.get('bbox'), area, 'the map asked for the markers of that area');
  const inArea = ((await answer.json()) as { data: Array<{ lat: number; lng: number }> }).data;
  t.ok(
    inArea.length > 0 && inArea.every((m) => m.lng >= w! && m.lng <= e! && m.lat >= s! && m.lat <= n!),
    `only markers inside it (${inArea.length})`,
  );
  await page.waitForFunction(() => !document.querySelector('.map-button--primary'));
  t.pass('the button goes once used');

  // Full screen: the button, then Escape.
  const toggle = '.map-button--fullscreen';
  t.equal(await page.$eval(toggle, (b) => b.getAttribute('aria-pressed')), 'false', 'not pressed');
  t.equal(await page.$eval(toggle, (b) => b.textContent), msg('map.fullscreen'), 'labelled');
  await page.click(toggle);
  await page.waitForSelector('.search-map.is-fullscreen');
  t.equal(await page.$eval(toggle, (b) => b.getAttribute('aria-pressed')), 'true', 'pressed');
  const box = await page.$eval('.results-map', (el) => el.getBoundingClientRect().toJSON() as DOMRect);
  t.same([box.width, box.height], [1280, 900], 'the map covers the window');
  await page.keyboard.press('Escape');
  await page.waitForSelector('.search-map:not(.is-fullscreen)');
  t.equal(await page.$eval(toggle, (b) => b.getAttribute('aria-pressed')), 'false', 'Escape leaves full screen');
  await page.click(toggle);
  await page.waitForSelector('.search-map.is-fullscreen');
  await page.click(toggle);
  await page.waitForSelector('.search-map:not(.is-fullscreen)');
  t.equal(await page.$eval(toggle, (b) => b.getAttribute('aria-pressed')), 'false', 'the button turns it off too');
  await settled(page);
  t.equal(await page.$('.map-button--primary'), null, 'resizing is not moving: no "Search this area"');

  t.same(tiles.served, [], 'still no tile before consent');

  // Consent: the tiles and their attribution come, the notice goes.
  await page.evaluate(
    (label: string) =>
      [...document.querySelectorAll<HTMLButtonElement>('.cookie-bar button')].find((b) => b.textContent?.trim() === label)!.click(),
    msg('consent.acceptAll'),
  );
  await page.waitForSelector('.leaflet-tile-loaded');
  t.ok(tiles.served.length > 0, `tiles requested after consent (${tiles.served.length})`);
  t.equal(await page.$('.results-map .map-notice--consent'), null, 'the notice is gone');
  t.match(await page.$eval('.leaflet-control-attribution', (el) => el.textContent), /Test tiles © nobody/, 'the attribution is visible');

  const hosts = new Set(requests.map((r) => new URL(r).hostname));
  t.same([...hosts], ['127.0.0.1'], 'no request to another host');
  t.same(problems.all(), [], 'no console error, failed request or CSP violation');
});

t.test('the place map: one labelled marker, the consent notice, tiles after consent', async (t) => {
  const tiles = await tileServer(t);
  const { url, fixture } = await catalogueServer(t, tiles.template);
  const project = fixture.projects.find((p) => !p.withdrawn && p.units_available > 0)!;
  const browser = await launchBrowser(t);
  const { page, problems } = await newPage(t, browser, { allowFailure: (u) => u.includes('/assets/fixture/') });
  await page.goto(`${url}/for-sale/${project.id}`);
  await waitForHydration(page);
  await page.$eval('.place-map', (el) => el.scrollIntoView({ block: 'center' })); // Leaflet loads as the map comes near
  await page.waitForSelector('.place-map .map-pin');
  t.equal(await page.$eval('.map-pin', (el) => el.getAttribute('aria-label')), project.name, 'the marker is labelled');
  t.equal(await page.$eval('.place-map', (el) => el.getAttribute('aria-label')), `Map: ${project.name}`, 'the map is a labelled region');
  t.ok(await page.$('.place-map .map-notice--consent'), 'the consent notice');
  await page.click('.map-pin');
  await page.waitForSelector('.leaflet-popup');
  t.equal(await page.$eval('.leaflet-popup .map-popup__label', (el) => el.textContent), project.name, 'its popup says the label');
  t.same(tiles.served, [], 'no tile before consent');

  // 'here' opens the settings; functional cookies on, saved: the tiles come.
  await page.click('.place-map .map-notice--consent button');
  await page.waitForSelector('dialog.cookie-modal[open]');
  await page.evaluate((label: string) => {
    const name = [...document.querySelectorAll<HTMLLabelElement>('dialog.cookie-modal label')].find(
      (l) => l.textContent?.trim() === label,
    )!;
    document.getElementById(name.htmlFor)!.click();
  }, msg('consent.functional'));
  await page.evaluate(
    (label: string) =>
      [...document.querySelectorAll<HTMLButtonElement>('dialog.cookie-modal button')].find((b) => b.textContent?.trim() === label)!.click(),
    msg('consent.save'),
  );
  await page.waitForSelector('.leaflet-tile-loaded');
  t.ok(tiles.served.every((u) => /^\/14\/\d+\/\d+\.png$/.test(u)) && tiles.served.length > 0, 'tiles of zoom 14 around the place');
  t.same(problems.all(), []);
});
