// Prices in the buyer's money on a property page (issue 24), in Chromium. A
// visitor who allows functional storage asks for the price in their currency
// by keyboard: the button's code loads, the price reads '≈ £ …' with the ECB's
// date beside it, the units' prices too, a screen reader hears 'approximately
// £…'; the choice holds after a reload and on the German page (its own number
// order and date); it fits a 320 px screen. Without that consent the choice
// is for the page only, and one kept before is not used; without fresh rates no conversion is offered at all.
import t from 'tap';
import type { Browser, Page } from 'puppeteer-core';
import { startServer } from '../helpers/app.ts';
import { launchBrowser, newPage, waitForHydration } from '../helpers/browser.ts';
import { CONSENT_COOKIE, NO_CONSENT, makeConsent, serialiseConsent, type ConsentPreferences } from '../../src/shared/consent.ts';
import { approximate } from '../../src/shared/currencies.ts';
import { formatDay } from '../../src/shared/dates.ts';

const GBP = 0.8521;
const today = new Date().toISOString().slice(0, 10);
const ALLOW_FUNCTIONAL: ConsentPreferences = { optional: false, functional: true };

/** '136000' → '136.000', as the English and German pages group a price. */
const dotted = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.');

interface Shown {
  button: string | null;
  amount: string | null;
  spoken: string | null;
  unitAmounts: string[];
  note: string | null;
}

function shown(page: Page): Promise<Shown> {
  return page.evaluate(() => {
    const text = (el: Element | null | undefined) => el?.textContent?.replace(/\s+/g, ' ').trim() ?? null;
    const amount = document.querySelector('.price-conversion__amount');
    return {
      button: text(document.querySelector('.price-conversion__show')),
      amount: amount
        ? text(amount.querySelector('[aria-hidden="true"]')) + ' ' + text(amount.querySelector('.price-conversion__source'))
        : null,
      spoken: text(amount?.querySelector('.visually-hidden')),
      unitAmounts: [...document.querySelectorAll('.units-table__price .converted [aria-hidden="true"]')].map((el) => text(el)!),
      note: text(document.querySelector('.units-table__rates')),
    };
  });
}

async function visit(
  browser: Browser,
  t: { teardown(fn: () => unknown): void },
  origin: string,
  consent: ConsentPreferences,
  width = 1280,
) {
  const { page, problems } = await newPage(t, browser, { width, height: 800 });
  await page.setCookie({ name: CONSENT_COOKIE, value: serialiseConsent(makeConsent(consent)), url: origin });
  return { page, problems };
}

