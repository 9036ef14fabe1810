// Partners own their visitors (issue 10), in Chromium at a phone's and a
// desktop's size, on a partner's path site and on its own domain: a visitor
// opens the profile (a page that needs an account), lands on the partner's own
// login page in the partner's brand, follows "Register for free" without
// leaving the partner's site, registers, comes back to the profile, and is the
// partner's client in the store.
import t, { type Test } from 'tap';
import type { Page } from 'puppeteer-core';
import { startServer } from '../helpers/app.ts';
import { launchBrowser, newPage, textOf, waitForHydration } from '../helpers/browser.ts';
import { CONSENT_COOKIE, NO_CONSENT, makeConsent, serialiseConsent } from '../../src/shared/consent.ts';
import { DEFAULT_COLORS } from '../../src/shared/constants.ts';

const PASSWORD = 'correct horse battery staple';
const PARTNER = { slug: 'costa-casas', name: 'Costa Casas Inmobiliaria', primary: '#0b5d4b' };
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
];

t.test("a visitor becomes the partner's client without leaving the partner's site", async (t) => {
  const { app, url } = await startServer(t, { env: { SCRYPT_LOG_N: '10', AUTH_RATE_LIMIT: '1000' } });
  const browser = await launchBrowser(t);
  const port = new URL(url).port;
  const partner = await app.store.db.selectFrom('partners').select('id').where('slug', '=', PARTNER.slug).executeTakeFirstOrThrow();

  const SITES = [
    // On the main host, under /costa-casas.
    { name: 'path site', origin: url, base: `/${PARTNER.slug}` },
    // Chromium resolves every *.localhost name to the loopback address.
    { name: 'own domain', origin: `http://${PARTNER.slug}.localhost:${port}`, base: '' },
  ];

  const here = (page: Page) => page.evaluate(() => location.pathname + location.search);
  const waitForPath = (page: Page, want: string) =>
    page.waitForFunction((w: string) => location.pathname + location.search === w, {}, want);

  /** What says whose site this is: the layout, the colour of the brand, the name the header's logo gives (its image's alt text). */
  const brandOf = (page: Page) =>
    page.evaluate(() => ({
      layout: document.querySelector('[data-layout]')?.getAttribute('data-layout') ?? null,
      primary: getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim().toLowerCase(),
      header:
        document.querySelector('header .site-header__logo img')?.getAttribute('alt') ??
        document.querySelector('header .site-header__logo')?.textContent ??
        '',
    }));

  async function assertBrand(t: Test, page: Page, what: string): Promise<void> {
    const brand = await brandOf(page);
    t.equal(brand.layout, 'partner', `${what}: the partner's layout`);
    t.equal(brand.primary, PARTNER.primary, `${what}: the partner's colour`);
    t.not(brand.primary, DEFAULT_COLORS.primary);
    t.match(brand.header, PARTNER.name, `${what}: the partner's name in the header`);
  }

  for (const size of SIZES)
    for (const site of SITES)
      t.test(`${site.name} at ${size.width}×${size.height}`, async (t) => {
        const email = `${size.name}.${site.name.replace(/ /g, '-')}@example.com`;
        const { page, problems } = await newPage(t, browser, { width: size.width, height: size.height });
        await page.setCookie({ name: CONSENT_COOKIE, value: serialiseConsent(makeConsent(NO_CONSENT)), url: site.origin });

        const profile = `${site.base}/profile`;
        const back = `?redirect=${encodeURIComponent(profile)}`;
        const response = await page.goto(`${site.origin}${profile}`, { waitUntil: 'load' });
        await waitForHydration(page);
        t.equal(response?.status(), 200, 'the login page answers');
        t.equal(await here(page), `${site.base}/client-login${back}`, "sent to the partner's own login, remembering the profile");
        t.equal(new URL(page.url()).origin, site.origin, 'on the same site');
        t.equal(await textOf(page, 'h1'), 'Log in');
        await assertBrand(t, page, 'the login page');

        const register = await page.waitForSelector(`a[href="${site.base}/client-register${back}"]`);
        t.equal(await register!.evaluate((a) => a.textContent), 'Register for free', '"Register for free" stays on the partner\'s site');
        await register!.click();
        await waitForPath(page, `${site.base}/client-register${back}`);
        await page.waitForFunction(() => document.querySelector('h1')?.textContent !== 'Log in');
        await assertBrand(t, page, 'the registration page');

        await page.waitForSelector('form.account-form--register button[type=submit]:not([disabled])');
        for (const [name, value] of Object.entries({ email, password: PASSWORD, password_repeat: PASSWORD }))
          await page.type(`form.account-form--register [name="${name}"]`, value);
        await page.click('form.account-form--register [name=terms]');
        await page.click('form.account-form--register button[type=submit]');

        await waitForPath(page, profile);
        await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Your profile');
        t.pass('registered: back on the profile');
        t.equal(
          await page.$eval('form.account-form--access [name=email]', (el) => (el as HTMLInputElement).value),
          email,
          'which shows the new account',
        );
        await assertBrand(t, page, 'the profile');

        const client = await app.store.db.selectFrom('clients').select('partner_id').where('email', '=', email).executeTakeFirstOrThrow();
        t.equal(Number(client.partner_id), Number(partner.id), "the client is the partner's");

        // The header's account menu stays on the partner's site too.
        const menu = await page.$$eval('#account-menu-list a', (links) => links.map((a) => a.getAttribute('href')));
        t.same(menu, [`${site.base}/favorites`, `${site.base}/profile`], "the account menu's links stay in the section");
        t.same(problems.all(), [], 'no console error, failed request or CSP violation');
      });
});
