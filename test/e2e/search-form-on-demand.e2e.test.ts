// The search page's filter form, its chips and its pages of results are the
// server's until first used (issue 24: room in the page's first load for the
// other languages), in Chromium at a desktop's size: none of their code before
// use, the same DOM as without JavaScript; their code when the pointer comes
// over the form (its counts then), and what the visitor did before it arrived
// applied once it has: a choice by a script's select, the first arrow key in a
// place field, typed prices, a link followed; a form whose code fails to load
// is the browser's, with its button; a client navigation shows the form at
// once; without JavaScript nothing of it is missing.
import t from 'tap';
import type { Page } from 'puppeteer-core';
import { startServer } from '../helpers/app.ts';
import { launchBrowser, newPage } from '../helpers/browser.ts';
import { failScripts, holdScripts, open } from '../helpers/on-demand.ts';
import type { SearchAnswer } from '../../src/shared/catalogue.ts';

const DESKTOP = { width: 1366, height: 900 };
const PLACE = '/search/spain/alicante';

const here = (page: Page) => page.evaluate(() => location.pathname + location.search);
const waitForAddress = (page: Page, want: string) =>
  page.waitForFunction((path: string) => location.pathname + location.search === path, {}, want);
const shownTotal = (page: Page) => page.$eval('.search-head__count', (el) => Number(/\d+/.exec(el.textContent ?? '')?.[0] ?? NaN));
const settled = (page: Page) => page.waitForFunction(() => !document.querySelector('#search-results[aria-busy="true"]'));
/** Settles when the page asks for a script (held by holdScripts until released). */
const askedForCode = (page: Page) => page.waitForRequest((request) => new URL(request.url()).pathname.endsWith('.js'));
/** The filters and the pages of results, as the document holds them, less what the page's own code marks. */
const parts = (page: Page) =>
  page.evaluate(() => [
    document.querySelector('aside.search-layout__filters')!.outerHTML.replace(' is-live', ''),
    document.querySelector('.pagination')!.outerHTML,
  ]);

