// A logged-in client sends their favorites to their broker from the favorites
// page, in Chromium at 390 × 844 and 1280 × 800: on the main site (/old), on a
// partner's path site and on the partner's own domain. One button opens a small
// form with an optional message; the submit button goes to processing, then
// the valid icon and 'Thanks you for your request'; the broker's mail lists the
// favorites and the message.
import fs from 'node:fs';
import path from 'node:path';
import t from 'tap';
import type { Page } from 'puppeteer-core';
import { startServer } from '../helpers/app.ts';
import { launchBrowser, newPage, textOf, waitForHydration } from '../helpers/browser.ts';
import { parseEml } from '../server/leads/helpers.ts';
import { CONSENT_COOKIE, NO_CONSENT, makeConsent, serialiseConsent } from '../../src/shared/consent.ts';
import { SESSION_COOKIE } from '../../src/shared/constants.ts';
import { waitFor } from '../helpers/processes.ts';

const PASSWORD = 'correct horse battery staple';
const THANKS = 'Thanks you for your request';
const TOGGLE = '.send-favorites__toggle';
const FORM = 'form.send-favorites__form';
const BUTTON = `${FORM} button[type=submit]`;

t.test('sending the favorites to the broker in the browser', async (t) => {
  const { app, url } = await startServer(t, { env: { SCRYPT_LOG_N: '10', AUTH_RATE_LIMIT: '1000', LEAD_RATE_LIMIT: '1000' } });
  const browser = await launchBrowser(t);
  const port = new URL(url).port;
  const projects = await app.store.db
    .selectFrom('projects')
    .select(['id', 'name'])
    .where('withdrawn_at', 'is', null)
    .orderBy('id')
    .limit(2)
    .execute();

  /** A client with two favorites; their session token. */
  async function client(email: string): Promise<string> {
    const res = await app.inject({
      method: 'POST',
      url: '/api/client-register',
      payload: { email, password: PASSWORD, password_repeat: PASSWORD, terms: true },
    });
    if (res.statusCode !== 201) throw new Error(res.body);
    const token = res.json().meta.token as string;
    for (const p of projects)
      await app.inject({
        method: 'POST',
        url: '/api/favoritesubmit',
        headers: { authorization: `Bearer ${token}` },
        payload: { id: p.id, action: 'add' },
      });
    return token;
  }

  async function waitForMail(id: number): Promise<ReturnType<typeof parseEml>> {
    const file = path.join(app.config.DATA_DIR, 'mail', `lead-${id}.eml`);
    await waitFor(`the mail file ${file}`, () => fs.existsSync(file), 30_000);
    return parseEml(fs.readFileSync(file, 'utf8'));
  }

  const inViewport = (page: Page, selector: string) =>
    page.$eval(selector, (el) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && r.left >= 0 && r.right <= window.innerWidth;
    });

  const cases = [
    {
      what: 'the main site',
      origin: url,
      page: '/old/favorites',
      toggle: 'Send my favorites to an adviser',
      recipient: 'info@spainnewhomes.example',
    },
    {
      what: "a partner's path site",
      origin: url,
      page: '/costa-casas/favorites',
      toggle: 'Send my favorites to Costa Casas Inmobiliaria',
      recipient: 'info@costa-casas.example',
    },
    // Chromium resolves every *.localhost name to the loopback address.
    {
      what: "the partner's own domain",
      origin: `http://costa-casas.localhost:${port}`,
      page: '/favorites',
      toggle: 'Send my favorites to Costa Casas Inmobiliaria',
      recipient: 'info@costa-casas.example',
    },
  ];
  const sizes = [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ];

  let n = 0;
  for (const size of sizes) {
    for (const c of cases) {
      await t.test(`${c.what} at ${size.width} × ${size.height}`, async (t) => {
        const email = `client${++n}@example.com`;
        const token = await client(email);
        const { page, problems } = await newPage(t, browser, size);
        await page.setCookie(
          { name: CONSENT_COOKIE, value: serialiseConsent(makeConsent(NO_CONSENT)), url: c.origin },
          { name: SESSION_COOKIE, value: token, url: c.origin },
        );
        await page.goto(`${c.origin}${c.page}`, { waitUntil: 'load' });
        await waitForHydration(page);
        t.equal(await page.evaluate(() => location.pathname), c.page, 'on the favorites page, logged in');

        await page.waitForSelector(TOGGLE);
        t.equal(await textOf(page, TOGGLE), c.toggle, 'the button names the broker');
        t.equal(await page.$eval(TOGGLE, (b) => b.getAttribute('aria-expanded')), 'false');
        t.equal(await page.$eval('#send-favorites-panel', (el) => (el as HTMLElement).hidden), true, 'the form is closed at first');
        t.ok(await inViewport(page, TOGGLE), 'the button fits the window');

        await page.click(TOGGLE);
        await page.waitForSelector(`${FORM} [name=message]`, { visible: true });
        t.equal(await page.$eval(TOGGLE, (b) => b.getAttribute('aria-expanded')), 'true');
        t.equal(await page.evaluate(() => document.activeElement?.getAttribute('name')), 'message', 'the focus is on the message');
        t.equal(
          await textOf(page, '.send-favorites__lead'),
          c.toggle.endsWith('adviser')
            ? "An adviser receives the list of your favorites (2) with your account's name, email and phone, and will get back to you."
            : "Costa Casas Inmobiliaria receives the list of your favorites (2) with your account's name, email and phone, and will get back to you.",
        );
        await page.waitForSelector(`${BUTTON}:not([disabled])`);
        t.ok(await inViewport(page, BUTTON), 'the send button fits the window');
        t.ok(await inViewport(page, `${FORM} [name=message]`), 'and the message field');

        await page.type(`${FORM} [name=message]`, 'Can we visit in May?');
        await page.$eval(BUTTON, (b) => b.scrollIntoView({ block: 'center' }));
        await page.click(BUTTON);
        await page.waitForSelector(`${BUTTON}[data-result=valid]`);
        t.equal(await page.$eval(BUTTON, (b) => b.querySelector('svg[data-icon]')?.getAttribute('data-icon')), 'valid', 'the valid icon');
        t.equal(await textOf(page, `${FORM} .form-status`), THANKS);

        const lead = await app.store.db.selectFrom('leads').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
        t.match(lead, { kind: 'favorites', page: c.page, message: 'Can we visit in May?' }, 'one lead of kind favorites');
        const mail = await waitForMail(lead.id);
        t.equal(mail.header('to'), c.recipient, "to the site's broker");
        t.match(mail.header('reply-to'), new RegExp(`${email.replace('.', '\\.')}>?$`), 'Reply-To is the client');
        t.ok(
          mail.text!.includes(`Page: ${c.origin === url ? 'http://localhost:3000' : `http://costa-casas.localhost:3000`}${c.page}`),
          'the page on its site',
        );
        for (const p of projects) t.ok(mail.text!.includes(`- ${p.name} — `), `${p.name} is in the mail`);
        t.ok(mail.text!.includes('Can we visit in May?'), 'with the message');

        await page.click('.send-favorites__close');
        t.equal(await page.$eval('#send-favorites-panel', (el) => (el as HTMLElement).hidden), true, 'closed again');
        t.equal(
          await page.evaluate(() => document.activeElement?.classList.contains('send-favorites__toggle')),
          true,
          'the focus back on the button',
        );
        t.same(problems.all(), [], 'no console error or failed request');
      });
    }
  }
});
