// The property page in Chromium (issue 4): the gallery laid out by the server
// exactly where Glide leaves it, its arrows, the arrow keys (only where it has
// the focus), a swipe, the thumbnails, the "3 / 12" counter, the full-screen
// dialog that keeps the focus and closes on Escape; the property contact form;
// and the view_item event, which reaches the dataLayer only once optional
// cookies are accepted, with the fields of SPEC §3. No console errors.
import t, { type Test } from 'tap';
import type { Page } from 'puppeteer-core';
import { startServer } from '../helpers/app.ts';
import { launchBrowser, newPage, waitForHydration, type Problems } from '../helpers/browser.ts';
import { CONSENT_COOKIE, NO_CONSENT, makeConsent, serialiseConsent } from '../../src/shared/consent.ts';
import { trackingType, type ProjectDetail, type UnitRow } from '../../src/shared/catalogue.ts';
import { t as msg } from '../../src/shared/i18n.ts';

type Browser = Awaited<ReturnType<typeof launchBrowser>>;

/**
 * Map tiles from the site itself (a demo picture stands in for every tile):
 * no request leaves the machine, and first-party tiles need no consent.
 */
const LOCAL_TILES = '/media/demo/garden-1.svg?tile={z}-{x}-{y}';

const VIEWER = '.gallery > .gallery__viewer';
const COUNTER = `${VIEWER} .gallery__position`;
const DIALOG = 'dialog.gallery-dialog';

const counter = (page: Page, selector = COUNTER) => page.$eval(selector, (el) => el.textContent);
const waitForCounter = (page: Page, text: string, selector = COUNTER) =>
  page.waitForFunction((sel: string, want: string) => document.querySelector(sel)?.textContent === want, {}, selector, text);

/** A demo project with several pictures, and what the API says of it. */
async function pickProject(url: string): Promise<{ project: ProjectDetail; units: UnitRow[] }> {
  for (let id = 1; id < 150; id++) {
    const res = await fetch(`${url}/api/property?id=${id}`);
    if (!res.ok) continue;
    const project = ((await res.json()) as { data: ProjectDetail }).data;
    if (project.images.length >= 4 && project.units_available > 0) {
      const units = ((await (await fetch(`${url}/api/project/units?id=${id}`)).json()) as { data: UnitRow[] }).data;
      return { project, units };
    }
  }
  throw new Error('no project with pictures');
}

/** A page whose visitor has already answered the cookie question (no bar over the gallery). */
async function decided(
  t: Test,
  browser: Browser,
  url: string,
  size?: { width: number; height: number },
): Promise<{ page: Page; problems: Problems }> {
  const opened = await newPage(t, browser, size);
  await opened.page.setCookie({ name: CONSENT_COOKIE, value: serialiseConsent(makeConsent(NO_CONSENT)), url });
  return opened;
}

async function openProperty(page: Page, url: string, id: number): Promise<void> {
  const res = await page.goto(`${url}/for-sale/${id}`, { waitUntil: 'load' });
  if (res?.status() !== 200) throw new Error(`/for-sale/${id} answered ${res?.status()}`);
  await waitForHydration(page);
  await page.waitForSelector(`${VIEWER}.gallery__viewer--ready`);
}

/** Where the first picture and the gallery are drawn. */
const geometry = (page: Page) =>
  page.evaluate((viewer: string) => {
    const box = (el: Element | null) => {
      const r = el!.getBoundingClientRect();
      return { x: Math.round(r.x), y: Math.round(r.y), width: Math.round(r.width), height: Math.round(r.height) };
    };
    return { viewer: box(document.querySelector(viewer)), first: box(document.querySelector(`${viewer} .gallery__slide img`)) };
  }, VIEWER);

