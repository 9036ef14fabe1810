// What the browser benchmarks (client.ts, main-thread.ts, intl-first-use.ts)
// share: Lighthouse's phone, the three budgeted pages of a running site, and
// a headless Chromium to load them in.
import puppeteer, { type Browser } from 'puppeteer-core';
import { chromiumPath } from '../test/helpers/browser.ts';

/** Lighthouse's mobile device (Moto G Power), so every pass sees the same layout. */
export const PHONE = { width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

export const PLACE_SEARCH = '/search/spain/alicante/torrevieja';

export type BudgetedPage = 'home' | 'search' | 'property';

/** The home, the place search and the property page of its first result on the site at `base`, with each one's page module. */
export async function budgetedPages(base: string): Promise<Array<{ name: BudgetedPage; path: string; page: string }>> {
  const projectId = /data-project="(\d+)"/.exec(await (await fetch(base + PLACE_SEARCH)).text())?.[1];
  if (!projectId) throw new Error(`${PLACE_SEARCH} shows no project`);
  return [
    { name: 'home', path: '/', page: 'home' },
    { name: 'search', path: PLACE_SEARCH, page: 'search' },
    { name: 'property', path: `/for-sale/${projectId}`, page: 'for-sale' },
  ];
}

export function launchBenchBrowser(): Promise<Browser> {
  return puppeteer.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--no-first-run'],
  });
}
