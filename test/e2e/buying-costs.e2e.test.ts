// The buying-costs calculator (issue 23) in Chromium: reached from a home of a
// property page with its price and region, the figures following the fields
// as they change (the address too, so it can be shared), a wrong field said
// when the form is sent, the loan's fields shown only with a mortgage; at a
// phone's and a laptop's size; by keyboard; without JavaScript; on a
// partner's own domain in its brand; axe on each.
import t from 'tap';
import type { Page } from 'puppeteer-core';
import { startServer } from '../helpers/app.ts';
import { launchBrowser, newPage, waitForHydration } from '../helpers/browser.ts';
import { violations } from '../helpers/axe.ts';
import { CONSENT_COOKIE, NO_CONSENT, makeConsent, serialiseConsent } from '../../src/shared/consent.ts';
import type { SearchAnswer } from '../../src/shared/catalogue.ts';
import en from '../../locales/en.json' with { type: 'json' };

async function consent(page: Page, origin: string) {
  await page.setCookie({ name: CONSENT_COOKIE, value: serialiseConsent(makeConsent(NO_CONSENT)), url: origin });
}

const total = (page: Page) => page.$eval('.costs__table tfoot td', (el) => el.textContent);
const loanShown = (page: Page) => page.$eval('.costs__loan', (el) => getComputedStyle(el).display !== 'none');

t.test('from a home on a property page to its costs, then changed field by field', async (t) => {
  const { url } = await startServer(t);
  const browser = await launchBrowser(t);
  const [project] = ((await (await fetch(`${url}/api/properties?account_id=1&per_page=1`)).json()) as SearchAnswer).data;
  for (const size of [
    { width: 390, height: 844, deviceScaleFactor: 3 },
    { width: 1366, height: 900 },
  ]) {
    await t.test(`${size.width} × ${size.height}`, async (t) => {
      const { page, problems } = await newPage(t, browser, size);
      await consent(page, url);
      await page.goto(`${url}/for-sale/${project!.id}`, { waitUntil: 'load' });
      await waitForHydration(page);
      const link = await page.$eval('.units-table__costs', (el) => ({
        href: el.getAttribute('href')!,
        label: el.getAttribute('aria-label'),
      }));
      t.match(link.label, /^Buying costs of this home at € [\d.]+$/);
      await Promise.all([page.waitForNavigation(), page.click('.units-table__costs')]);
      await waitForHydration(page);
      t.equal(new URL(page.url()).pathname + new URL(page.url()).search, link.href, "the home's price and region in the address");
      t.match(await total(page), /^€ [\d.]+$/, 'its costs at once');

      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      t.ok(width <= size.width, `nothing wider than the window (${width} px)`);
      const form = await page.$eval('.costs__form', (el) => el.getBoundingClientRect().toJSON() as DOMRect);
      const result = await page.$eval('.costs__result', (el) => el.getBoundingClientRect().toJSON() as DOMRect);
      if (size.width < 992) t.ok(result.top >= form.bottom, 'on a phone the figures below the form');
      else t.ok(result.left >= form.right && Math.abs(result.top - form.top) < 2, 'on a laptop beside it');

      // Typed: the figures follow, and the address with them.
      await page.$eval('#costs-price', (el) => ((el as HTMLInputElement).value = ''));
      await page.type('#costs-price', '250000');
      await page.select('#costs-community', 'valenciana');
      await page.waitForFunction(() => document.querySelector('.costs__table tfoot td')?.textContent === '€ 32.995');
      t.match(page.url(), /price=250000/, 'the address is the calculation, to share');

      t.notOk(await loanShown(page), 'no loan fields without a mortgage');
      await page.click('#costs-mortgage');
      t.ok(await loanShown(page), 'ticked: the loan fields');
      await page.waitForSelector('.costs__mortgage-figures');
      t.match(await page.$eval('.costs__mortgage-figures', (el) => el.textContent), /€ 876 a month over 25 years at 3\.5%/);
      t.same(await violations(page), [], 'axe: the calculator with a mortgage');

      // A wrong field is said when the form is sent, next to the field.
      await page.$eval('#costs-rate', (el) => ((el as HTMLInputElement).value = ''));
      await page.type('#costs-rate', '99');
      await page.click('.costs__form button[type=submit]');
      await page.waitForSelector('#costs-rate-error');
      t.equal(await page.$eval('#costs-rate-error', (el) => el.textContent), 'Enter a rate between 0 and 15%.');
      t.equal(await page.$eval('#costs-rate', (el) => el.getAttribute('aria-invalid')), 'true');
      t.same(problems.all(), []);
    });
  }
});

t.test('by keyboard only', async (t) => {
  const { url } = await startServer(t);
  const browser = await launchBrowser(t);
  const { page, problems } = await newPage(t, browser, { width: 1280, height: 800 });
  await consent(page, url);
  await page.goto(`${url}/buying-costs`, { waitUntil: 'load' });
  await waitForHydration(page);
  await page.focus('#costs-price');
  await page.keyboard.type('300000');
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowDown'); // the first region of the list
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => /community=andalucia/.test(location.search));
  t.match(await total(page), /^€ [\d.]+$/, 'the figures for Andalusia');
  t.same(problems.all(), []);
});

t.test('without JavaScript, and on a partner’s own domain', async (t) => {
  const { url } = await startServer(t);
  const browser = await launchBrowser(t);

  await t.test('no JavaScript: the browser sends the form, the server answers', async (t) => {
    const { page, problems } = await newPage(t, browser, { width: 390, height: 844, javaScript: false });
    await page.goto(`${url}/buying-costs`, { waitUntil: 'load' });
    t.match(await page.$eval('.costs__result', (el) => el.textContent), en.buyingCosts.ask);
    await page.type('#costs-price', '180.000');
    await page.select('#costs-community', 'murcia');
    t.notOk(await loanShown(page), 'the loan fields hidden');
    await page.click('#costs-mortgage');
    t.ok(await loanShown(page), 'and shown when ticked, by the stylesheet alone');
    await Promise.all([page.waitForNavigation(), page.click('.costs__form button[type=submit]')]);
    t.equal(await total(page), '€ 25.741', 'the breakdown of a worked example');
    t.match(await page.$eval('.costs__mortgage-figures', (el) => el.textContent), /€ 631 a month/);
    t.same(problems.all(), []);
  });

  await t.test("a partner's domain: its brand, its address", async (t) => {
    const origin = `http://costa-casas.localhost:${new URL(url).port}`;
    const { page, problems } = await newPage(t, browser, { width: 390, height: 844, deviceScaleFactor: 3 });
    await consent(page, origin);
    await page.goto(`${origin}/buying-costs?price=250000&community=canarias`, { waitUntil: 'load' });
    await waitForHydration(page);
    t.equal(await total(page), '€ 24.245');
    t.match(await page.title(), /Costa Casas Inmobiliaria$/);
    await page.$eval('#costs-price', (el) => ((el as HTMLInputElement).value = ''));
    await page.type('#costs-price', '300000');
    await page.waitForFunction(() => /price=300000/.test(location.search));
    t.equal(new URL(page.url()).origin + new URL(page.url()).pathname, `${origin}/buying-costs`, 'the visitor stays on it');
    t.same(await violations(page), [], 'axe: on a partner’s site');
    t.same(problems.all(), []);
  });
});