t.test('the property page in a browser', async (t) => {
  const { url } = await startServer(t, { env: { MAP_TILE_URL: LOCAL_TILES } });
  const browser = await launchBrowser(t);
  const { project, units } = await pickProject(url);
  const count = project.images.length;

  t.test('the server lays the gallery out where Glide leaves it', async (t) => {
    const still = await newPage(t, browser, { javaScript: false });
    await still.page.goto(`${url}/for-sale/${project.id}`, { waitUntil: 'load' });
    const before = await geometry(still.page);
    t.ok(before.first.width > 300 && before.first.height > 200, 'the first picture is drawn before any script runs');
    t.equal(await counter(still.page), `1 / ${count}`, 'the counter is in the markup');

    const { page, problems } = await decided(t, browser, url);
    await openProperty(page, url, project.id);
    t.same(await geometry(page), before, 'nothing moved when Glide mounted');
    t.same(problems.all(), [], 'no console errors');
  });

  t.test('arrows, thumbnails and the arrow keys turn the slides; typing in the form does not', async (t) => {
    const { page, problems } = await decided(t, browser, url);
    await openProperty(page, url, project.id);
    t.equal(await counter(page), `1 / ${count}`);

    await page.click(`${VIEWER} .gallery__arrow--next`);
    await waitForCounter(page, `2 / ${count}`);
    t.pass('next: 2 / n');
    // The second picture is the one in view.
    await page.waitForFunction(
      (viewer: string) => {
        const v = document.querySelector(viewer)!.getBoundingClientRect();
        const img = document.querySelectorAll(`${viewer} .gallery__slide img`)[1]!.getBoundingClientRect();
        return Math.abs(img.left - v.left) < 2;
      },
      {},
      VIEWER,
    );
    t.pass('the second picture slid into view');

    await page.click(`${VIEWER} .gallery__arrow--previous`);
    await waitForCounter(page, `1 / ${count}`);
    await page.click(`${VIEWER} .gallery__arrow--previous`);
    await waitForCounter(page, `${count} / ${count}`);
    t.pass('previous from the first goes round to the last');

    await page.click('.gallery__thumbs li:nth-child(3) button');
    await waitForCounter(page, `3 / ${count}`);
    t.equal(
      await page.$eval('.gallery__thumbs li:nth-child(3) button', (b) => b.getAttribute('aria-current')),
      'true',
      'its thumbnail is marked current',
    );
    t.equal(await page.$$eval('.gallery__thumbs button[aria-current]', (bs) => bs.length), 1, 'only that one');

    await page.focus(VIEWER);
    await page.keyboard.press('ArrowRight');
    await waitForCounter(page, `4 / ${count}`);
    await page.keyboard.press('ArrowLeft');
    await waitForCounter(page, `3 / ${count}`);
    t.pass('ArrowRight and ArrowLeft where the gallery has the focus');

    const field = 'form.lead-form--property [name="name"]';
    await page.$eval(field, (el) => el.scrollIntoView({ block: 'center' }));
    await page.click(field);
    await page.keyboard.type('Ana');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    t.equal(await page.$eval(field, (el) => (el as HTMLInputElement).selectionStart), 1, 'arrow keys in the form move the caret');
    // Keys are handled in order: one more from the gallery's own focus goes on
    // from wherever the two above left it (1 / n had it taken them).
    await page.focus(VIEWER);
    await page.keyboard.press('ArrowRight');
    await waitForCounter(page, `4 / ${count}`);
    t.pass('not the gallery');
    t.same(problems.all(), [], 'no console errors');
  });

  t.test('a swipe on a phone', async (t) => {
    const { page, problems } = await decided(t, browser, url, { width: 390, height: 844 });
    await page.setViewport({ width: 390, height: 844, hasTouch: true, isMobile: true });
    await openProperty(page, url, project.id);
    t.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'the page is no wider than the phone');
    await page.$eval(VIEWER, (el) => el.scrollIntoView({ block: 'center' }));
    const box = (await (await page.$(VIEWER))!.boundingBox())!;
    const y = box.y + box.height * 0.3; // above the arrows
    const swipe = async (from: number, to: number) => {
      await page.touchscreen.touchStart(from, y);
      for (let step = 1; step <= 6; step++) await page.touchscreen.touchMove(from + ((to - from) * step) / 6, y);
      await page.touchscreen.touchEnd();
    };
    await swipe(box.x + box.width * 0.85, box.x + box.width * 0.15);
    await waitForCounter(page, `2 / ${count}`);
    t.pass('a swipe to the left shows the next picture');
    await swipe(box.x + box.width * 0.15, box.x + box.width * 0.85);
    await waitForCounter(page, `1 / ${count}`);
    t.pass('a swipe to the right the previous one');
    t.same(problems.all(), [], 'no console errors');
  });

  t.test('full screen: a modal dialog that keeps the focus and closes on Escape', async (t) => {
    const { page, problems } = await decided(t, browser, url);
    await openProperty(page, url, project.id);
    await page.click(`${VIEWER} .gallery__arrow--next`);
    await waitForCounter(page, `2 / ${count}`);

    await page.click(`${VIEWER} .gallery__full-screen`);
    await page.waitForSelector(`${DIALOG}[open]`);
    const dialogCounter = `${DIALOG} .gallery__position`;
    t.equal(await counter(page, dialogCounter), `2 / ${count}`, 'it opens at the picture shown');
    t.ok(await page.$eval(DIALOG, (d) => d.matches(':modal')), 'a modal dialog');
    t.ok(await page.evaluate(() => document.body.classList.contains('gallery-open')), 'the page behind does not scroll');
    t.ok(await page.$eval(DIALOG, (d) => d.contains(document.activeElement)), 'the focus moved into it');
    const size = await page.$eval(DIALOG, (d) => ({
      w: d.getBoundingClientRect().width,
      h: d.getBoundingClientRect().height,
      vw: innerWidth,
      vh: innerHeight,
    }));
    t.ok(size.w >= size.vw - 1 && size.h >= size.vh - 1, 'it fills the window');

    await page.waitForSelector(`${DIALOG} .gallery__viewer--ready`);
    await page.keyboard.press('ArrowRight');
    await waitForCounter(page, `3 / ${count}`, dialogCounter);
    t.equal(await counter(page), `2 / ${count}`, 'the page behind did not move');

    const outside: string[] = [];
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      const where = await page.evaluate((dialog: string) => {
        const a = document.activeElement;
        if (!a || a === document.body || document.querySelector(dialog)!.contains(a)) return null;
        return a.outerHTML.slice(0, 80);
      }, DIALOG);
      if (where) outside.push(where);
    }
    t.same(outside, [], 'Tab never reaches the page behind');

    await page.keyboard.press('Escape');
    await page.waitForSelector(DIALOG, { hidden: true });
    t.notOk(await page.$(DIALOG), 'Escape closed it');
    t.notOk(await page.evaluate(() => document.body.classList.contains('gallery-open')), 'the page scrolls again');
    t.ok(
      await page.$eval(`${VIEWER} .gallery__full-screen`, (b) => b === document.activeElement),
      'the focus is back on the button that opened it',
    );
    await waitForCounter(page, `3 / ${count}`);
    t.pass('the gallery shows the picture the visitor ended on');

    await page.click(`${VIEWER} .gallery__full-screen`);
    await page.waitForSelector(`${DIALOG}[open]`);
    await page.click(`${DIALOG} .gallery-dialog__close`);
    await page.waitForSelector(DIALOG, { hidden: true });
    t.pass('the close button closes it too');
    t.same(problems.all(), [], 'no console errors');
  });

  t.test('the contact form for this project is there, and the map of its location', async (t) => {
    const { page, problems } = await decided(t, browser, url);
    await openProperty(page, url, project.id);
    // The map loads its code when it comes near the screen.
    await page.$eval('.project-location', (el) => el.scrollIntoView({ block: 'center' }));
    await page.waitForSelector('.project-location .place-map .leaflet-marker-icon');
    t.pass("the location's map shows the project's pin");
    await page.waitForSelector('form.lead-form--property button[type=submit]:not([disabled])');
    t.equal(await page.$eval('#lead-property-' + project.id + '-title', (h) => h.textContent), msg('forms.property.title'));
    const names = await page.$$eval('form.lead-form--property [name]', (els) => els.map((e) => e.getAttribute('name')));
    t.same(
      names,
      ['idempotency_key', 'name', 'email', 'phone', 'message'],
      'the fields, after the hidden key a form sent without JavaScript carries',
    );
    t.same(problems.all(), [], 'no console errors');
  });

  t.test('the view_item event waits for consent to optional cookies', async (t) => {
    const { page, problems } = await newPage(t, browser);
    await page.goto(`${url}/for-sale/${project.id}`, { waitUntil: 'load' });
    await waitForHydration(page);
    await page.waitForSelector('section.cookie-bar', { visible: true });
    const layer = () => page.evaluate(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []);
    t.same(await layer(), [], 'nothing before a choice');

    const accept = await page.evaluateHandle(
      (label: string) =>
        [...document.querySelectorAll<HTMLButtonElement>('section.cookie-bar button')].find((b) => b.textContent?.trim() === label)!,
      msg('consent.acceptAll'),
    );
    await (accept as unknown as { click(): Promise<void> }).click();
    await page.waitForFunction(() =>
      ((window as unknown as { dataLayer?: Array<{ event?: string }> }).dataLayer ?? []).some((e) => e.event === 'view_item'),
    );
    const views = (await layer()).filter((e) => (e as { event?: string }).event === 'view_item');
    const { town, region, country } = project.location;
    t.same(
      views,
      [
        {
          event: 'view_item',
          id: project.id,
          type: trackingType(project.category.id),
          geoname: `${town.name}, ${region.name}, ${country.name}`,
          price: Math.min(...units.filter((u) => u.status === 'available').map((u) => u.price)),
          availability: 'for_sale',
          currency: 'EUR',
        },
      ],
      'one view_item with the fields of SPEC §3',
    );

    await page.reload({ waitUntil: 'load' });
    await waitForHydration(page);
    await page.waitForFunction(() =>
      ((window as unknown as { dataLayer?: Array<{ event?: string }> }).dataLayer ?? []).some((e) => e.event === 'view_item'),
    );
    t.pass('on the next view, with consent stored, it is sent at once');
    t.same(problems.all(), [], 'no console errors');
  });
});
