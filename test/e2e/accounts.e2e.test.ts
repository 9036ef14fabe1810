// Client accounts in Chromium (issue 5), against a real server with a fresh
// store: register and land on / logged in; log out and land on /; a page that
// needs an account sends a visitor to its section's login and back after logging in; hearts
// add and remove favorites with the toasts 'Added' and 'Removed'; a visitor's
// hearts are merged at login with 'Synced'; registered-only files lock and
// unlock with the session; 'Check your credentials' and the network message;
// the password reset end to end through the mail; no console errors.
import fs from 'node:fs';
import path from 'node:path';
import t, { type Test } from 'tap';
import type { Page } from 'puppeteer-core';
import { startServer } from '../helpers/app.ts';
import { launchBrowser, newPage, textOf, waitForHydration, type NewPageOptions, type Problems } from '../helpers/browser.ts';
import { CONSENT_COOKIE, NO_CONSENT, makeConsent, serialiseConsent } from '../../src/shared/consent.ts';
import { LOCAL_FAVORITES_KEY } from '../../src/client/lib/favorites.ts';
import { waitFor } from '../helpers/processes.ts';

const PASSWORD = 'correct horse battery staple';
const TOAST = '.toasts .toast__message';
const MENU_TOGGLE = '.account-menu__toggle';
const LOGIN_LINK = '.account-menu__login';

const MESSAGES = {
  loginFailed: 'Check your credentials',
  network: 'Sorry an error occured, check your internet',
  loggedIn: 'Successfully logged in',
  authenticated: 'Successfully authenticated',
  resetSent: 'Thanks, we will send you a link to reset your password',
  reset: 'Thanks, You can now login with your email address and new password',
  added: 'Added',
  removed: 'Removed',
  synced: 'Synced',
};

