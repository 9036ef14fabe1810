// The map view on a phone and a short window (issue 22): chosen from the
// results, the map is as tall as the window and brought to its top, so that it
// fills the screen instead of starting below the fold; on a laptop it stays
// where it is, 70 % of the window's height.
import t from 'tap';
import { startServer } from '../helpers/app.ts';
import { launchBrowser, newPage, waitForHydration } from '../helpers/browser.ts';
import { CONSENT_COOKIE, NO_CONSENT, makeConsent, serialiseConsent } from '../../src/shared/consent.ts';

const SCREENS = [
  { name: 'phone', width: 390, height: 844, fills: true },
  { name: 'short window', width: 800, height: 600, fills: true },
  { name: 'laptop', width: 1366, height: 900, fills: false },
];

t.test('the map view fills a small window', async (t) => {
  const { url } = await startServer(t, { env: { MAP_TILE_URL: '/media/demo/garden-1.svg?tile={z}-{x}-{y}' } });
  const browser = await launchBrowser(t);
  for (const screen of SCREENS)
    await t.test(screen.name, async (t) => {
      const { page, problems } = await newPage(t, browser, screen);
      await page.setCookie({ name: CONSENT_COOKIE, value: serialiseConsent(makeConsent(NO_CONSENT)), url });
      await page.goto(`${url}/search/spain/alicante`, { waitUntil: 'load' });
      await waitForHydration(page);
      await page.click('a[href$="view=map"]');
      await page.waitForSelector('.search-map__map .leaflet-container');
      // The scroll is animated unless the visitor asks for less motion: wait for it to end.
      await page.waitForFunction(
        (fills) => {
          const box = document.querySelector('.search-map__map')!.getBoundingClientRect();
          return fills ? Math.abs(box.top) <= 2 : box.top > 0;
        },
        {},
        screen.fills,
      );
      const box = await page.$eval('.search-map__map', (el) => {
        const r = el.getBoundingClientRect();
        return { top: r.top, height: r.height, window: innerHeight };
      });
      if (screen.fills) {
        t.ok(Math.abs(box.top) <= 2, `the map at the window's top (${box.top} px)`);
        t.ok(Math.abs(box.height - box.window) <= 2, `as tall as the window (${box.height} of ${box.window} px)`);
      } else {
        t.ok(box.top > 0 && box.top < box.window, `where the page put it, in the first screen (${box.top} px)`);
        t.ok(Math.abs(box.height - 0.7 * box.window) <= 2, `70 % of the window (${box.height} px)`);
      }
      t.same(problems.all(), [], 'no error on the way');
    });
});
