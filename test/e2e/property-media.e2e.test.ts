// A property page's virtual tour (issue 23) in Chromium, on the demo: the
// gallery's last slide, reached by its thumbnail or the arrows; before the
// visitor allows functional cookies the player's box holds SPEC §4's message
// and no request goes to the provider; 'here' opens the settings, and once
// functional cookies are allowed the player is framed in the same box
// (nothing moves); a visitor who allowed them before sees it without asking,
// with no hydration error; without JavaScript the link to the provider's own
// page under the gallery. At a phone's and a laptop's size; keyboard; axe.
import t from 'tap';
import type { Page } from 'puppeteer-core';
import { startServer } from '../helpers/app.ts';
import { launchBrowser, newPage, waitForHydration } from '../helpers/browser.ts';
import { violations } from '../helpers/axe.ts';
import { recordLoads } from '../helpers/on-demand.ts';
import { CONSENT_COOKIE, makeConsent, serialiseConsent } from '../../src/shared/consent.ts';
import type { PropertyAnswer, SearchAnswer } from '../../src/shared/catalogue.ts';
import en from '../../locales/en.json' with { type: 'json' };

const PROVIDER = 'my.matterport.com';
// Offline here: the player's own request fails, which is not the page's fault.
const allowFailure = (url: string) => url.includes(PROVIDER);

/** The first demo development with a tour. */
async function developmentWithTour(url: string): Promise<number> {
  const ids = ((await (await fetch(`${url}/api/properties?account_id=1&per_page=40`)).json()) as SearchAnswer).data.map((p) => p.id);
  for (const id of ids) {
    const detail = (await (
      await fetch(`${url}/api/property`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id }) })
    ).json()) as PropertyAnswer;
    if (detail.data.media.length) return id;
  }
  throw new Error('no demo development with a tour');
}

/** Every request the page makes to the provider. */
function providerRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(PROVIDER)) seen.push(request.url());
  });
  return seen;
}

const box = (page: Page) => page.$eval('.gallery__slide--media .property-media', (el) => el.getBoundingClientRect().toJSON() as DOMRect);
const viewer = (page: Page) => page.$eval('.gallery__viewer', (el) => el.getBoundingClientRect().toJSON() as DOMRect);

t.test('blocked until the visitor allows functional cookies, then framed in the same box', async (t) => {
  const { url } = await startServer(t);
  const id = await developmentWithTour(url);
  const browser = await launchBrowser(t);
  for (const size of [
    { width: 390, height: 844, deviceScaleFactor: 3 },
    { width: 1366, height: 900 },
  ]) {
    await t.test(`${size.width} × ${size.height}`, async (t) => {
      const { page, problems } = await newPage(t, browser, { ...size, allowFailure });
      const requests = providerRequests(page);
      const loads = recordLoads(page);
      await page.goto(`${url}/for-sale/${id}`, { waitUntil: 'load' });
      await waitForHydration(page);
      await page.waitForNetworkIdle({ idleTime: 500 });
      t.same(await loads.scripts('mediaPlayer'), [], "the player's code is not loaded before the visitor does anything");
      t.equal((await page.$('.gallery__slide--media[inert]')) !== null, true, 'out of the way while a picture shows');
      // The tour's thumbnail, the last, turns the gallery to it.
      await page.$eval('.gallery__thumb-media', (el) => el.scrollIntoView({ block: 'center' }));
      await page.click('.gallery__thumb-media .gallery__thumb');
      await page.waitForSelector('.gallery__slide--media[aria-hidden="false"]:not([inert])');
      await page.waitForFunction(() => {
        const slide = document.querySelector('.gallery__slide--media')!.getBoundingClientRect();
        const shown = document.querySelector('.gallery__viewer')!.getBoundingClientRect();
        return Math.abs(slide.left - shown.left) < 1;
      });
      t.equal(
        await page.$eval('.gallery__counter', (el) => el.textContent),
        `Image ${await page.$$eval('.gallery__slide', (s) => `${s.length} / ${s.length}`)}`,
      );
      t.equal(
        await page.$eval('.gallery__slide--media .property-media', (el) => el.textContent),
        `${en.consent.blocked} ${en.consent.here}`,
      );
      t.equal(await page.$('.gallery iframe'), null, 'no frame');
      t.same(requests, [], 'no request to the provider');
      t.equal((await loads.scripts('mediaPlayer')).length, 1, "the player's code, once the visitor turned to it");
      const before = await box(page);
      const shown = await viewer(page);
      t.same(
        [Math.round(before.width), Math.round(before.height)],
        [Math.round(shown.width), Math.round(shown.height)],
        'the player fills the slide',
      );
      t.ok(Math.abs(before.width / before.height - 3 / 2) < 0.02, `the slide's box, ${before.width} × ${before.height}`);
      const picture = await page.$eval('.gallery__slide img', (el) => el.getBoundingClientRect().toJSON() as DOMRect);
      t.same(
        [Math.round(picture.width), Math.round(picture.height)],
        [Math.round(before.width), Math.round(before.height)],
        'as a picture’s',
      );
      t.same(await violations(page), [], 'axe: the blocked tour');

      await page.click('.gallery__slide--media .consent-gate__here');
      await page.waitForSelector('dialog.cookie-modal[open]', { visible: true });
      await page.click('dialog.cookie-modal input[name="functional"]');
      await page.click('dialog.cookie-modal .cookie-modal__actions .button--primary');
      await page.waitForSelector('dialog.cookie-modal', { hidden: true });
      const frame = await page.waitForSelector('.gallery__slide--media iframe');
      const attrs = await frame!.evaluate((el) => ({
        src: el.getAttribute('src'),
        title: el.getAttribute('title'),
        sandbox: el.getAttribute('sandbox'),
      }));
      t.equal(attrs.src, 'https://my.matterport.com/show/?m=SxQL3iGyoDo');
      t.match(attrs.title, /^Virtual tour of .+ on Matterport$/);
      t.notMatch(attrs.sandbox, /allow-top-navigation/, 'the player cannot move the page');
      const after = await box(page);
      t.same([after.width, after.height], [before.width, before.height], 'the player takes the placeholder’s box');
      await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => e.name.includes('matterport')));
      t.ok(requests.length > 0, 'the provider is asked only now');
      t.same(problems.all(), []);
    });
  }
});

