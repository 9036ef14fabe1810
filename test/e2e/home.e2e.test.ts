// The home page as a person meets it on a phone (390 × 844) and a laptop
// (1366 × 900), once the cookie choice is made: the search entry is whole in
// the first screen and the first featured development starts within the next;
// on a phone each featured list scrolls sideways while the page does not; a
// search by a typed place name and a budget lands on the readable search
// address, its first result within the budget, with JavaScript and without.
import t from 'tap';
import { startServer } from '../helpers/app.ts';
import { launchBrowser, newPage, waitForHydration } from '../helpers/browser.ts';
import { CONSENT_COOKIE, NO_CONSENT, makeConsent, serialiseConsent } from '../../src/shared/consent.ts';

const SCREENS = [
  { name: 'phone', width: 390, height: 844, deviceScaleFactor: 3 },
  { name: 'laptop', width: 1366, height: 900, deviceScaleFactor: 1 },
];
const BUDGET = 300_000;

t.test('the home page puts its search first and its developments one screen down', async (t) => {
  const { url } = await startServer(t);
  const browser = await launchBrowser(t);
  for (const screen of SCREENS)
    for (const javaScript of [true, false])
      await t.test(`${screen.name}, JavaScript ${javaScript ? 'on' : 'off'}`, async (t) => {
        const { page, problems } = await newPage(t, browser, { ...screen, javaScript });
        await page.setCookie({ name: CONSENT_COOKIE, value: serialiseConsent(makeConsent(NO_CONSENT)), url });
        await page.goto(`${url}/`, { waitUntil: 'load' });
        if (javaScript) await waitForHydration(page);

        const laid = await page.evaluate(() => {
          // A DOMRect's sides are getters: copied, so that they cross to the test.
          const sides = (el: Element | null) => {
            const r = el?.getBoundingClientRect();
            return r ? { top: r.top, bottom: r.bottom, left: r.left, right: r.right } : null;
          };
          const box = (selector: string) => sides(document.querySelector(selector));
          const row = document.querySelector('.featured-row__cards');
          const cards = [...document.querySelectorAll('.featured-row__cards > li')].slice(0, 2).map(sides);
          return {
            viewport: { width: innerWidth, height: innerHeight },
            pageWidth: document.documentElement.scrollWidth,
            form: box('form.search-entry'),
            submit: box('.search-entry__submit'),
            firstCard: cards[0] ?? null,
            secondCard: cards[1] ?? null,
            row: row ? { scrollWidth: row.scrollWidth, clientWidth: row.clientWidth } : null,
          };
        });
        t.ok(laid.form && laid.submit && laid.firstCard && laid.row, 'the search entry and the featured developments are there');
        t.ok(
          laid.form!.top >= 0 && laid.submit!.bottom <= laid.viewport.height,
          `the whole search entry in the first screen (its button ends at ${laid.submit!.bottom} of ${laid.viewport.height} px)`,
        );
        t.ok(
          laid.firstCard!.top < 2 * laid.viewport.height,
          `the first featured development starts within the next screen (at ${laid.firstCard!.top} px)`,
        );
        t.ok(laid.pageWidth <= laid.viewport.width, 'the page does not scroll sideways');
        if (screen.width < 576) {
          t.ok(laid.row!.scrollWidth > laid.row!.clientWidth, 'a featured list scrolls sideways');
          t.ok(laid.secondCard!.top === laid.firstCard!.top && laid.secondCard!.left > laid.firstCard!.right, 'its cards side by side');
        } else {
          t.equal(laid.row!.scrollWidth, laid.row!.clientWidth, 'a featured list fits its row');
        }

        await page.type('form.search-entry input[name="q"]', 'alicante');
        await page.select('form.search-entry select[name="priceto"]', String(BUDGET));
        // With JavaScript the page moves inside itself, without it the server answers the form.
        await Promise.all([
          javaScript ? page.waitForFunction(() => location.pathname.startsWith('/search')) : page.waitForNavigation({ waitUntil: 'load' }),
          page.click('.search-entry__submit'),
        ]);
        await page.waitForSelector('#search-results .project-card__price');
        const landed = new URL(page.url());
        t.equal(`${landed.pathname}${landed.search}`, `/search/spain/alicante?priceto=${BUDGET}`, 'the readable search address');
        const price = await page.$eval('#search-results .project-card__price', (el) => el.textContent ?? '');
        const lowest = Number(/€\s*([\d.]+)/.exec(price)?.[1]?.replaceAll('.', ''));
        t.ok(lowest > 0 && lowest <= BUDGET, `its first result within the budget (${price})`);
        t.same(problems.all(), [], 'no error on the way');
      });
});
