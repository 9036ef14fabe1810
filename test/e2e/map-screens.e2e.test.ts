// The maps on every screen and before consent, in Chromium, on a fixture catalogue with tiles
// from a local server on another port (a third party, as OpenStreetMap is):
// - at 360×640, 390×844, 800×600, 1280×800 and 2560×1440 the results map
//   shows every result (the clusters' counts and the markers add up) inside
//   the map's box, clear of the results panel and the consent notice; the
//   page numbers lie inside the panel at 390 px;
// - before consent the first-party basemap (land, province lines) is drawn
//   and not one request leaves the site's origin, on the results map and on a
//   property's map; after consent the tiles come; with the tile server down,
//   the failed tiles are hidden and the basemap stays; the same on a partner's
//   path site and its own domain.
// Keyboard use of the map: map-keyboard.e2e.test.ts.
import t from 'tap';
import { testApp, tempDir } from '../helpers/app.ts';
import { launchBrowser, newPage, waitForHydration } from '../helpers/browser.ts';
import { buildCatalogue } from '../helpers/catalogue.ts';
import { answerCookieBar, catalogueServer, openMapView, pictures, settled } from '../helpers/map-page.ts';
import { tileServer } from '../helpers/tiles.ts';
import { openStore } from '../../src/server/store/db.ts';
import { t as msg } from '../../src/shared/i18n.ts';
import type { MarkersAnswer } from '../../src/shared/catalogue.ts';

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const SIZES: Array<[number, number]> = [
  [360, 640],
  [390, 844],
  [800, 600],
  [1280, 800],
  [2560, 1440],
];

t.test('the results map shows every result inside the map and clear of the panel, at every window size', async (t) => {
  const tiles = await tileServer(t);
  const { url } = await catalogueServer(t, tiles.template);
  const browser = await launchBrowser(t);

  for (const [width, height] of SIZES) {
    await t.test(`${width}×${height}`, async (t) => {
      const { page, problems } = await newPage(t, browser, { width, height, allowFailure: pictures });
      const markers = page.waitForResponse((r) => r.url().includes('/api/map-markers?'));
      await openMapView(page, url);
      const total = ((await (await markers).json()) as MarkersAnswer).meta.total;

      const seen = await page.evaluate(() => {
        const box = (el: Element | null): Box | null => {
          if (!el) return null;
          const r = el.getBoundingClientRect();
          return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
        };
        return {
          map: box(document.querySelector('.results-map'))!,
          panel: box(document.querySelector('.search-map__panel'))!,
          notice: box(document.querySelector('.results-map .map-notice--consent')),
          // What a person sees of each: the pill, the disc.
          items: [...document.querySelectorAll('.results-map .map-marker__label, .results-map .map-cluster__count')].map((el) => ({
            box: box(el)!,
            count: el.classList.contains('map-cluster__count') ? Number(el.textContent) : 1,
            name: el.parentElement!.getAttribute('aria-label'),
          })),
        };
      });
      const inside = (a: Box, b: Box) => a.left >= b.left && a.right <= b.right && a.top >= b.top && a.bottom <= b.bottom;
      const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

      t.ok(seen.map.bottom - seen.map.top <= height, `the map fits in the window (${Math.round(seen.map.bottom - seen.map.top)} px high)`);
      t.equal(
        seen.items.reduce((sum, item) => sum + item.count, 0),
        total,
        `the clusters and markers shown hold every result (${total}, in ${seen.items.length} icons)`,
      );
      // 'Necessary only' was answered: the notice that tiles need functional cookies shows, and covers no marker.
      const notice = seen.notice;
      t.ok(notice, 'the consent notice shows');
      for (const item of seen.items) {
        t.ok(inside(item.box, seen.map), `${item.name}: inside the map`);
        t.notOk(overlaps(item.box, seen.panel), `${item.name}: not under the results panel`);
        t.notOk(notice && overlaps(item.box, notice), `${item.name}: not under the consent notice`);
      }

      if (width === 390) {
        const pages = await page.$$eval('.search-map__panel .pagination a, .search-map__panel .pagination [aria-current]', (els) =>
          els.map((el) => {
            const r = el.getBoundingClientRect();
            return { text: el.textContent?.trim(), box: { left: r.left, top: r.top, right: r.right, bottom: r.bottom } };
          }),
        );
        t.ok(pages.length >= 3, `page numbers: ${pages.map((p) => p.text).join(' ')}`);
        // The panel as it shows: its box, cut by its own scrolling if it scrolls.
        const panel = await page.$eval('.search-map__panel', (el) => {
          const r = el.getBoundingClientRect();
          return { left: r.left, top: r.top, right: r.left + el.clientWidth, bottom: r.top + el.clientHeight + 1 };
        });
        for (const p of pages) t.ok(inside(p.box, panel), `page link '${p.text}' inside the panel`);
        t.ok(
          pages.every((p) => p.box.left >= 0 && p.box.right <= width),
          'and inside the window',
        );
      }
      t.same(problems.all(), [], 'no console error, failed request or CSP violation');
    });
  }
});

