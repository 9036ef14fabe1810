// Compare developments (issue 22) in Chromium, on the demo: picked with the
// "Compare" toggle of cards and of the property page, remembered in the
// browser, reached through the tray, shown side by side at a phone's, a small
// window's and a laptop's size (on a phone two at a time, the labels kept in
// view), the differences alone on request, one removed by its link; with the
// keyboard, without JavaScript and on a partner's own domain; axe on each state.
import t from 'tap';
import type { Page } from 'puppeteer-core';
import { startServer } from '../helpers/app.ts';
import { launchBrowser, newPage, waitForHydration } from '../helpers/browser.ts';
import { violations } from '../helpers/axe.ts';
import { CONSENT_COOKIE, NO_CONSENT, makeConsent, serialiseConsent } from '../../src/shared/consent.ts';
import { COMPARE_KEY } from '../../src/client/lib/compare-list.ts';
import type { SearchAnswer } from '../../src/shared/catalogue.ts';
import en from '../../locales/en.json' with { type: 'json' };

const SIZES = [
  { width: 390, height: 844, deviceScaleFactor: 3 },
  { width: 800, height: 600 },
  { width: 1366, height: 900 },
];

async function visit(page: Page, address: string) {
  await page.goto(address, { waitUntil: 'load' });
  await waitForHydration(page);
}

/** The cookie question answered (necessary only), so that no bar covers the page. */
async function consent(page: Page, origin: string) {
  await page.setCookie({ name: CONSENT_COOKIE, value: serialiseConsent(makeConsent(NO_CONSENT)), url: origin });
}

const stored = (page: Page) => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '[]') as number[], COMPARE_KEY);
const columnNames = (page: Page) => page.$$eval('.compare-table__name', (els) => els.map((el) => el.textContent ?? ''));

