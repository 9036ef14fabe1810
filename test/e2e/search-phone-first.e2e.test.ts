// The search page on a phone (issue 22): after the cookie choice, the first
// result's picture and price are on the first screen of 390 × 844; the filters
// in use show as chips beside "Filters (n)", in one row that scrolls sideways
// without widening the page; each chip removes its filter, with JavaScript and
// without. From 992 px the form is beside the results and the chips give way.
import t from 'tap';
import type { Page } from 'puppeteer-core';
import { startServer } from '../helpers/app.ts';
import { launchBrowser, newPage, waitForHydration } from '../helpers/browser.ts';
import { violations } from '../helpers/axe.ts';
import { CONSENT_COOKIE, NO_CONSENT, makeConsent, serialiseConsent } from '../../src/shared/consent.ts';
import en from '../../locales/en.json' with { type: 'json' };

const PHONE = { width: 390, height: 844, deviceScaleFactor: 3 };
const FILTERED = '/search/spain/alicante?bedrooms=2&features=pool';

async function answered(page: Page, origin: string) {
  await page.setCookie({ name: CONSENT_COOKIE, value: serialiseConsent(makeConsent(NO_CONSENT)), url: origin });
}

const chipTexts = (page: Page) =>
  page.$$eval('.search-filters-bar .search-chip', (els) => els.map((el) => (el.textContent ?? '').replace(/\s*×$/, '').trim()));

/** Where the first result's picture and price are, and how wide the page is. */
const firstScreen = (page: Page) =>
  page.evaluate(() => {
    const card = document.querySelector('.project-card')!;
    return {
      pictureTop: card.querySelector('img')!.getBoundingClientRect().top,
      pictureBottom: card.querySelector('img')!.getBoundingClientRect().bottom,
      priceBottom: card.querySelector('.project-card__price')!.getBoundingClientRect().bottom,
      pageWidth: document.documentElement.scrollWidth,
    };
  });

t.test('a phone: the first result on the first screen, the filters as chips', async (t) => {
  const { url } = await startServer(t);
  const browser = await launchBrowser(t);
  const { page, problems } = await newPage(t, browser, PHONE);
  await answered(page, url);

  for (const address of ['/search', FILTERED]) {
    await page.goto(url + address, { waitUntil: 'load' });
    await waitForHydration(page);
    const seen = await firstScreen(page);
    t.ok(
      seen.pictureBottom <= PHONE.height,
      `${address}: the first picture is whole on the first screen (bottom at ${seen.pictureBottom})`,
    );
    t.ok(seen.priceBottom <= PHONE.height, `${address}: and its price (bottom at ${seen.priceBottom})`);
    t.equal(seen.pageWidth, PHONE.width, `${address}: nothing wider than the phone`);
  }

  t.same(await chipTexts(page), ['Alicante', 'Bedrooms: 2+', 'Pool'], 'the filters in use, in words, in the form’s order');
  t.equal(await page.$eval('.search-filters-toggle', (el) => el.textContent), en.search.chips.toggleCount.replace('{count}', '3'));
  t.equal(
    await page.$eval('.search-filters-bar .search-chip:last-child', (el) => el.getAttribute('aria-label')),
    en.search.chips.remove.replace('{filter}', 'Pool'),
    'each says what it removes',
  );
  t.same(await violations(page), [], 'axe: the phone’s search with chips');

  await page.click('.search-filters-bar .search-chip:last-child');
  await page.waitForFunction(() => !location.search.includes('features'));
  await page.waitForFunction(() => document.querySelectorAll('.search-filters-bar .search-chip').length === 2);
  t.equal(new URL(page.url()).search, '?bedrooms=2', 'the pool filter removed, the others kept');
  t.same(await chipTexts(page), ['Alicante', 'Bedrooms: 2+']);
  t.equal(await page.$eval('.search-filters-toggle', (el) => el.textContent), en.search.chips.toggleCount.replace('{count}', '2'));

  await page.click('.search-filters-bar a.search-chip:first-of-type');
  await page.waitForFunction(() => location.pathname === '/search');
  await page.waitForFunction(() => document.querySelectorAll('.search-filters-bar .search-chip').length === 1);
  t.same(await chipTexts(page), ['Bedrooms: 2+'], 'the place removed: the whole of Spain');
  t.same(problems.all(), []);
});

t.test('chips without JavaScript, and their place on wider screens', async (t) => {
  const { url } = await startServer(t);
  const browser = await launchBrowser(t);

  const { page: plain, problems } = await newPage(t, browser, { ...PHONE, javaScript: false });
  await plain.goto(url + FILTERED, { waitUntil: 'load' });
  t.same(await chipTexts(plain), ['Alicante', 'Bedrooms: 2+', 'Pool'], 'the chips are in the page as sent');
  await Promise.all([plain.waitForNavigation(), plain.click('.search-filters-bar .search-chip:nth-of-type(2)')]);
  t.equal(
    new URL(plain.url()).pathname + new URL(plain.url()).search,
    '/search/spain/alicante?features=pool',
    'a link: the bedrooms removed',
  );
  t.same(problems.all(), []);

  for (const size of [
    { width: 800, height: 600 },
    { width: 1366, height: 900 },
  ]) {
    const { page } = await newPage(t, browser, size);
    await answered(page, url);
    await page.goto(url + FILTERED, { waitUntil: 'load' });
    await waitForHydration(page);
    const shown = await page.$eval('.search-filters-bar', (el) => getComputedStyle(el).display !== 'none');
    t.equal(
      shown,
      size.width < 992,
      `${size.width} px: chips ${size.width < 992 ? 'beside the folded form' : 'give way to the form beside the results'}`,
    );
    t.equal(await page.evaluate(() => document.documentElement.scrollWidth), size.width, `${size.width} px: nothing wider than the window`);
  }
});