t.test('client accounts in the browser', async (t) => {
  const { app, url } = await startServer(t, { env: { SCRYPT_LOG_N: '10', AUTH_RATE_LIMIT: '1000' } });
  const browser = await launchBrowser(t);
  const db = app.store.db;

  /** An account made through the API, to log in with in the browser. */
  async function account(email: string): Promise<void> {
    const res = await fetch(`${url}/api/client-register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD, password_repeat: PASSWORD, terms: true }),
    });
    if (res.status !== 201) throw new Error(`register ${email}: ${res.status}`);
  }
  const clientId = async (email: string) =>
    (await db.selectFrom('clients').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  const favoritesOf = async (email: string) =>
    (
      await db
        .selectFrom('favorites')
        .select('project_id')
        .where('client_id', '=', await clientId(email))
        .orderBy('project_id')
        .execute()
    ).map((r) => r.project_id);

  /** A visitor who has answered the cookie question (no bar over the page). */
  async function visitor(t: Test, options: NewPageOptions = {}): Promise<{ page: Page; problems: Problems }> {
    const opened = await newPage(t, browser, options);
    await opened.page.setCookie({ name: CONSENT_COOKIE, value: serialiseConsent(makeConsent(NO_CONSENT)), url });
    return opened;
  }

  async function open(page: Page, address: string): Promise<void> {
    await page.goto(`${url}${address}`, { waitUntil: 'load' });
    await waitForHydration(page);
  }

  const here = (page: Page) => page.evaluate(() => location.pathname + location.search);
  const waitForPath = (page: Page, want: string) =>
    page.waitForFunction((w: string) => location.pathname + location.search === w, {}, want);
  const toasts = (page: Page) => page.$$eval(TOAST, (els) => els.map((el) => el.textContent));
  const waitForToast = (page: Page, text: string) =>
    page.waitForFunction(
      (sel: string, want: string) => [...document.querySelectorAll(sel)].some((el) => el.textContent === want),
      {},
      TOAST,
      text,
    );

  /** Client-side navigation, as a link would do it (wouter follows popstate). */
  const navigate = (page: Page, to: string) =>
    page.evaluate((to: string) => {
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, to);

  async function fill(page: Page, form: string, values: Record<string, string>): Promise<void> {
    await page.waitForSelector(`form.account-form--${form} button[type=submit]:not([disabled])`);
    for (const [name, value] of Object.entries(values)) await page.type(`form.account-form--${form} [name="${name}"]`, value);
  }
  /** Replaces what a field holds, as a visitor would (select all, type). */
  async function retype(page: Page, selector: string, value: string): Promise<void> {
    await page.$eval(selector, (el) => (el as HTMLInputElement).select());
    await page.type(selector, value);
  }
  async function submit(page: Page, form: string): Promise<void> {
    await page.click(`form.account-form--${form} button[type=submit]`);
  }
  async function logIn(page: Page, email: string, password = PASSWORD): Promise<void> {
    await fill(page, 'login', { email, password });
    await submit(page, 'login');
  }
  const statusOf = (page: Page, form: string) => textOf(page, `form.account-form--${form} .form-status`);
  const buttonResult = (page: Page, form: string) =>
    page.$eval(`form.account-form--${form} button[type=submit]`, (b) => [b.getAttribute('data-state'), b.getAttribute('data-result')]);

  async function openMenu(page: Page): Promise<void> {
    // Right after a login, the menu's code may still be on its way (lib/client-menu.ts).
    await page.waitForSelector(MENU_TOGGLE);
    await page.click(MENU_TOGGLE);
    await page.waitForSelector('#account-menu-list:not([hidden])');
  }

  async function logOut(page: Page): Promise<void> {
    await openMenu(page);
    await page.waitForSelector('#account-menu-list:not([hidden])');
    await page.click('.account-menu__logout');
    await page.waitForSelector(LOGIN_LINK);
  }

  t.test('register: logged in with the toast, on /; log out: on /, logged out', async (t) => {
    const { page, problems } = await visitor(t);
    await open(page, '/search');
    t.ok(await page.$(LOGIN_LINK), 'a visitor sees the login link');
    await open(page, '/old/client-register');
    t.equal(
      await page.$eval('form.account-form--register a[href="/old/terms"]', (a) => a.firstChild?.textContent),
      'terms of use and privacy statement',
      'the terms are linked',
    );
    const terms = await fetch(`${url}/old/terms`);
    t.match(await terms.text(), /<h1>Terms of use and privacy statement<\/h1>/, 'and the terms page exists');

    await fill(page, 'register', { email: 'rosa@example.com', password: PASSWORD, password_repeat: 'another password' });
    await page.click('form.account-form--register [name=terms]');
    await submit(page, 'register');
    await page.waitForSelector('form.account-form--register [data-result=invalid]');
    t.equal(await textOf(page, '#register-password-repeat-error'), 'The passwords do not match.', 'the repeat must match');
    t.equal(await clientId('rosa@example.com').catch(() => null), null, 'nothing sent');

    await retype(page, 'form.account-form--register [name=password_repeat]', PASSWORD);
    await submit(page, 'register');
    await waitForPath(page, '/');
    await waitForToast(page, MESSAGES.authenticated);
    await page.waitForSelector(MENU_TOGGLE);
    t.equal(await here(page), '/', 'registered: on /');
    t.ok(await clientId('rosa@example.com'), 'the account exists');

    await page.reload({ waitUntil: 'load' });
    await waitForHydration(page);
    t.ok(await page.$(MENU_TOGGLE), 'still logged in after a reload (the session cookie)');

    await openMenu(page);
    t.ok(await page.$('body.account-menu-open'), 'while the menu is open the toasts wait behind it');
    await page.keyboard.press('Escape');
    await page.waitForSelector('#account-menu-list[hidden]');
    t.ok(await page.$eval(MENU_TOGGLE, (b) => b === document.activeElement), 'Escape closes the menu, the focus back on its button');
    t.notOk(await page.$('body.account-menu-open'), 'and the toasts show again');
    await openMenu(page);
    await page.$eval('main', (main) => main.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true })));
    await page.waitForSelector('#account-menu-list[hidden]');
    t.equal(await here(page), '/', 'a pointer down outside closes the menu, on the same page');

    await open(page, '/contact');
    await logOut(page);
    await waitForPath(page, '/');
    t.ok(await page.$(LOGIN_LINK), 'logged out: the login link again');
    await page.reload({ waitUntil: 'load' });
    await waitForHydration(page);
    t.ok(await page.$(LOGIN_LINK), 'and after a reload too (the session is over)');
    t.same(problems.all(), [], 'no console error, failed request or CSP violation');
  });

  t.test("the client's menu: none of its code for a visitor, loaded on login and before a logged-in page's first render", async (t) => {
    await account('mira@example.com');
    const { page, problems } = await visitor(t);
    // The scripts the page receives that hold the menu's code (a class only it writes).
    const bodies: Array<Promise<string | null>> = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.endsWith('.js'))
        bodies.push(
          response.text().then(
            (body) => (body.includes('account-menu__logout') ? response.url() : null),
            () => null,
          ),
        );
    });
    const menuScripts = async () => (await Promise.all(bodies)).filter(Boolean);
    await open(page, '/login');
    t.same(await menuScripts(), [], "a visitor's page loads none of it");
    await logIn(page, 'mira@example.com');
    await page.waitForSelector(MENU_TOGGLE);
    t.equal((await menuScripts()).length, 1, 'logging in loads it');

    const response = await page.goto(`${url}/search`, { waitUntil: 'load' });
    t.match(await response!.text(), 'account-menu__toggle', 'the server renders the menu of a logged-in client');
    await waitForHydration(page);
    await logOut(page);
    t.pass('after hydration it opens, and logs out');
    t.same(problems.all(), [], 'no console error (no hydration mismatch)');
  });

  t.test("a page that needs an account: to its section's login and back after logging in; guest pages send a client home", async (t) => {
    await account('ines@example.com');
    const { page, problems } = await visitor(t);
    const res = await page.goto(`${url}/old/profile`, { waitUntil: 'load' });
    await waitForHydration(page);
    t.equal(await here(page), '/old/client-login?redirect=%2Fold%2Fprofile', "sent to its section's login, remembering the page");
    t.equal(res?.status(), 200);
    t.equal(await textOf(page, 'h1'), 'Log in');

    await logIn(page, 'ines@example.com');
    await waitForPath(page, '/old/profile');
    await waitForToast(page, MESSAGES.loggedIn);
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Your profile');

    await navigate(page, '/old/client-login');
    await waitForPath(page, '/');
    // The main site's layout replaces /old's (its header too) before the menu is used.
    await page.waitForFunction(
      () =>
        document.querySelector('[data-layout]')?.getAttribute('data-layout') === 'main' &&
        !document.querySelector('.progress-bar:not(.is-idle)'),
    );
    t.pass('a logged-in client who opens the login page goes to /');

    // And the same in the browser alone: a visitor on a page navigates to one that needs an account.
    await logOut(page);
    await waitForPath(page, '/');
    await navigate(page, '/costa-casas/profile');
    await waitForPath(page, '/costa-casas/client-login?redirect=%2Fcosta-casas%2Fprofile');
    await logIn(page, 'ines@example.com');
    await waitForPath(page, '/costa-casas/profile');
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Your profile');
    t.equal(
      await page.$eval('form.account-form--access [name=email]', (el) => (el as HTMLInputElement).value),
      'ines@example.com',
      'the profile shows the account',
    );
    t.same(problems.all(), []);
  });

  t.test('a session ended elsewhere: the next personal page sends the client to log in again', async (t) => {
    await account('olga@example.com');
    const { page, problems } = await visitor(t, { allowFailure: (u) => new URL(u).pathname === '/api/favorites' });
    await open(page, '/login');
    await logIn(page, 'olga@example.com');
    await waitForPath(page, '/');
    await db
      .deleteFrom('sessions')
      .where('client_id', '=', await clientId('olga@example.com'))
      .execute();
    await navigate(page, '/old/favorites');
    await waitForPath(page, '/old/client-login?redirect=%2Fold%2Ffavorites');
    await page.waitForSelector(LOGIN_LINK);
    t.pass('logged out, on the login page that comes back to the favorites');
    t.same(problems.all(), []);
  });

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
    const shown = await toasts(page);
    await page.click('.toasts .toast:last-child .toast__close');
    await page.waitForFunction((n: number) => document.querySelectorAll('.toasts .toast').length === n, {}, shown.length - 1);
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

  t.test('registered-only files: refused before login, downloads after, refused again after logout', async (t) => {
    await account('elena@example.com');
    const file = await db
      .selectFrom('project_files as f')
      .innerJoin('projects as p', 'p.id', 'f.project_id')
      .select(['f.id', 'f.project_id'])
      .where('f.registered_only', '=', 1)
      .where('p.withdrawn_at', 'is', null)
      .orderBy('f.id')
      .executeTakeFirstOrThrow();
    const download = `/api/files/${file.id}`;
    const { page, problems } = await visitor(t, { allowFailure: (u) => new URL(u).pathname === download });
    const statusOfDownload = () => page.evaluate((u: string) => fetch(u).then((r) => r.status), download);
    const property = `/for-sale/${file.project_id}`;

    await open(page, property);
    await page.waitForSelector('.project-file--locked');
    t.equal(await page.$(`.project-files a[href="${download}"]`), null, 'no download link for a visitor');
    t.equal(await statusOfDownload(), 401, 'the download address refuses a visitor');

    await navigate(page, `/login?redirect=${encodeURIComponent(property)}`);
    await logIn(page, 'elena@example.com');
    await waitForPath(page, property);
    await page.waitForSelector(`.project-files a[href="${download}"]`);
    t.equal(await statusOfDownload(), 200, 'downloadable once logged in');

    await logOut(page);
    await waitForPath(page, '/');
    await navigate(page, property);
    await page.waitForSelector('.project-file--locked');
    t.equal(await page.$(`.project-files a[href="${download}"]`), null, 'locked again after logging out');
    t.equal(await statusOfDownload(), 401);
    t.same(problems.all(), []);
  });

  t.test('the profile: name and phone saved; email and password only with the current password', async (t) => {
    await account('paula@example.com');
    const { page, problems } = await visitor(t, { allowFailure: (u) => new URL(u).pathname === '/api/profilesubmit' });
    await open(page, '/costa-casas/client-login');
    await logIn(page, 'paula@example.com');
    await waitForPath(page, '/costa-casas');
    await openMenu(page);
    await page.click('#account-menu-list a[href="/costa-casas/profile"]');
    await waitForPath(page, '/costa-casas/profile');

    await fill(page, 'profile', { name: 'Paula Ruiz', phone: '+34 600 11 22 33' });
    await submit(page, 'profile');
    await page.waitForSelector('form.account-form--profile [data-result=valid]');
    t.equal(await statusOf(page, 'profile'), 'Saved');
    t.match(await db.selectFrom('clients').select(['name', 'phone']).where('email', '=', 'paula@example.com').executeTakeFirst(), {
      name: 'Paula Ruiz',
      phone: '+34 600 11 22 33',
    });
    t.equal(await textOf(page, '.account-menu__who'), 'Paula Ruiz', 'the header knows the new name');

    await fill(page, 'access', {
      password: 'a fresh passphrase',
      password_repeat: 'a fresh passphrase',
      current_password: 'wrong guess at it',
    });
    await submit(page, 'access');
    await page.waitForSelector('form.account-form--access [data-result=invalid]');
    t.equal(await textOf(page, '#access-current-password-error'), 'Check your credentials', 'a wrong current password is refused');
    await retype(page, 'form.account-form--access [name=current_password]', PASSWORD);
    await submit(page, 'access');
    await page.waitForSelector('form.account-form--access [data-result=valid]');
    t.equal(
      await page.$eval('form.account-form--access [name=password]', (el) => (el as HTMLInputElement).value),
      '',
      'the passwords are cleared',
    );

    await logOut(page);
    await waitForPath(page, '/costa-casas');
    await navigate(page, '/costa-casas/client-login');
    await logIn(page, 'paula@example.com', 'a fresh passphrase');
    await waitForPath(page, '/costa-casas');
    await page.waitForSelector(MENU_TOGGLE);
    t.pass('the new password logs in');
    t.same(problems.all(), []);
  });

  t.test("on a partner's own domain: its pages, registering from the login page and back to the page that asked", async (t) => {
    // Chromium resolves every *.localhost name to the loopback address.
    const own = `http://costa-casas.localhost:${new URL(url).port}`;
    const { page, problems } = await newPage(t, browser);
    await page.setCookie({ name: CONSENT_COOKIE, value: serialiseConsent(makeConsent(NO_CONSENT)), url: own });
    await page.goto(`${own}/profile`, { waitUntil: 'load' });
    await waitForHydration(page);
    t.equal(await here(page), '/client-login?redirect=%2Fprofile', 'sent to log in on the same domain');
    t.equal(await page.$eval('[data-layout]', (el) => el.getAttribute('data-layout')), 'partner', "in the partner's layout");

    await page.click('a[href="/client-register?redirect=%2Fprofile"]');
    await waitForPath(page, '/client-register?redirect=%2Fprofile');
    await fill(page, 'register', { email: 'nora@example.com', password: PASSWORD, password_repeat: PASSWORD });
    await page.click('form.account-form--register [name=terms]');
    await submit(page, 'register');
    await waitForPath(page, '/profile');
    await waitForToast(page, MESSAGES.authenticated);
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Your profile');
    const costa = await db.selectFrom('partners').select('id').where('slug', '=', 'costa-casas').executeTakeFirstOrThrow();
    t.match(
      await db.selectFrom('clients').select('partner_id').where('email', '=', 'nora@example.com').executeTakeFirst(),
      { partner_id: costa.id },
      "the client is the partner's",
    );

    await openMenu(page);
    t.same(
      await page.$$eval('#account-menu-list a', (links) => links.map((a) => a.getAttribute('href'))),
      ['/favorites', '/profile'],
      "the menu's pages are the domain's own",
    );
    t.same(problems.all(), []);
  });

  t.test("a wrong password: 'Check your credentials'; the API out of reach: the network message", async (t) => {
    await account('sofia@example.com');
    const { page, problems } = await visitor(t, { allowFailure: (u) => new URL(u).pathname === '/api/client-login' });
    await open(page, '/login');
    await logIn(page, 'sofia@example.com', 'not the password at all');
    await page.waitForSelector('form.account-form--login [data-state=done]');
    t.equal(await statusOf(page, 'login'), MESSAGES.loginFailed);
    t.same(await buttonResult(page, 'login'), ['done', 'invalid'], 'the button shows the invalid icon');
    t.equal(await here(page), '/login', 'still on the login page');

    await page.setRequestInterception(true);
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/client-login') void request.abort('internetdisconnected');
      else void request.continue();
    });
    await retype(page, 'form.account-form--login [name=password]', PASSWORD);
    await submit(page, 'login');
    await page.waitForFunction(
      (sel: string, want: string) => document.querySelector(sel)?.textContent?.trim() === want,
      {},
      'form.account-form--login .form-status',
      MESSAGES.network,
    );
    t.equal(
      await page.$eval('form.account-form--login [name=email]', (el) => (el as HTMLInputElement).value),
      'sofia@example.com',
      'what was typed is kept',
    );
    t.ok(await page.$(LOGIN_LINK), 'not logged in');
    t.same(problems.all(), []);
  });

  t.test('forgot and reset the password, with the link from the mail', async (t) => {
    await account('clara@example.com');
    const { page, problems } = await visitor(t);
    await open(page, '/login');
    await page.click('a[href="/old/client-forgot-password"]');
    await waitForPath(page, '/old/client-forgot-password');
    await fill(page, 'forgot', { email: 'clara@example.com' });
    await submit(page, 'forgot');
    await page.waitForSelector('form.account-form--forgot [data-result=valid]');
    t.equal(await statusOf(page, 'forgot'), MESSAGES.resetSent);

    const link = await resetLinkFor('clara@example.com');
    t.match(link, /\/old\/client-reset-password\/[A-Za-z0-9_-]{43}$/, 'the mail links to the reset page');
    await open(page, link);
    await fill(page, 'reset', { password: 'a brand new passphrase', password_repeat: 'a brand new passphrase' });
    await submit(page, 'reset');
    await page.waitForSelector('form.account-form--reset [data-result=valid]');
    t.equal(await statusOf(page, 'reset'), MESSAGES.reset);

    await page.click('.account-card__next a');
    await waitForPath(page, '/old/client-login');
    await logIn(page, 'clara@example.com', 'a brand new passphrase');
    await waitForPath(page, '/');
    await waitForToast(page, MESSAGES.loggedIn);
    t.ok(await page.$(MENU_TOGGLE), 'logged in with the new password');
    t.same(problems.all(), []);
  });

  /** The reset link of the last mail to `email`: the outbox row (written just after forgot answers), then its .eml file under DATA_DIR/mail. */
  async function resetLinkFor(email: string): Promise<string> {
    const mailRow = () =>
      db
        .selectFrom('mail_outbox')
        .select('id')
        .where('recipient', '=', email)
        .where('lead_id', 'is', null)
        .orderBy('id', 'desc')
        .executeTakeFirst();
    const row = await waitFor(`a mail to ${email} in the outbox`, mailRow, 30_000);
    const file = path.join(app.config.DATA_DIR, 'mail', `mail-${row.id}.eml`);
    await waitFor(`the mail file ${file}`, () => fs.existsSync(file), 30_000);
    // Quoted-printable: soft line breaks and =XX escapes.
    const text = fs
      .readFileSync(file, 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    const link = /https?:\/\/\S+\/client-reset-password\/[A-Za-z0-9_-]{43}/.exec(text)?.[0];
    if (!link) throw new Error(`no reset link in ${file}`);
    return new URL(link).pathname;
  }
});