t.test('the search filters taken over on first use', async (t) => {
  const { url } = await startServer(t);
  const browser = await launchBrowser(t);

  /** What the API finds for a search page's address. */
  async function apiTotal(address: string): Promise<number> {
    const { pathname, search } = new URL(address, url);
    const query = new URLSearchParams(search);
    const [country, region, town] = pathname.split('/').slice(2);
    query.set('account_id', '1');
    for (const [name, value] of [
      ['country', country],
      ['region', region],
      ['town', town],
    ] as const)
      if (value) query.set(name, value);
    return ((await (await fetch(`${url}/api/properties?${query}`)).json()) as SearchAnswer).meta.total;
  }

  t.test("the server's form, chips and pages, without their code until used; the pointer over the form brings it", async (t) => {
    const address = `${PLACE}?bedrooms=2`;
    const { page: plain } = await newPage(t, browser, { ...DESKTOP, javaScript: false });
    await plain.goto(url + address, { waitUntil: 'load' });
    const sent = await parts(plain);
    t.ok(
      await plain.$eval('.search-form__submit', (el) => getComputedStyle(el).display !== 'none'),
      'without JavaScript, the submit button',
    );

    const { page, loads, problems } = await open(t, browser, url, address, DESKTOP);
    t.same(await loads.scripts('searchForm'), [], 'no code for the form');
    t.same(await loads.scripts('filterChips'), [], 'nor for the chips');
    t.same(await loads.scripts('pagination'), [], 'nor for the pages of results');
    t.same(await parts(page), sent, 'the filters, their chips and the pages of results as without JavaScript');
    t.ok(await page.$eval('.search-form__submit', (el) => getComputedStyle(el).display === 'none'), 'no submit button: changes apply');

    await page.hover('#search-form legend');
    await page.waitForFunction(() => /\(\d+\)$/.test(document.querySelector('#search-bedrooms option[value="3"]')?.textContent ?? ''));
    t.equal((await loads.scripts('searchForm')).length, 1, 'the pointer over the form loaded its code, and its counts');
    t.equal(await here(page), address, 'nothing changed');
    t.same(problems.all(), [], 'no console errors');
  });

  t.test('a choice made before the code arrived is applied once it has', async (t) => {
    const { page, loads, problems } = await open(t, browser, url, PLACE, DESKTOP);
    const scripts = holdScripts(page);
    await scripts.start();
    // As a script or an assistive tool sets it: no focus, no key, only the change.
    const asked = askedForCode(page);
    await page.select('#search-bedrooms', '2');
    await asked;
    t.equal(await here(page), PLACE, 'nothing applied while the code is on the way');
    t.same(await loads.scripts('searchForm'), [], 'the code held back');
    await scripts.release();
    await waitForAddress(page, `${PLACE}?bedrooms=2`);
    await settled(page);
    t.pass('the choice applied once the code came');
    t.equal(await page.$eval('#search-bedrooms', (el) => (el as HTMLSelectElement).value), '2', 'the field shows it');
    t.equal(await shownTotal(page), await apiTotal(`${PLACE}?bedrooms=2`), 'the results of that search');
    t.same(problems.all(), [], 'no console errors');
  });

  t.test("a keyboard's first arrow key in a place field, before the code: the new place, the focus kept", async (t) => {
    const { page, problems } = await open(t, browser, url, '/search/spain', DESKTOP);
    const scripts = holdScripts(page);
    await scripts.start();
    const asked = askedForCode(page);
    await page.focus('#search-region');
    await page.keyboard.press('ArrowDown');
    const region = await page.$eval('#search-region', (el) => (el as HTMLSelectElement).value);
    t.equal(region, 'spain/alicante', 'the arrow chose the first region');
    await asked;
    t.equal(await here(page), '/search/spain', 'nothing applied while the code is on the way');
    await scripts.release();
    await waitForAddress(page, `/search/${region}`);
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'New-build homes in Alicante, Spain');
    t.pass('the new place');
    t.equal(await page.$eval('#search-region', (el) => (el as HTMLSelectElement).value), region, 'its field shows it');
    t.equal(await page.evaluate(() => document.activeElement?.id), 'search-region', 'with the focus back');
    t.same(problems.all(), [], 'no console errors');
  });

  t.test('prices typed before the code arrived: kept, typing goes on, applied when it pauses', async (t) => {
    const { page, problems } = await open(t, browser, url, PLACE, DESKTOP);
    const scripts = holdScripts(page);
    await scripts.start();
    const asked = askedForCode(page);
    await page.focus('#search-priceto');
    await page.keyboard.type('3000');
    await asked;
    t.equal(await here(page), PLACE, 'nothing applied while the code is on the way');
    await scripts.release();
    // Taken over: the counts it asks for at once are shown.
    await page.waitForFunction(() => /\(\d+\)$/.test(document.querySelector('#search-bedrooms option[value="3"]')?.textContent ?? ''));
    t.equal(await page.$eval('#search-priceto', (el) => (el as HTMLInputElement).value), '3000', 'what was typed stays');
    t.equal(await page.evaluate(() => document.activeElement?.id), 'search-priceto', 'and the focus');
    await page.keyboard.type('00');
    await waitForAddress(page, `${PLACE}?priceto=300000`);
    await settled(page);
    t.equal(await page.$eval('#search-priceto', (el) => (el as HTMLInputElement).value), '300000', 'all that was typed');
    t.equal(await page.evaluate(() => document.activeElement?.id), 'search-priceto', 'the focus stayed');
    t.equal(await shownTotal(page), await apiTotal(`${PLACE}?priceto=300000`), 'the results of that search');
    t.same(problems.all(), [], 'no console errors');
  });

  t.test('prices typed before the code arrived and more typed while it takes over: applied when the typing pauses', async (t) => {
    const { page, problems } = await open(t, browser, url, PLACE, DESKTOP);
    const scripts = holdScripts(page);
    await scripts.start();
    const asked = askedForCode(page);
    await page.focus('#search-pricefrom');
    await page.keyboard.type('1000');
    await asked;
    await scripts.release();
    await page.keyboard.type('00');
    await waitForAddress(page, `${PLACE}?pricefrom=100000`);
    await settled(page);
    t.equal(await page.$eval('#search-pricefrom', (el) => (el as HTMLInputElement).value), '100000', 'all that was typed');
    t.same(problems.all(), [], 'no console errors');
  });

  t.test('a link followed before the code arrived: followed by the code, in the page', async (t) => {
    const { page, problems } = await open(t, browser, url, PLACE, DESKTOP);
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    const scripts = holdScripts(page);
    await scripts.start();
    const asked = askedForCode(page);
    await page.click('.search-form__more-link');
    await asked;
    t.notOk(await page.$('.search-form__more'), 'held while the code is on the way');
    await scripts.release();
    await page.waitForSelector('.search-form__more');
    t.equal(await here(page), PLACE, 'the more filters open in place, no filter changed');
    t.ok(await page.evaluate(() => (window as { samePage?: boolean }).samePage), 'no page load');
    t.same(problems.all(), [], 'no console errors');
  });

  t.test('a form whose code fails to load: the browser sends it, with its button shown again', async (t) => {
    const { page } = await open(t, browser, url, PLACE, DESKTOP);
    await failScripts(page);
    await page.select('#search-bedrooms', '3');
    await page.waitForSelector('#search-form.search-form--no-code');
    t.ok(await page.$eval('.search-form__submit', (el) => getComputedStyle(el).display !== 'none'), 'the submit button is shown');
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click('.search-form__submit')]);
    t.equal(await here(page), `${PLACE}?bedrooms=3`, "the server's answer: the readable address of the search sent");
  });

  t.test('a client navigation shows the form at once, with the code loaded before the new page', async (t) => {
    const { page, problems } = await open(t, browser, url, PLACE, DESKTOP);
    await page.evaluate(() => {
      const w = window as { blank?: boolean };
      w.blank = false;
      new MutationObserver(() => {
        if (document.querySelector('.search-layout') && !document.querySelector('#search-form select')) w.blank = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    const links = await page.$$('.search-trail a');
    let spain = null;
    for (const link of links) if ((await link.evaluate((a) => a.textContent)) === 'Spain') spain = link;
    if (!spain) throw new Error('no link to Spain in the trail');
    await spain.click();
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'New-build homes in Spain');
    t.equal(await here(page), '/search/spain');
    t.ok(await page.$('#search-form #search-region'), 'the form of the new page');
    t.notOk(await page.evaluate(() => (window as { blank?: boolean }).blank), 'never a page without its form');
    await page.select('#search-bedrooms', '1');
    await waitForAddress(page, '/search/spain?bedrooms=1');
    t.pass('and it works');
    t.same(problems.all(), [], 'no console errors');
  });
});
