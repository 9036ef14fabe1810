// What the pages download of prepared photos (issue 21): the demo catalogue
// with every picture prepared from one camera-size photo (4000 × 3000 JPEG with
// grain, each picture under its own key, as different photos are), loaded in
// Chromium on a phone (390 × 844 at 3×) and a laptop (1366 × 900 at 1×): the
// bytes of the photos a 12-card search page loads once scrolled through, and
// those of a property page's first screen, against the originals a page
// would load without the photo job. Goals: a card's photo ≤ 40 KB on the
// phone, a search page's photos ≤ 500 KB in all. Then Lighthouse's view of the
// same two pages (bench/lighthouse.ts, BENCH_LIGHTHOUSE_RUNS, 0 to leave it
// out), against performance ≥ 95, LCP ≤ 2.5 s and CLS 0.
//   npx tsx bench/photo-pages.ts     (part of BENCH_ONLY=pictures)
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'puppeteer-core';
import { startServer } from '../test/helpers/app.ts';
import { photo, prepareEveryPicture } from '../test/helpers/photos.ts';
import { launchBenchBrowser } from './phone-pages.ts';
import { scrollThrough } from '../test/helpers/browser.ts';
import { textTable } from './table.ts';
import { LIGHTHOUSE_RUNS, lighthouseMedians } from './lighthouse.ts';

const SCREENS = [
  { name: 'phone 390 × 844 @3', width: 390, height: 844, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
  { name: 'laptop 1366 × 900 @1', width: 1366, height: 900, deviceScaleFactor: 1 },
];

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

/** The prepared photos the page has downloaded: their count and bytes (Resource Timing, same origin). */
function photoBytes(page: Page): Promise<{ count: number; bytes: number }> {
  return page.evaluate(() => {
    const photos = performance
      .getEntriesByType('resource')
      .filter((e) => new URL(e.name).pathname.startsWith('/media/photos/')) as PerformanceResourceTiming[];
    return { count: photos.length, bytes: photos.reduce((sum, e) => sum + e.encodedBodySize, 0) };
  });
}

export async function runPhotoPagesBench(): Promise<void> {
  const teardowns: Array<() => unknown> = [];
  const t = { teardown: (fn: () => unknown) => teardowns.push(fn) };
  const browser = await launchBenchBrowser();
  try {
    const { app, url } = await startServer(t);
    // The very photo prepareEveryPicture prepares (same size, seed and quality).
    const original = (await photo({ width: 4000, height: 3000 })).length;
    await prepareEveryPicture(app, { width: 4000, height: 3000, keyPerPicture: true });
    const { id } = await app.store.db
      .selectFrom('projects')
      .select('id')
      .where('withdrawn_at', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const search = '/search';
    const property = `/for-sale/${id}`;
    const rows: string[][] = [];
    for (const screen of SCREENS)
      for (const [label, path, scroll] of [
        ['search, 12 cards scrolled through', search, true],
        ['property page, first screen', property, false],
      ] as const) {
        const page = await browser.newPage();
        await page.setViewport(screen);
        await page.goto(url + path, { waitUntil: 'load' });
        if (scroll) await scrollThrough(page);
        else await page.waitForNetworkIdle({ idleTime: 300 });
        const { count, bytes } = await photoBytes(page);
        rows.push([screen.name, label, String(count), kb(bytes), kb(count ? bytes / count : 0), kb(count * original)]);
        await page.close();
      }
    console.log(
      textTable(['screen', 'page', 'photos', 'bytes', 'per photo', 'as originals'], rows, 2) +
        `\n\nGoals: a card's photo ≤ 40 KB on a phone; a search page's photos ≤ 500 KB in all. Originals: ${kb(original)} each (4000 × 3000 JPEG).`,
    );
    if (LIGHTHOUSE_RUNS > 0) {
      const pages = [
        { name: 'search', path: search },
        { name: 'property', path: property },
      ];
      console.log(`\n${await lighthouseMedians(url, pages)}\nGoals: performance ≥ 95, LCP ≤ 2,500 ms, CLS 0.`);
    }
  } finally {
    await browser.close();
    for (const fn of teardowns.reverse()) await fn();
  }
}

if (import.meta.url === pathToFileURL(path.resolve(process.argv[1] ?? '')).href) {
  runPhotoPagesBench().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
