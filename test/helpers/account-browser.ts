// The browser side of client accounts, for the account tests in test/e2e/: a
// server with fast password hashing and a browser, and the steps a person takes
// (open a page, fill a form, log in and out, read a toast).
import fs from 'node:fs';
import path from 'node:path';
import type { Test } from 'tap';
import type { Page } from 'puppeteer-core';
import { startServer } from './app.ts';
import { launchBrowser, newPage, textOf, waitForHydration, type NewPageOptions, type Problems } from './browser.ts';
import { CONSENT_COOKIE, NO_CONSENT, makeConsent, serialiseConsent } from '../../src/shared/consent.ts';
import { waitFor } from './processes.ts';

export const PASSWORD = 'correct horse battery staple';
export const TOAST = '.toasts .toast__message';
export const MENU_TOGGLE = '.account-menu__toggle';
export const LOGIN_LINK = '.account-menu__login';

export const MESSAGES = {
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

/** A server and a browser for account tests, and the steps a client takes on them. */
export async function accountSite(t: Test) {
  // Pictures from a server on loopback (a test's own) may be fetched, as the feed-picture tests allow.
  const { app, url } = await startServer(t, {
    env: { SCRYPT_LOG_N: '10', AUTH_RATE_LIMIT: '1000' },
    feedImages: { allowRanges: ['127.0.0.1/32'] },
  });
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

  return {
    app,
    url,
    browser,
    db,
    account,
    clientId,
    favoritesOf,
    visitor,
    open,
    here,
    waitForPath,
    toasts,
    waitForToast,
    navigate,
    fill,
    retype,
    submit,
    logIn,
    statusOf,
    buttonResult,
    openMenu,
    logOut,
    resetLinkFor,
  };
}
