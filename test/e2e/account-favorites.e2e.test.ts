// Favorites in Chromium: hearts add and remove a logged-in client's favorites
// with the toasts 'Added' and 'Removed'; a visitor's hearts stay in the
// browser and are merged into the account at login with 'Synced'.
import t from 'tap';
import { MESSAGES, accountSite } from '../helpers/account-browser.ts';
import { textOf } from '../helpers/browser.ts';
import { LOCAL_FAVORITES_KEY } from '../../src/client/lib/favorites.ts';

t.test('favorites in the browser', async (t) => {
  const { account, favoritesOf, visitor, open, here, waitForPath, toasts, waitForToast, navigate, logIn, openMenu } = await accountSite(t);

  t.test('hearts: added and removed with their toasts, listed on the favorites page', async (t) => {
    await account('marta@example.com');
    const { page, problems } = await visitor(t);
    await open(page, '/login');
    await logIn(page, 'marta@example.com');
    await waitForPath(page, '/');

    await navigate(page, '/search');
    const heart = '.search-cards .favorite-button';
    await page.waitForSelector(heart);
    const id = Number(await page.$eval(heart, (b) => b.getAttribute('data-favorite')));
    t.equal(await page.$eval(heart, (b) => b.getAttribute('aria-pressed')), 'false');
    // Named by its title (a tooltip too), the one label the card's heart carries.
    const named = await page.accessibility.snapshot({ root: (await page.$(heart)) ?? undefined });
    t.match(named?.name, /^Favorite: /, 'labelled with the project');
    await page.click(heart);
    await waitForToast(page, MESSAGES.added);
    await page.waitForSelector(`${heart}[aria-pressed=true]`);
    t.same(await favoritesOf('marta@example.com'), [id], 'stored in the account');
    t.equal(
      await page.$eval('.toasts', (el) => `${el.getAttribute('role')} ${el.getAttribute('aria-live')}`),
      'status polite',
      'toasts are announced politely',
    );
    // The 'Added' toast, the last: closed by its button (another, older, may time out meanwhile).
    const added = (await page.$('.toasts .toast:last-child'))!;
    await page.click('.toasts .toast:last-child .toast__close');
    await page.waitForFunction((toast: Element) => !toast.isConnected, {}, added);
    t.notOk((await toasts(page)).includes(MESSAGES.added), 'a toast can be dismissed');

    await openMenu(page);
    await page.click('#account-menu-list a[href="/old/favorites"]');
    await waitForPath(page, '/old/favorites');
    await page.waitForSelector(`.favorites-list [data-project="${id}"]`);
    t.equal((await page.$$('.favorites-list .project-card')).length, 1, 'the favorite is listed');

    await page.click(`.favorites-list [data-favorite="${id}"]`);
    await waitForToast(page, MESSAGES.removed);
    await page.waitForSelector('.favorites-empty');
    t.same(await favoritesOf('marta@example.com'), [], 'removed from the account');
    t.ok((await toasts(page)).includes(MESSAGES.removed));
    t.same(problems.all(), []);
  });

  t.test("a visitor's heart: kept in the browser, on the same page; logging in, 'Synced' into the account", async (t) => {
    await account('lucia@example.com');
    const { page, problems } = await visitor(t);
    await open(page, '/search');
    const heart = '.search-cards .favorite-button';
    await page.waitForSelector(heart);
    const id = Number(await page.$eval(heart, (b) => b.getAttribute('data-favorite')));
    await page.click(heart);
    await waitForToast(page, MESSAGES.added);
    t.equal(await here(page), '/search', 'the visitor stays on the page');
    t.equal(await page.evaluate((k: string) => localStorage.getItem(k), LOCAL_FAVORITES_KEY), JSON.stringify([id]), 'kept in the browser');
    await navigate(page, '/login?redirect=%2Fsearch');
    await page.waitForSelector('.account-card__note');
    t.match(await textOf(page, '.account-card__note'), /Favorites kept on this device: 1\./, 'the login page says so');

    await logIn(page, 'lucia@example.com');
    await waitForPath(page, '/search');
    await waitForToast(page, MESSAGES.synced);
    t.same(await favoritesOf('lucia@example.com'), [id], 'merged into the account');
    await page.waitForSelector(`.search-cards [data-favorite="${id}"][aria-pressed=true]`);
    t.equal(await page.evaluate((k: string) => localStorage.getItem(k), LOCAL_FAVORITES_KEY), null, 'and no longer kept in the browser');
    t.same(problems.all(), []);
  });
});
