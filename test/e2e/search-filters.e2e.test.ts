// Issue 22's filters as a buyer uses them, on the demo: "More filters" folded
// until asked for (their code loaded then), opened by keyboard at 1366 × 900,
// a stage, a feature and "ready by" chosen, each narrowing the results to what
// the API finds for the same address, kept through a reload and in "Save this
// search"; without JavaScript at 390 × 844 the link opens them and the form
// sends them; at 800 × 600 they fit the panel.
import t from 'tap';
import type { Page } from 'puppeteer-core';
import { startServer } from '../helpers/app.ts';
import { launchBrowser, newPage, waitForHydration } from '../helpers/browser.ts';
import { open, recordLoads } from '../helpers/on-demand.ts';
import type { FacetsAnswer, SearchAnswer } from '../../src/shared/catalogue.ts';

const PLACE = '/search/spain/alicante';

/** What the API finds for the page's address: the same filters, read by the server. */
async function apiTotal(url: string, page: Page): Promise<number> {
  const address = new URL(page.url());
  const query = new URLSearchParams(address.search);
  const [country, region] = address.pathname.split('/').slice(2);
  query.set('account_id', '1');
  if (country) query.set('country', country);
  if (region) query.set('region', region);
  const answer = (await (await fetch(`${url}/api/properties?${query}`)).json()) as SearchAnswer;
  return answer.meta.total;
}

const shownTotal = (page: Page) => page.$eval('.search-head__count', (el) => Number(/\d+/.exec(el.textContent ?? '')?.[0] ?? NaN));

/** Waits until the address has changed from `from` and the count has caught up with it. */
async function settled(page: Page, from: string) {
  await page.waitForFunction((before) => location.pathname + location.search !== before, {}, from);
  await page.waitForFunction(() => !document.querySelector('#search-results[aria-busy="true"]'));
}

t.test('more filters by keyboard, with JavaScript', async (t) => {
  const { url } = await startServer(t);
  const browser = await launchBrowser(t);
  const { page, loads, problems } = await open(t, browser, url, PLACE, { width: 1366, height: 900 });
  t.same(await loads.scripts('moreFilters'), [], 'no code for the folded fields');
  t.notOk(await page.$('.search-form__more'), 'folded');

  // Focus takes the server's form over (its counts are asked for then); a press before its code
  // arrives is held and replayed, which test/e2e/forms-on-demand.e2e.test.ts covers.
  await Promise.all([page.waitForResponse((r) => r.url().includes('/api/facets')), page.focus('.search-form__more-link')]);
  await page.keyboard.press('Enter');
  await page.waitForSelector('.search-form__more');
  // What the page said on the way, should the link have been followed instead (a failed load, a mismatch).
  t.equal(new URL(page.url()).pathname + new URL(page.url()).search, PLACE, 'opening them changes no filter', {
    problems: problems.all(),
  });
  t.equal((await loads.scripts('moreFilters')).length, 1, 'their code loaded when asked for');
  t.equal(
    await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value),
    'off_plan',
    'the focus on the first field',
  );

  // Each option shows how many it would leave, as /api/facets counts them for the search on screen.
  await page.waitForFunction(() =>
    /\(\d+\)$/.test(document.querySelector('.search-form__more input[value="off_plan"] + span')?.textContent ?? ''),
  );
  const facets = (await (await fetch(`${url}/api/facets?account_id=1&country=spain&region=alicante`)).json()) as FacetsAnswer;
  const shownCount = (selector: string) => page.$eval(selector, (el) => Number(/\((\d+)\)$/.exec(el.textContent ?? '')?.[1]));
  t.equal(await shownCount('.search-form__more input[value="off_plan"] + span'), facets.data.stage.off_plan, 'a stage with its count');
  t.equal(
    await shownCount('.search-form__more input[value="communal-pool"] + span'),
    facets.data.features['communal-pool'],
    'a feature with its count',
  );

  const all = await shownTotal(page);
  let from = PLACE;
  await page.keyboard.press('Space');
  await settled(page, from);
  t.match(page.url(), /\?stage=off_plan$/, 'a stage by keyboard');
  const offPlan = await shownTotal(page);
  t.ok(offPlan > 0 && offPlan < all, `fewer: ${offPlan} of ${all}`);
  t.equal(offPlan, facets.data.stage.off_plan, 'as many as its count said');
  t.equal(offPlan, await apiTotal(url, page), 'what the API finds');

  from = new URL(page.url()).pathname + new URL(page.url()).search;
  await page.click('.search-form__more input[name="features"][value="communal-pool"]');
  await settled(page, from);
  t.match(page.url(), /features=communal-pool&stage=off_plan$/);
  const withPool = await shownTotal(page);
  t.ok(withPool > 0 && withPool <= offPlan, `a feature narrows: ${withPool}`);
  t.equal(withPool, await apiTotal(url, page));

  from = new URL(page.url()).pathname + new URL(page.url()).search;
  await page.select('#search-delivery', String(new Date().getUTCFullYear() + 3));
  await settled(page, from);
  t.match(page.url(), /&delivery=\d{4}$/);
  t.equal(await shownTotal(page), await apiTotal(url, page), 'ready by a year');

  await page.reload({ waitUntil: 'load' });
  await page.waitForSelector('.search-form__more');
  t.same(
    await page.$$eval('.search-form__more input:checked', (els) => els.map((el) => (el as HTMLInputElement).value)),
    ['off_plan', 'communal-pool'],
    'a reload keeps them, shown',
  );
  await page.click('.save-search__open');
  await page.waitForSelector('.save-search__form input[name="search"]');
  const saved = await page.$eval('.save-search__form input[name="search"]', (el) => (el as HTMLInputElement).value);
  t.match(saved, /features=communal-pool&stage=off_plan&delivery=\d{4}$/, 'a saved search keeps them');
  t.same(problems.all(), [], 'no error on the way');
});