t.test('pick on the search page, compare side by side at every size', async (t) => {
  const { url } = await startServer(t);
  const browser = await launchBrowser(t);
  for (const size of SIZES) {
    await t.test(`${size.width} × ${size.height}`, async (t) => {
      const { page, problems } = await newPage(t, browser, size);
      await consent(page, url);
      await visit(page, `${url}/search`);
      t.equal(await page.$('.project-card .compare-toggle'), null, 'no toggle, nor its code, before the visitor does anything');
      // The toggles' code comes with the visitor's first move (not before interaction: the JS budget).
      await page.mouse.move(10, 10);
      await page.waitForSelector('.project-card .compare-toggle');
      const cards = await page.$$eval('.project-card', (els) => els.slice(0, 3).map((el) => Number((el as HTMLElement).dataset.project)));
      const names = await page.$$eval('.project-card__title', (els) => els.slice(0, 3).map((el) => el.textContent ?? ''));
      for (const id of cards) {
        const toggle = `.project-card[data-project="${id}"] .compare-toggle`;
        // In the middle of the window, as a person looks at the card they pick (the tray keeps the window's foot).
        await page.$eval(toggle, (el) => el.scrollIntoView({ block: 'center' }));
        await page.click(toggle);
      }
      t.same(await page.$$eval('.project-card .compare-toggle[aria-pressed="true"]', (els) => els.length), 3, 'the three toggles pressed');
      t.same(await stored(page), cards, 'kept in this browser, in the order picked');
      const tray = await page.waitForSelector('.compare-tray__open');
      t.equal(await tray!.evaluate((el) => el.textContent), en.compare.open.replace('{count}', '3'));
      const trayBox = await page.$eval('.compare-tray', (el) => el.getBoundingClientRect().toJSON() as DOMRect);
      t.ok(trayBox.bottom <= size.height && trayBox.top >= 0, 'the tray is in the window');
      t.same(await violations(page), [], 'axe: the search page with its toggles and tray');

      await page.click('.compare-tray__open');
      await page.waitForSelector('.compare-table');
      t.equal(new URL(page.url()).search, `?ids=${cards.join(',')}`, 'the comparison is its address');
      t.same(await columnNames(page), names, 'one column a development, in the order picked');
      t.equal(await page.$('.compare-tray'), null, 'no tray on the comparison itself');

      // What a person sees of the table in the window.
      const seen = await page.$eval('.compare__scroll', (scroller) => {
        const view = scroller.getBoundingClientRect();
        const label = scroller.querySelector('tbody th')!.getBoundingClientRect();
        const heads = [...scroller.querySelectorAll('.compare-table__project')].map((el) => el.getBoundingClientRect());
        const whole = heads.filter((h) => h.left >= view.left - 1 && h.right <= view.right + 1).length;
        return { whole, labelRight: label.right, firstLeft: heads[0]!.left, viewRight: view.right, viewLeft: view.left };
      });
      t.equal(
        seen.whole,
        size.width < 768 ? 2 : 3,
        size.width < 768 ? 'a phone shows two developments at a time' : 'all three side by side',
      );
      t.ok(seen.labelRight <= seen.firstLeft + 1, 'the labels beside the first development, not over it');
      if (size.width < 768) {
        await page.$eval('.compare__scroll', (el) => el.scrollBy({ left: 400, behavior: 'instant' }));
        const after = await page.$eval('.compare__scroll', (scroller) => ({
          label: scroller.querySelector('tbody th')!.getBoundingClientRect().left,
          view: scroller.getBoundingClientRect().left,
          last: [...scroller.querySelectorAll('.compare-table__project')].at(-1)!.getBoundingClientRect().right,
        }));
        t.ok(Math.abs(after.label - after.view) < 2, 'scrolled: the labels stay in view');
        t.ok(after.last <= size.width, 'and the third development comes into view');
      }
      // The navigation's progress bar has finished (it is outside the landmarks while it shows).
      await page.waitForSelector('.progress-bar.is-idle');
      t.same(await violations(page), [], 'axe: the comparison');

      // Only the differences.
      const rows = await page.$$eval('.compare-table tbody tr', (els) => els.length);
      const different = await page.$$eval('.compare-table tbody tr.is-different', (els) => els.length);
      t.ok(different > 0 && different < rows, 'some rows differ, some do not');
      await page.click('label.compare__differences');
      const shown = await page.$$eval(
        '.compare-table tbody tr',
        (els) => els.filter((el) => getComputedStyle(el).display !== 'none').length,
      );
      t.equal(shown, different, 'only the rows that differ are shown');
      await page.click('label.compare__differences');

      // Remove one.
      await page.$eval('.compare__scroll', (el) => el.scrollTo({ left: 0, behavior: 'instant' }));
      await page.click('.compare-table__remove');
      await page.waitForFunction((n) => document.querySelectorAll('.compare-table__name').length === n, {}, 2);
      t.same(await columnNames(page), names.slice(1), 'the first removed');
      t.same(await stored(page), cards.slice(1), 'and forgotten by this browser');
      t.same(problems.all(), []);
    });
  }
});