t.test('before consent: the first-party basemap and no request to another origin; after consent the tiles', async (t) => {
  const tiles = await tileServer(t);
  const { url, fixture } = await catalogueServer(t, tiles.template);
  const origin = new URL(url).origin;
  const browser = await launchBrowser(t);
  const { page, problems } = await newPage(t, browser, { width: 1280, height: 800, allowFailure: pictures });
  const requests: string[] = [];
  page.on('request', (request) => void requests.push(request.url()));

  await page.goto(`${url}/search?view=map`);
  await waitForHydration(page);
  await page.waitForSelector('.results-map .leaflet-basemap-pane path');
  await page.waitForSelector('.results-map .map-cluster');
  await settled(page);
  const basemap = await page.$$eval('.results-map .leaflet-basemap-pane path', (paths) =>
    paths.map((p) => ({
      length: (p.getAttribute('d') ?? '').length,
      fill: getComputedStyle(p).fill,
      fillOpacity: getComputedStyle(p).fillOpacity,
    })),
  );
  t.ok(
    basemap.length >= 4 && basemap.every((p) => p.length > 100),
    `the basemap's land and lines are drawn (${basemap.map((p) => p.length).join(', ')} characters of path)`,
  );
  t.ok(
    basemap.some((p) => p.fill !== 'none' && p.fillOpacity === '1'),
    'land is filled',
  );
  const svg = await page.$eval('.results-map .leaflet-basemap-pane svg', (el) => {
    const r = el.getBoundingClientRect();
    const map = el.closest('.leaflet-container')!.getBoundingClientRect();
    return {
      covers: r.left <= map.left && r.right >= map.right && r.top <= map.top && r.bottom >= map.bottom,
      background: getComputedStyle(el.closest('.leaflet-container')!).backgroundColor,
    };
  });
  t.ok(svg.covers, 'the basemap covers the whole map');
  t.equal(svg.background, 'rgb(213, 228, 238)', 'on the colour of the sea');
  t.equal(await page.$('.leaflet-tile'), null, 'no tile');

  // The property page's map too.
  const project = fixture.projects.find((p) => !p.withdrawn && p.units_available > 0)!;
  await page.goto(`${url}/for-sale/${project.id}`);
  await waitForHydration(page);
  await page.$eval('.place-map', (el) => el.scrollIntoView({ block: 'center' })); // Leaflet loads as the map comes near
  await page.waitForSelector('.place-map .leaflet-basemap-pane path');
  await page.waitForSelector('.place-map .map-pin');

  const elsewhere = requests.filter((r) => new URL(r).origin !== origin);
  t.same(elsewhere, [], `every request before consent went to the site (${requests.length} requests)`);
  t.same(tiles.served, [], 'the tile server was never asked');
  const geojson = requests.filter((r) => r.endsWith('.geojson'));
  t.equal(new Set(geojson).size, 1, `one basemap address (${geojson[0]})`);
  const head = await page.evaluate(async (u: string) => {
    const res = await fetch(u);
    return {
      type: res.headers.get('content-type'),
      cache: res.headers.get('cache-control'),
      encoding: res.headers.get('content-encoding'),
    };
  }, geojson[0]!);
  t.match(
    head,
    { type: /^application\/geo\+json/, cache: /max-age=31536000/, encoding: /^(br|gzip|zstd)$/ },
    'served as GeoJSON, compressed, cached a year',
  );

  // Consent: the tiles come over the basemap.
  await answerCookieBar(page, msg('consent.acceptAll'));
  await page.waitForSelector('.place-map .leaflet-tile-loaded');
  t.ok(tiles.served.length > 0, `tiles requested after consent (${tiles.served.length})`);
  t.same(problems.all(), [], 'no console error, failed request or CSP violation');
});