t.test('more filters without JavaScript, and in a small window', async (t) => {
  const { url } = await startServer(t);
  const browser = await launchBrowser(t);
  const { page, problems } = await newPage(t, browser, { width: 390, height: 844, deviceScaleFactor: 3, javaScript: false });
  await page.goto(`${url}${PLACE}`, { waitUntil: 'load' });
  await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click('.search-form__more-link')]);
  t.equal(new URL(page.url()).search, '?more=1', 'the link asks the server for them');
  await page.click('.search-form__more input[name="features"][value="sea-view"]');
  await page.select('#search-builtfrom', '100');
  await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click('.search-form__submit')]);
  const query = new URL(page.url()).searchParams;
  t.equal(query.get('features'), 'sea-view');
  t.equal(query.get('builtfrom'), '100');
  t.equal(await shownTotal(page), await apiTotal(url, page), 'the results of the filters sent');
  t.same(problems.all(), [], 'no error on the way');

  const small = await newPage(t, browser, { width: 800, height: 600 });
  recordLoads(small.page);
  await small.page.goto(`${url}${PLACE}?features=lift`, { waitUntil: 'load' });
  await waitForHydration(small.page);
  await small.page.click('.search-filters-toggle');
  await small.page.waitForSelector('.search-form__more', { visible: true });
  const overflow = await small.page.evaluate(() => {
    const panel = document.querySelector('.search-form')!.getBoundingClientRect();
    const labels = [...document.querySelectorAll('.search-form__more label')];
    if (!labels.length || !labels.every((label) => label.getBoundingClientRect().width > 0)) return -1;
    return labels.filter((label) => {
      const box = label.getBoundingClientRect();
      return box.right > panel.right + 0.5 || box.left < panel.left - 0.5;
    }).length;
  });
  t.equal(overflow, 0, 'every field within the panel');
  t.equal(
    await small.page.$eval('.search-form__more input[name="features"][value="lift"]', (el) => (el as HTMLInputElement).checked),
    true,
    'shown checked, as the address says',
  );
});

t.test("the form's first fields count their options once the visitor reaches for it", async (t) => {
  const { url } = await startServer(t);
  const browser = await launchBrowser(t);
  const { page, problems } = await open(t, browser, url, PLACE, { width: 1366, height: 900 });
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/facets')) asked.push(request.url());
  });
  const villa = '.search-form input[name="cat"][value="2"] + span';
  const twoBeds = '#search-bedrooms option[value="2"]';
  const text = (selector: string) => page.$eval(selector, (el) => el.textContent ?? '');
  t.notMatch(await text(villa), /\(\d+\)/, 'no count before the form is used');
  await new Promise((resolve) => setTimeout(resolve, 300));
  t.same(asked, [], 'nor a request for them: a visitor who only reads the results costs none');

  // The keyboard's first stop in the form is enough.
  await page.focus('.search-form input[name="cat"]');
  await page.waitForFunction((selector: string) => /\(\d+\)$/.test(document.querySelector(selector)?.textContent ?? ''), {}, villa);
  t.equal(asked.length, 1, 'asked for once');
  const facets = (await (await fetch(`${url}/api/facets?account_id=1&country=spain&region=alicante`)).json()) as FacetsAnswer;
  const count = async (selector: string) => Number(/\((\d+)\)$/.exec(await text(selector))?.[1]);
  t.equal(await count(villa), facets.data.cat['2'], 'a type with its count');
  t.equal(await count(twoBeds), facets.data.bedrooms['2'], '"2+" bedrooms with its count');
  t.equal(await count('#search-bathrooms option[value="2"]'), facets.data.bathrooms['2'], 'and bathrooms');

  const from = new URL(page.url()).pathname;
  await page.select('#search-bedrooms', '2');
  await settled(page, from);
  t.equal(await shownTotal(page), facets.data.bedrooms['2'], 'choosing it leaves as many as it said');
  // The counts follow the search: the types now count with 2+ bedrooms.
  const narrowed = (await (await fetch(`${url}/api/facets?account_id=1&country=spain&region=alicante&bedrooms=2`)).json()) as FacetsAnswer;
  await page.waitForFunction(
    (selector: string, want: string) => document.querySelector(selector)?.textContent?.endsWith(want),
    {},
    villa,
    `(${narrowed.data.cat['2']})`,
  );
  t.pass('the counts follow the search');
  t.same(problems.all(), [], 'no error on the way');
});