t.test('a property page converts its prices on request, and remembers the currency', async (t) => {
  const { app, url } = await startServer(t);
  const browser = await launchBrowser(t);
  const db = app.store.db;
  await app.services.exchangeRates.save(
    { date: today, rates: { GBP, USD: 1.0842, SEK: 11.4375 } },
    { etag: null, last_modified: null },
    new Date(),
  );

  // A listed project whose units have prices.
  const unit = await db
    .selectFrom('units as u')
    .innerJoin('projects as p', 'p.id', 'u.project_id')
    .select('u.project_id')
    .where('p.withdrawn_at', 'is', null)
    .where('u.withdrawn_at', 'is', null)
    .where('u.price', '>', 0)
    .orderBy('u.project_id')
    .executeTakeFirstOrThrow();
  const id = unit.project_id;
  const project = (await (await fetch(`${url}/api/property?id=${id}`)).json()) as { data: { price: { min: number; max: number } } };
  const { min } = project.data.price;
  const pounds = approximate(min, GBP);
  const ecbDay = formatDay(`${today}T12:00:00Z`);

  t.test('asked for by keyboard, kept after a reload and in German, at 320 px', async (t) => {
    const { page, problems } = await visit(browser, t, url, ALLOW_FUNCTIONAL, 320);
    await page.goto(`${url}/for-sale/${id}`, { waitUntil: 'load' });
    await waitForHydration(page);
    const before = await shown(page);
    t.equal(before.button, 'In your currency', 'the price offers a conversion');
    t.equal(before.amount, null, 'and shows none before it is asked for');
    t.same(before.unitAmounts, [], 'nor do the units');

    await page.focus('.price-conversion__show');
    await page.keyboard.press('Enter');
    await page.waitForSelector('.price-conversion__amount');
    const asked = await shown(page);
    t.match(
      asked.amount,
      new RegExp(`^≈ £ ${dotted(pounds).replaceAll('.', '\\.')}( - £ [\\d.]+)? \\(ECB rate of ${ecbDay}\\)$`),
      `the price in pounds, ${asked.amount}`,
    );
    t.match(asked.spoken, new RegExp(`^approximately £${pounds.toLocaleString('en')}`), 'read as a number, with a word for ≈');
    t.equal(
      await page.$eval('#price-currency', (el) => [el === document.activeElement, (el as HTMLSelectElement).value].join()),
      'true,GBP',
      "English: pounds first, the focus on the currency's choice",
    );
    await page.waitForFunction(() => document.querySelectorAll('.units-table__price .converted').length > 0);
    const units = await shown(page);
    t.ok(
      units.unitAmounts.length > 0 && units.unitAmounts.every((a) => /^≈ £ [\d.]+$/.test(a)),
      `the units' prices too: ${units.unitAmounts.join(', ')}`,
    );
    t.equal(units.note, `≈ Approximate amounts at the ECB rate of ${ecbDay}. The prices are in euros.`);
    t.equal(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      0,
      'no sideways scroll at 320 px',
    );

    await page.select('#price-currency', 'SEK');
    await page.waitForFunction(() => /SEK|kr/.test(document.querySelector('.price-conversion__amount')?.textContent ?? ''));
    await page.select('#price-currency', 'GBP');
    await page.waitForFunction(() => document.querySelector('.price-conversion__amount')?.textContent?.includes('£'));

    await page.reload({ waitUntil: 'load' });
    await page.waitForSelector('.price-conversion__amount');
    await page.waitForFunction(() => document.querySelectorAll('.units-table__price .converted').length > 0);
    const again = await shown(page);
    t.equal(again.amount, asked.amount, 'after a reload, still in pounds');
    t.same(again.unitAmounts, units.unitAmounts, 'the units too');

    await page.goto(`${url}/de/for-sale/${id}`, { waitUntil: 'load' });
    await page.waitForSelector('.price-conversion__amount');
    const german = await shown(page);
    t.match(
      german.amount,
      new RegExp(`^≈ ${dotted(pounds).replaceAll('.', '\\.')} £.* \\(EZB-Kurs vom \\d+\\. \\S+ \\d{4}\\)$`),
      `German: ${german.amount}`,
    );
    t.same(problems.all(), []);
  });

  t.test('without consent to functional storage, chosen for the page only', async (t) => {
    const { page } = await visit(browser, t, url, NO_CONSENT);
    await page.goto(`${url}/for-sale/${id}`, { waitUntil: 'load' });
    await waitForHydration(page);
    await page.click('.price-conversion__show');
    await page.waitForSelector('.price-conversion__amount');
    t.equal(await page.evaluate(() => localStorage.getItem('currency')), null, 'nothing kept');
    await page.select('#price-currency', '');
    await page.waitForSelector('.price-conversion__show');
    t.equal(
      await page.evaluate(() => document.activeElement?.className),
      'price-conversion__show',
      "'Euros only': the button back, with the focus",
    );
    await page.click('.price-conversion__show');
    await page.waitForSelector('.price-conversion__amount');
    await page.reload({ waitUntil: 'load' });
    await waitForHydration(page);
    t.equal((await shown(page)).amount, null, 'a reload shows euros only');

    // A currency kept under a consent since withdrawn: the first load sees it and loads the code, which does not use it.
    await page.evaluate(() => localStorage.setItem('currency', 'GBP'));
    await page.reload({ waitUntil: 'load' });
    await waitForHydration(page, '.price-conversion__show');
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const withdrawn = await shown(page);
    t.equal(withdrawn.amount, null, 'a currency kept without consent is not shown');
    t.equal(withdrawn.button, 'In your currency', 'the button asks again');
    t.same(withdrawn.unitAmounts, [], 'nor in the units table');
  });

  t.test('without fresh rates, no conversion', async (t) => {
    const { page } = await visit(browser, t, url, ALLOW_FUNCTIONAL);
    await page.goto(`${url}/for-sale/${id}`, { waitUntil: 'load' });
    await page.evaluate(() => localStorage.setItem('currency', 'GBP'));
    await page.reload({ waitUntil: 'load' });
    await page.waitForSelector('.price-conversion__amount');
    const old = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    await db.updateTable('exchange_rates').set({ date: old }).execute();
    await page.reload({ waitUntil: 'load' });
    await waitForHydration(page);
    await page.waitForSelector('.units-table');
    t.equal(await page.$('.price-conversion'), null, 'nothing offered beside the price');
    t.same((await shown(page)).unitAmounts, [], 'nor in the units table');
    t.equal(await page.$eval('.property__price', (el) => /€/.test(el.textContent ?? '')), true, 'the price in euros stays');
  });
});
