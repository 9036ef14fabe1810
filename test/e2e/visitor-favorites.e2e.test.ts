// Favorites before an account (issue 10, item 4), as a visitor meets them in
// Chromium: a heart tapped without an account toggles at once with 'Added',
// the results page, its sort and its scroll stay as they were, and the toast
// offers to register; the favorites page lists the hearts kept in this browser
// under an invitation to register (no bounce to the login page); registering
// from the toast merges them into the new account and comes back. On the main
// site at 1280 × 800, on a partner's path site at 390 × 844, and on a
// partner's own domain.
import t, { type Test } from 'tap';
import type { Page } from 'puppeteer-core';
import { startServer } from '../helpers/app.ts';
import { launchBrowser, newPage, textOf, waitForHydration, type Problems } from '../helpers/browser.ts';
import { CONSENT_COOKIE, NO_CONSENT, makeConsent, serialiseConsent } from '../../src/shared/consent.ts';
import { LOCAL_FAVORITES_KEY } from '../../src/client/lib/favorites.ts';

const PASSWORD = 'correct horse battery staple';
const TOAST = '.toasts .toast';
// The texts a visitor reads (SPEC §4 for the toasts), not taken from locales/en.json.
const ADDED = 'Added';
const REMOVED = 'Removed';
const SYNCED = 'Synced';
const REGISTER_TO_KEEP = 'Register to keep them';

