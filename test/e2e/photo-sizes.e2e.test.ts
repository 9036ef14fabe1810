// Prepared photos in a real browser (issue 21): on a phone (390 × 844 at 3×),
// a tablet (768 × 1024 at 2×), a laptop (1366 × 900) and a wide screen (1920 ×
// 1080), every picture of the search grid and list, the property page (gallery
// and similar projects) and a partner's landing loads a variant no wider than
// twice the device pixels it is shown at (the `sizes` of lib/photo-sizes.ts
// follow the CSS), in AVIF (Chromium decodes it), with its colour filling the
// picture's box while it loads, and no request failing. A thumbnail (96 px)
// takes the narrowest variant there is, or the one its slide has loaded. On
// the home page's featured rows, which scroll sideways on a phone, a card's
// photo is the narrowest variant that covers it (two thirds of it at 3×).
import t from 'tap';
import type { Page } from 'puppeteer-core';
import { startServer } from '../helpers/app.ts';
import { launchBrowser, newPage, scrollThrough } from '../helpers/browser.ts';
import { prepareEveryPicture } from '../helpers/photos.ts';
import { PHOTO_WIDTHS } from '../../src/shared/photos.ts';

const SCREENS = [
  { name: 'phone', width: 390, height: 844, deviceScaleFactor: 3 },
  { name: 'tablet', width: 768, height: 1024, deviceScaleFactor: 2 },
  { name: 'laptop', width: 1366, height: 900, deviceScaleFactor: 1 },
  { name: 'wide screen', width: 1920, height: 1080, deviceScaleFactor: 1 },
];

interface Shown {
  src: string;
  /** CSS pixels. */
  width: number;
  thumbnail: boolean;
  slide: boolean;
  /** Whether the colour behind it covers the same box. */
  colourFits: boolean;
}

/** Every photo the page has loaded, after scrolling through it so that the lazy ones in view load too. */
async function shownPhotos(page: Page): Promise<Shown[]> {
  // Slides out of view stay lazy: what has loaded once the network is quiet is what a visitor's browser chose.
  await scrollThrough(page);
  return page.$$eval('img.photo', (images) =>
    (images as HTMLImageElement[])
      .filter((i) => i.complete && i.naturalWidth > 0)
      .map((i) => {
        const box = i.getBoundingClientRect();
        const colour = i.closest('picture')?.previousElementSibling;
        const behind = colour?.getBoundingClientRect();
        return {
          src: i.currentSrc,
          width: box.width,
          thumbnail: Boolean(i.closest('.gallery__thumbs')),
          slide: Boolean(i.closest('.gallery__slide')),
          colourFits:
            Boolean(colour?.matches('svg.photo-colour')) &&
            (getComputedStyle(colour!).display === 'none' ||
              (Math.abs(behind!.width - box.width) <= 1 && Math.abs(behind!.height - box.height) <= 1)),
        };
      }),
  );
}

t.test('the browser loads a variant for the width a photo is shown at', async (t) => {
  const { app, url } = await startServer(t);
  await prepareEveryPicture(app, { keyPerPicture: true });
  const browser = await launchBrowser(t);
  const { id } = await app.store.db
    .selectFrom('projects')
    .select('id')
    .where('withdrawn_at', 'is', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();

  for (const screen of SCREENS)
    for (const path of ['/search', '/search?view=list', `/for-sale/${id}`, '/costa-casas'])
      await t.test(`${screen.name}: ${path}`, async (t) => {
        const { page, problems } = await newPage(t, browser, screen);
        await page.goto(url + path, { waitUntil: 'load' });
        const photos = await shownPhotos(page);
        const slides = new Set(photos.filter((p) => p.slide).map((p) => p.src));
        t.ok(photos.length >= 3, `${photos.length} photos loaded`);
        for (const photo of photos) {
          const [, width, format] = /-(\d+)\.(avif|webp|jpg)$/.exec(photo.src) ?? [];
          const devicePixels = Math.round(photo.width * screen.deviceScaleFactor);
          // A thumbnail is its slide's photo: a variant the slide loaded already comes from memory.
          if (photo.thumbnail) t.ok(Number(width) === 320 || slides.has(photo.src), "a thumbnail: the narrowest variant, or its slide's");
          else t.ok(Number(width) <= 2 * devicePixels, `${width} px for ${devicePixels} device pixels`);
          t.equal(format, 'avif', 'in AVIF');
          t.ok(photo.colourFits, 'its colour fills its box');
        }
        t.same(problems.all(), [], 'no request failed, no error');
        await page.close();
      });
});

t.test("the home page's featured rows on a phone: the narrowest variant that covers each card", async (t) => {
  const { app, url } = await startServer(t);
  await prepareEveryPicture(app, { keyPerPicture: true });
  const browser = await launchBrowser(t);
  // A phone at 3×, and Lighthouse's (a Moto G Power: 412 × 823 at 1.75×).
  for (const screen of [SCREENS[0]!, { name: "Lighthouse's phone", width: 412, height: 823, deviceScaleFactor: 1.75 }])
    await t.test(screen.name, async (t) => {
      const { page, problems } = await newPage(t, browser, screen);
      await page.goto(`${url}/`, { waitUntil: 'load' });
      const photos = await shownPhotos(page);
      t.ok(photos.length >= 3, `${photos.length} photos loaded`);
      const asked = screen.deviceScaleFactor >= 2.5 ? (screen.deviceScaleFactor * 2) / 3 : screen.deviceScaleFactor;
      for (const photo of photos) {
        const width = Number(/-(\d+)\.avif$/.exec(photo.src)?.[1]);
        const covers = PHOTO_WIDTHS.find((w) => w >= Math.ceil(photo.width * asked));
        t.equal(width, covers, `${Math.round(photo.width)} px shown at ${asked}×: the ${covers} px variant`);
      }
      t.same(problems.all(), [], 'no request failed, no error');
    });
});