t.test('a full list, the property page by keyboard, and the remembered list', async (t) => {
  const { url } = await startServer(t);
  const browser = await launchBrowser(t);
  const { page, problems } = await newPage(t, browser, { width: 1366, height: 900 });
  await consent(page, url);
  const ids = ((await (await fetch(`${url}/api/properties?account_id=1&per_page=5`)).json()) as SearchAnswer).data.map((p) => p.id);
  await visit(page, `${url}/search`);
  await page.evaluate((key, list) => localStorage.setItem(key, JSON.stringify(list)), COMPARE_KEY, ids.slice(0, 4));

  await visit(page, `${url}/for-sale/${ids[4]}`);
  await page.waitForSelector('.property__header .compare-toggle[aria-pressed="false"]');
  await page.focus('.property__header .compare-toggle');
  await page.keyboard.press('Space');
  await page.waitForFunction(() => document.querySelector('.toast')?.textContent?.includes('up to'));
  t.match(
    await page.$eval('.toast', (el) => el.textContent),
    en.compare.full.replace('{max}', '4'),
    'a fifth is refused, and the toast says why',
  );
  t.same(await stored(page), ids.slice(0, 4), 'the list unchanged');

  await visit(page, `${url}/for-sale/${ids[0]}`);
  await page.waitForSelector('.property__header .compare-toggle[aria-pressed="true"]');
  await page.focus('.property__header .compare-toggle');
  await page.keyboard.press('Enter');
  await page.waitForSelector('.property__header .compare-toggle[aria-pressed="false"]');
  t.same(await stored(page), ids.slice(1, 4), 'pressed again by keyboard: taken out');
  t.ok(
    await page.$eval('.property__header .compare-toggle', (el) => el === document.activeElement),
    'pressed before its code came, the button it became keeps the focus',
  );

  await visit(page, `${url}/compare`);
  await page.waitForFunction(() => location.search.startsWith('?ids='));
  t.equal(new URL(page.url()).search, `?ids=${ids.slice(1, 4).join(',')}`, 'the comparison opened without ids shows the list kept here');
  await page.waitForSelector('.compare-table');
  t.equal((await columnNames(page)).length, 3);
  t.same(problems.all(), []);
});

t.test('without JavaScript, and on a partner’s own domain', async (t) => {
  const { url } = await startServer(t);
  const port = new URL(url).port;
  const browser = await launchBrowser(t);
  const ids = ((await (await fetch(`${url}/api/properties?account_id=1&per_page=3`)).json()) as SearchAnswer).data.map((p) => p.id);

  await t.test('no JavaScript: readable, differences, remove', async (t) => {
    const { page, problems } = await newPage(t, browser, { width: 390, height: 844, javaScript: false });
    await page.goto(`${url}/compare?ids=${ids.join(',')}`, { waitUntil: 'load' });
    t.equal((await columnNames(page)).length, 3, 'the table is there');
    const rows = await page.$$eval('.compare-table tbody tr', (els) => els.length);
    await page.click('label.compare__differences');
    const shown = await page.$$eval('.compare-table tbody tr', (els) => els.filter((el) => getComputedStyle(el).display !== 'none').length);
    t.ok(shown > 0 && shown < rows, 'only the differences, by the stylesheet alone');
    await Promise.all([page.waitForNavigation(), page.click('.compare-table__remove')]);
    t.equal(new URL(page.url()).search, `?ids=${ids.slice(1).join(',')}`, 'remove is a link');
    t.equal((await columnNames(page)).length, 2);
    t.same(problems.all(), []);
  });

  await t.test("a partner's domain", async (t) => {
    const origin = `http://costa-casas.localhost:${port}`;
    const { page, problems } = await newPage(t, browser, { width: 390, height: 844, deviceScaleFactor: 3 });
    await consent(page, origin);
    await visit(page, `${origin}/search`);
    await page.mouse.move(10, 10);
    await page.waitForSelector('.project-card .compare-toggle');
    const id = await page.$eval('.project-card', (el) => Number((el as HTMLElement).dataset.project));
    await page.click(`.project-card[data-project="${id}"] .compare-toggle`);
    const href = await (await page.waitForSelector('.compare-tray__open'))!.evaluate((el) => el.getAttribute('href'));
    t.equal(href, `/compare?ids=${id}`, "the comparison on the partner's domain");
    await page.click('.compare-tray__open');
    await page.waitForSelector('.compare-table');
    await page.waitForSelector('.progress-bar.is-idle');
    t.equal(new URL(page.url()).origin, origin, 'the visitor stays on it');
    t.equal(await page.$eval('.compare-table__name', (el) => el.getAttribute('href')), `/for-sale/${id}`);
    t.same(await violations(page), [], 'axe: one development on a partner’s site');
    t.same(problems.all(), []);
  });
});