t.test('with the tile server down, the basemap shows where the tiles failed', async (t) => {
  const tiles = await tileServer(t, { failing: true });
  const { url, fixture } = await catalogueServer(t, tiles.template);
  const tileHost = new URL(tiles.template.replace(/\{[a-z]\}/g, '0')).origin;
  const browser = await launchBrowser(t);
  const { page } = await newPage(t, browser, { allowFailure: (u) => pictures(u) || u.startsWith(tileHost) });
  const project = fixture.projects.find((p) => !p.withdrawn && p.units_available > 0)!;
  await page.goto(`${url}/for-sale/${project.id}`);
  await waitForHydration(page);
  await answerCookieBar(page, msg('consent.acceptAll'));
  await page.$eval('.place-map', (el) => el.scrollIntoView({ block: 'center' })); // Leaflet loads as the map comes near
  await page.waitForSelector('.place-map .leaflet-tile.is-failed');
  await page.waitForFunction(
    () =>
      document.querySelectorAll('.place-map .leaflet-tile').length > 0 &&
      [...document.querySelectorAll('.place-map .leaflet-tile')].every((tile) => tile.classList.contains('is-failed')),
  );
  t.ok(tiles.served.length > 0, `the tiles were asked for (${tiles.served.length}) and failed`);
  // The basemap's file may arrive after the tiles have failed.
  await page.waitForSelector('.place-map .leaflet-basemap-pane path');
  const seen = await page.evaluate(() => ({
    tilesVisible: [...document.querySelectorAll('.place-map .leaflet-tile')].filter(
      (tile) => getComputedStyle(tile).visibility !== 'hidden',
    ).length,
    // At street level Leaflet clips the basemap to the view: land is a short path, lines elsewhere 'M0 0'.
    land: [...document.querySelectorAll('.place-map .leaflet-basemap-pane path')].some(
      (p) => getComputedStyle(p).fill !== 'none' && /^M[\d.-]+ [\d.-]+L/.test(p.getAttribute('d') ?? ''),
    ),
    notice: !!document.querySelector('.place-map .map-notice--consent'),
  }));
  t.same(
    seen,
    { tilesVisible: 0, land: true, notice: false },
    'no failed tile is shown; the basemap’s land is, without the consent notice',
  );
});

t.test(
  "on a partner's path site and its own domain: markers in view, the basemap, and no request to another origin before consent",
  async (t) => {
    const tiles = await tileServer(t);
    const store = await openStore({ dataDir: tempDir(t) });
    t.teardown(() => store.close());
    await buildCatalogue(store.db, { projects: 60, seed: 5 });
    const now = new Date().toISOString();
    await store.db
      .insertInto('partners')
      .values({
        slug: 'costa-casas',
        domain: 'costa-casas.localhost',
        name: 'Costa Casas',
        logo: null,
        email: 'info@costa-casas.example',
        phone: null,
        address: null,
        city: null,
        color_primary: '#0b5d7a',
        color_secondary: '#f2b134',
        color_heading: '#0b3d4f',
        created_at: now,
        updated_at: now,
      })
      .execute();
    const app = await testApp(t, { store, env: { SEED_DEMO: 'false', MAP_TILE_URL: tiles.template, MAP_ATTRIBUTION: 'Test tiles' } });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const port = (app.server.address() as { port: number }).port;
    const browser = await launchBrowser(t);
    // Chromium resolves every *.localhost name to the loopback address.
    for (const base of [`http://127.0.0.1:${port}/costa-casas`, `http://costa-casas.localhost:${port}`]) {
      for (const [width, height] of [
        [390, 844],
        [1280, 800],
      ] as const) {
        await t.test(`${base}, ${width}×${height}`, async (t) => {
          const { page } = await newPage(t, browser, { width, height, allowFailure: pictures });
          const origin = new URL(base).origin;
          const requests: string[] = [];
          page.on('request', (request) => void requests.push(request.url()));
          await openMapView(page, base);
          t.match(await page.$eval('[data-layout]', (el) => el.getAttribute('data-layout')), 'partner', "in the partner's layout");
          t.ok((await page.$$('.results-map .leaflet-basemap-pane path')).length >= 4, 'the basemap is drawn');
          const { map, icons } = await page.evaluate(() => {
            const box = (el: Element) => {
              const r = el.getBoundingClientRect();
              return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
            };
            return {
              map: box(document.querySelector('.results-map .leaflet-container')!),
              icons: [...document.querySelectorAll('.results-map .map-cluster, .results-map .map-marker')].map(box),
            };
          });
          t.ok(icons.length > 0, `${icons.length} markers and clusters`);
          t.ok(
            icons.every((i) => i.left >= map.left - 1 && i.right <= map.right + 1 && i.top >= map.top - 1 && i.bottom <= map.bottom + 1),
            'every one inside the map',
          );
          const elsewhere = requests.filter((r) => new URL(r).origin !== origin);
          t.same(elsewhere, [], 'no request to another origin before consent');
        });
      }
    }
  },
);
