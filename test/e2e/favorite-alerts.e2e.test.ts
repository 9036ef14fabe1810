// The profile's switch of the favorites alerts (issue 13) in Chromium, on a
// desktop and a phone, with the keyboard alone: Tab to the checkbox, Space
// switches the alerts off (saved at once, announced, kept after a reload) and
// on again; no console error. The unsubscribe page is in the axe sweep
// (accessibility.e2e.test.ts).
import t from 'tap';
import type { Page } from 'puppeteer-core';
import { startServer } from '../helpers/app.ts';
import { launchBrowser, newPage, waitForHydration, within } from '../helpers/browser.ts';
import { CONSENT_COOKIE, NO_CONSENT, makeConsent, serialiseConsent } from '../../src/shared/consent.ts';
import { SESSION_COOKIE } from '../../src/shared/constants.ts';

const PASSWORD = 'correct horse battery staple';
const BOX = '#profile-favorite-alerts';
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];

t.test('the favorites alerts switch on the profile, by keyboard', async (t) => {
  const { app, url } = await startServer(t, { env: { SCRYPT_LOG_N: '10', AUTH_RATE_LIMIT: '1000' } });
  const browser = await launchBrowser(t);

  for (const viewport of VIEWPORTS) {
    await t.test(`on a ${viewport.name}`, async (t) => {
      const email = `alerts-${viewport.name}@example.com`;
      const res = await fetch(`${url}/api/client-register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD, password_repeat: PASSWORD, terms: true }),
      });
      t.equal(res.status, 201);
      const token = ((await res.json()) as { meta: { token: string } }).meta.token;
      const stored = async () =>
        (await app.store.db.selectFrom('clients').select('favorite_alerts').where('email', '=', email).executeTakeFirstOrThrow())
          .favorite_alerts;

      const { page, problems } = await newPage(t, browser, { width: viewport.width, height: viewport.height });
      await page.setCookie({ name: CONSENT_COOKIE, value: serialiseConsent(makeConsent(NO_CONSENT)), url });
      await page.setCookie({ name: SESSION_COOKIE, value: token, url });
      const open = async () => {
        await page.goto(`${url}/old/profile`, { waitUntil: 'load' });
        await waitForHydration(page);
        await page.waitForSelector(`${BOX}:not([disabled])`);
      };
      await open();
      t.equal(await page.$eval(BOX, (el) => (el as HTMLInputElement).checked), true, 'on by default');
      t.equal(await page.$eval(`label[for="${BOX.slice(1)}"]`, (el) => el.textContent), 'Email me when my favorites change');

      await tabTo(page, BOX);
      await page.keyboard.press('Space');
      await within(statusSays(page, 'Favorites alerts are off'), 'the switch saved off');
      t.equal(await stored(), 0, 'saved off');
      t.equal(await page.evaluate(() => document.activeElement?.id), 'profile-favorite-alerts', 'the focus stays on the box');

      await open();
      t.equal(await page.$eval(BOX, (el) => (el as HTMLInputElement).checked), false, 'still off after a reload');
      await tabTo(page, BOX);
      await page.keyboard.press('Space');
      await within(statusSays(page, 'Favorites alerts are on'), 'the switch saved on');
      t.equal(await stored(), 1, 'saved on');
      t.same(problems.all(), [], 'no console error, failed request or CSP violation');
    });
  }
});

/** Presses Tab until `selector` has the focus (at most 80 times). */
async function tabTo(page: Page, selector: string): Promise<void> {
  for (let i = 0; i < 80; i++) {
    if (await page.$eval(selector, (el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}

function statusSays(page: Page, text: string) {
  return page.waitForFunction(
    (want: string) => [...document.querySelectorAll('#profile-alerts-title ~ [role=status]')].some((el) => el.textContent === want),
    {},
    text,
  );
}