t.test('favorites before an account', async (t) => {
  const { app, url } = await startServer(t, { env: { SCRYPT_LOG_N: '10', AUTH_RATE_LIMIT: '1000' } });
  const browser = await launchBrowser(t);
  const db = app.store.db;
  const port = new URL(url).port;

  async function visitor(t: Test, origin: string, size: { width: number; height: number }): Promise<{ page: Page; problems: Problems }> {
    const opened = await newPage(t, browser, size);
    await opened.page.setCookie({ name: CONSENT_COOKIE, value: serialiseConsent(makeConsent(NO_CONSENT)), url: origin });
    return opened;
  }
  const here = (page: Page) => page.evaluate(() => location.pathname + location.search);
  const stored = (page: Page) => page.evaluate((k: string) => localStorage.getItem(k), LOCAL_FAVORITES_KEY);
  const waitForToast = (page: Page, text: string) =>
    page.waitForFunction(
      (want: string) => [...document.querySelectorAll('.toasts .toast__message')].some((el) => el.textContent === want),
      {},
      text,
    );
  const favoritesOf = async (email: string) => {
    const client = await db.selectFrom('clients').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    return (await db.selectFrom('favorites').select('project_id').where('client_id', '=', client.id).execute()).map((r) => r.project_id);
  };

  /**
   * On a results page with a sort, scrolled down to a card's heart: taps it.
   * Returns the project's id. Asserts the page, sort and scroll are unchanged.
   */
  async function tapHeart(t: Test, page: Page, index: number): Promise<number> {
    const heart = `.search-cards li:nth-child(${index}) .favorite-button`;
    await page.waitForSelector(heart);
    await page.$eval(heart, (b) => b.scrollIntoView({ block: 'center' }));
    const before = { at: await here(page), y: await page.evaluate(() => Math.round(window.scrollY)) };
    t.ok(before.y > 0, 'scrolled down the results');
    const id = Number(await page.$eval(heart, (b) => b.getAttribute('data-favorite')));
    await page.click(heart);
    await waitForToast(page, ADDED);
    await page.waitForSelector(`${heart}[aria-pressed=true]`);
    t.equal(await here(page), before.at, 'the same results page, with its sort');
    t.equal(await page.evaluate(() => Math.round(window.scrollY)), before.y, 'scrolled where it was');
    t.notOk(await page.$('form.account-form--login'), 'no login page');
    return id;
  }

  /** The 'Added' toast's link: its text and address. */
  const toastLink = (page: Page) =>
    page.$$eval(TOAST, (toasts) => {
      const added = toasts.filter((el) => el.querySelector('.toast__message')?.textContent === 'Added').pop();
      const a = added?.querySelector('a');
      return a ? { text: a.textContent?.trim(), href: a.getAttribute('href') } : null;
    });

  t.test('main site, 1280 × 800: tap, stay, list, register from the toast, merged', async (t) => {
    const { page, problems } = await visitor(t, url, { width: 1280, height: 800 });
    await page.goto(`${url}/search?sort=price_asc`, { waitUntil: 'load' });
    await waitForHydration(page);
    const first = await tapHeart(t, page, 8);
    const second = await tapHeart(t, page, 5);
    t.equal(await stored(page), JSON.stringify([first, second]), 'both kept in this browser');
    const link = await toastLink(page);
    t.equal(link?.text, REGISTER_TO_KEEP, 'the toast offers to register to keep them');
    t.match(link?.href, /\/client-register\?redirect=%2Fsearch$/, "to the section's register page, coming back here");

    // A heart released: 'Removed', still here.
    await page.click(`.search-cards [data-favorite="${second}"]`);
    await waitForToast(page, REMOVED);
    t.equal(await stored(page), JSON.stringify([first]), 'released: no longer kept');
    await page.click(`.search-cards [data-favorite="${second}"]`);
    await waitForToast(page, ADDED);

    // The favorites page, opened afresh: no login asked, the kept projects as cards.
    const response = await page.goto(`${url}/old/favorites`, { waitUntil: 'load' });
    t.equal(response?.status(), 200, 'the favorites page answers 200');
    await waitForHydration(page);
    t.equal(await here(page), '/old/favorites', 'not sent to log in');
    t.equal(await textOf(page, 'h1'), 'Your favorites');
    await page.waitForSelector('.favorites-list .project-card');
    t.same(
      await page.$$eval('.favorites-list .project-card', (cards) => cards.map((c) => Number(c.getAttribute('data-project')))),
      [second, first],
      'the kept projects, newest first',
    );
    t.match(await textOf(page, '.favorites-invite'), /Register for free to keep them/, 'with the invitation to register');
    t.match(
      await page.$eval('.favorites-invite a.button', (a) => a.getAttribute('href')),
      /\/client-register\?redirect=%2Fold%2Ffavorites$/,
    );

    // Released on the favorites page: the card leaves.
    await page.click(`.favorites-list [data-favorite="${second}"]`);
    await waitForToast(page, REMOVED);
    await page.waitForFunction((id: number) => !document.querySelector(`.favorites-list [data-project="${id}"]`), {}, second);
    t.equal((await page.$$('.favorites-list .project-card')).length, 1, 'the released card leaves the list');

    // Back to the results, a heart, and register from its toast.
    await page.goto(`${url}/search?sort=price_asc`, { waitUntil: 'load' });
    await waitForHydration(page);
    await tapHeart(t, page, 5);
    await page.click(`${TOAST} a`);
    await page.waitForFunction(() => /\/client-register$/.test(location.pathname));
    await page.waitForSelector('form.account-form--register button[type=submit]:not([disabled])');
    for (const [name, value] of Object.entries({ email: 'alba@example.com', password: PASSWORD, password_repeat: PASSWORD }))
      await page.type(`form.account-form--register [name="${name}"]`, value);
    await page.click('form.account-form--register [name=terms]');
    await page.click('form.account-form--register button[type=submit]');
    await waitForToast(page, SYNCED);
    await page.waitForFunction(() => location.pathname === '/search');
    t.pass('registered, and back on the results');
    t.same((await favoritesOf('alba@example.com')).sort(), [first, second].sort(), 'the kept favorites are now the account’s');
    t.equal(await stored(page), null, 'and no longer kept in the browser');
    t.same(problems.all(), [], 'no console error, failed request or CSP violation');
  });

  t.test("a partner's path site, 390 × 844: tap, stay, and its own favorites page", async (t) => {
    const { page, problems } = await visitor(t, url, { width: 390, height: 844 });
    await page.goto(`${url}/costa-casas/search?sort=price_desc`, { waitUntil: 'load' });
    await waitForHydration(page);
    const id = await tapHeart(t, page, 3);
    t.match(
      (await toastLink(page))?.href,
      /^\/costa-casas\/client-register\?redirect=%2Fcosta-casas%2Fsearch$/,
      "the partner's register page",
    );
    await page.goto(`${url}/costa-casas/favorites`, { waitUntil: 'load' });
    await waitForHydration(page);
    t.equal(await here(page), '/costa-casas/favorites', 'not sent to log in');
    t.equal(await page.$eval('[data-layout]', (el) => el.getAttribute('data-layout')), 'partner', "in the partner's layout");
    await page.waitForSelector(`.favorites-list [data-project="${id}"]`);
    t.pass('the kept project is listed');
    t.same(problems.all(), []);
  });

  t.test("a partner's own domain: the favorites page lists what this browser keeps", async (t) => {
    // Chromium resolves every *.localhost name to the loopback address.
    const own = `http://costa-casas.localhost:${port}`;
    const { page, problems } = await visitor(t, own, { width: 1280, height: 800 });
    await page.goto(`${own}/search`, { waitUntil: 'load' });
    await waitForHydration(page);
    const id = await tapHeart(t, page, 4);
    t.match((await toastLink(page))?.href, /^\/client-register\?redirect=%2Fsearch$/, "the domain's own register page");
    await page.goto(`${own}/favorites`, { waitUntil: 'load' });
    await waitForHydration(page);
    t.equal(await here(page), '/favorites', 'not sent to log in');
    await page.waitForSelector(`.favorites-list [data-project="${id}"]`);
    t.pass('the kept project is listed');
    t.same(problems.all(), []);
  });

  t.test('with nothing kept, the favorites page says so and invites to register', async (t) => {
    const { page, problems } = await visitor(t, url, { width: 390, height: 844 });
    await page.goto(`${url}/old/favorites`, { waitUntil: 'load' });
    await waitForHydration(page);
    await page.waitForSelector('.favorites-empty');
    t.equal(await textOf(page, '.favorites-empty h2'), 'No favorites yet');
    t.ok(await page.$('.favorites-invite a.button'), 'the invitation to register');
    t.same(problems.all(), []);
  });

  t.test('GET /api/project-cards: listed projects of the ids, in order; a bad list is a 400', async (t) => {
    const ids = (await db.selectFrom('projects').select('id').where('withdrawn_at', 'is', null).orderBy('id').limit(2).execute()).map(
      (r) => r.id,
    );
    const res = await fetch(`${url}/api/project-cards?ids=${[...ids].reverse().join(',')},999999`);
    t.equal(res.status, 200);
    t.same(
      ((await res.json()) as { data: { id: number }[] }).data.map((c) => c.id),
      [...ids].reverse(),
      'in the order asked, unknown ids left out',
    );
    t.equal((await fetch(`${url}/api/project-cards?ids=abc`)).status, 400);
    t.equal((await fetch(`${url}/api/favorites`)).status, 401, "the account's list still needs an account");
  });
});