t.test('allowed before: nothing asked of the provider until its slide is shown, then framed without a click', async (t) => {
  const { url } = await startServer(t);
  const id = await developmentWithTour(url);
  const browser = await launchBrowser(t);
  const { page, problems } = await newPage(t, browser, { width: 1366, height: 900, allowFailure });
  const requests = providerRequests(page);
  await page.setCookie({ name: CONSENT_COOKIE, value: serialiseConsent(makeConsent({ optional: false, functional: true })), url });
  await page.goto(`${url}/for-sale/${id}`, { waitUntil: 'load' });
  await waitForHydration(page);
  await page.waitForSelector('.gallery__slide--media .property-media.is-allowed');
  await new Promise((resolve) => setTimeout(resolve, 500));
  t.equal(await page.$('.gallery iframe'), null, 'no frame while a picture is shown');
  t.same(requests, [], 'no request to the provider: a tour weighs megabytes');
  await page.click('.gallery__thumb-media .gallery__thumb');
  await page.waitForSelector('.gallery__slide--media iframe');
  t.pass('its slide shown, the tour is framed without a click on "here"');
  t.same(problems.all(), [], 'no console error (a hydration mismatch would log one)');
});

t.test('without JavaScript: the link to the tour under the gallery', async (t) => {
  const { url } = await startServer(t);
  const id = await developmentWithTour(url);
  const browser = await launchBrowser(t);
  const { page, problems } = await newPage(t, browser, { width: 390, height: 844, javaScript: false, allowFailure });
  const requests = providerRequests(page);
  await page.goto(`${url}/for-sale/${id}`, { waitUntil: 'load' });
  t.equal(await page.$eval('.gallery__links a', (el) => el.getAttribute('href')), 'https://my.matterport.com/show/?m=SxQL3iGyoDo');
  t.equal(await page.$eval('.gallery__links li', (el) => el.textContent), 'Virtual tour · Open on Matterport');
  t.same(requests, [], 'no request to the provider');
  t.same(problems.all(), []);
});

t.test('keyboard: the arrow keys reach the tour and its "here", which opens the settings', async (t) => {
  const { url } = await startServer(t);
  const id = await developmentWithTour(url);
  const browser = await launchBrowser(t);
  const { page, problems } = await newPage(t, browser, { width: 1366, height: 900, allowFailure });
  await page.goto(`${url}/for-sale/${id}`, { waitUntil: 'load' });
  await waitForHydration(page);
  await page.focus('.gallery__viewer');
  // From the first picture, one step back wraps round to the last slide: the tour.
  await page.keyboard.press('ArrowLeft');
  await page.waitForSelector('.gallery__slide--media[aria-hidden="false"]:not([inert])');
  await page.keyboard.press('Tab');
  t.equal(await page.evaluate(() => document.activeElement?.className), 'consent-link consent-gate__here', "'here' is the next stop");
  await page.keyboard.press('Enter');
  await page.waitForSelector('dialog.cookie-modal[open]', { visible: true });
  t.same(problems.all(), []);
});
