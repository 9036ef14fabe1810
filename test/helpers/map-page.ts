// What the map tests in test/e2e/ share: the app on a fixture catalogue with
// tiles from a given address, the search's map view opened and settled, the
// cookie bar answered.
import type { Page } from 'puppeteer-core';
import { testApp, tempDir } from './app.ts';
import { waitForHydration } from './browser.ts';
import { buildCatalogue, type Fixture } from './catalogue.ts';
import type { TapTest } from './db.ts';
import { openStore } from '../../src/server/store/db.ts';
import { t as msg } from '../../src/shared/i18n.ts';

/** The app on a fixture catalogue, its map tiles from `tileTemplate`. */
export async function catalogueServer(tt: TapTest, tileTemplate: string): Promise<{ url: string; fixture: Fixture }> {
  const store = await openStore({ dataDir: tempDir(tt) });
  tt.teardown(() => store.close());
  const fixture = await buildCatalogue(store.db, { projects: 150, seed: 11 });
  const app = await testApp(tt, { store, env: { SEED_DEMO: 'false', MAP_TILE_URL: tileTemplate, MAP_ATTRIBUTION: 'Test tiles' } });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}`, fixture };
}

/** The fixture's pictures are addresses only: a card asks for them in vain. */
export const pictures = (u: string) => u.includes('/assets/fixture/');

/** The visitor answers the cookie bar with a button of it. */
export async function answerCookieBar(page: Page, label: string): Promise<void> {
  await page.waitForSelector('.cookie-bar button');
  await page.evaluate(
    (text: string) =>
      [...document.querySelectorAll<HTMLButtonElement>('.cookie-bar button')].find((b) => b.textContent?.trim() === text)!.click(),
    label,
  );
  await page.waitForFunction(() => !document.querySelector('.cookie-bar'));
}

/** Leaflet done moving and the markers redrawn. */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('.leaflet-zoom-anim'));
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  // The markers of the view it ended on, asked for once it was still (issue 12), drawn.
  await page.waitForFunction(() => !document.querySelector('.results-map[aria-busy]'));
}

/** The search's map view, answered 'Necessary only' (as most visitors do), the markers drawn. */
export async function openMapView(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/search?view=map`);
  await waitForHydration(page);
  await answerCookieBar(page, msg('consent.necessaryOnly'));
  await page.waitForSelector('.results-map .map-cluster, .results-map .map-marker');
  await settled(page);
}
