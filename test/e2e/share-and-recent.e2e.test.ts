// Sharing a property page and finding it again (issue 22), on the demo at a
// phone's size. Share: the page's own address in its section (a partner's path
// or own domain), through the Web Share API where the browser has it, else
// "Copy link", WhatsApp and e-mail; the links work without JavaScript.
// Recently viewed: with functional storage allowed, the last pages seen are
// listed newest first on the home page and under another property page, per
// section, cleared by one control, kept in the browser only; without that
// consent nothing is kept.
import t from 'tap';
import type { Page } from 'puppeteer-core';
import { startServer } from '../helpers/app.ts';
import { launchBrowser, newPage, waitForHydration } from '../helpers/browser.ts';
import { CONSENT_COOKIE, NO_CONSENT, makeConsent, serialiseConsent } from '../../src/shared/consent.ts';
import { propertyWithPictures } from '../helpers/on-demand.ts';
import { violations } from '../helpers/axe.ts';
import type { SearchAnswer } from '../../src/shared/catalogue.ts';
import { siteOrigin } from '../../src/shared/seo.ts';

const PHONE = { width: 390, height: 844, deviceScaleFactor: 3 };

async function consent(page: Page, origins: string[], functional: boolean) {
  for (const url of origins)
    await page.setCookie({ name: CONSENT_COOKIE, value: serialiseConsent(makeConsent({ ...NO_CONSENT, functional })), url });
}

async function visit(page: Page, address: string) {
  await page.goto(address, { waitUntil: 'load' });
  await waitForHydration(page);
}

const recentNames = (page: Page) => page.$$eval('.recently-viewed .project-card__title', (els) => els.map((el) => el.textContent ?? ''));

t.test('share a property page, in its section', async (t) => {
  const { app, url } = await startServer(t);
  // Addresses are the configured site's (SITE_URL), never the request's host.
  const site = app.config.SITE_URL;
  const port = new URL(url).port;
  const id = await propertyWithPictures(url);
  const browser = await launchBrowser(t);

  await t.test('without the Web Share API: copy, WhatsApp and e-mail', async (t) => {
    const { page, problems } = await newPage(t, browser, PHONE);
    await page.browserContext().overridePermissions(url, ['clipboard-read', 'clipboard-write', 'clipboard-sanitized-write']);
    await consent(page, [url], false);
    await page.evaluateOnNewDocument(() => {
      delete (Navigator.prototype as { share?: unknown }).share;
    });
    await visit(page, `${url}/costa-casas/for-sale/${id}`);
    await page.waitForSelector('.share button');
    const own = `${siteOrigin(site)}/costa-casas/for-sale/${id}`;
    const links = await page.$$eval('.share a', (els) => els.map((el) => (el as HTMLAnchorElement).href));
    t.same(
      links,
      [`https://wa.me/?text=${encodeURIComponent(`${await page.$eval('h1', (el) => el.textContent)} ${own}`)}`, links[1]],
      "WhatsApp carries the page's address on the partner's path",
    );
    t.match(decodeURIComponent(links[1]!), `body=${own}`, 'so does the e-mail');
    await page.click('.share button');
    await page.waitForFunction(() => document.querySelector('.share [role=status]')?.textContent !== '');
    t.equal(await page.evaluate(() => navigator.clipboard.readText()), own, 'the link copied');
    t.same(await violations(page), [], 'axe: no violation, the copy announced');
    t.same(problems.all(), []);
  });

  await t.test('with the Web Share API: one button', async (t) => {
    const { page, problems } = await newPage(t, browser, PHONE);
    await consent(page, [`http://costa-casas.localhost:${port}`], false);
    await page.evaluateOnNewDocument(() => {
      (window as unknown as { shared: unknown[] }).shared = [];
      Object.defineProperty(Navigator.prototype, 'share', {
        value: (data: unknown) => {
          (window as unknown as { shared: unknown[] }).shared.push(data);
          return Promise.resolve();
        },
      });
    });
    await visit(page, `http://costa-casas.localhost:${port}/for-sale/${id}`);
    // The share links are an island: the server's links stay until its code has come.
    await page.waitForSelector('.share button');
    t.same(await page.$$eval('.share > a', (els) => els.length), 0, 'no other way shown');
    await page.click('.share button');
    const shared = (await page.evaluate(() => (window as unknown as { shared: Array<{ url: string }> }).shared)) as Array<{ url: string }>;
    t.equal(shared[0]?.url, `${siteOrigin(site, 'costa-casas.localhost')}/for-sale/${id}`, "the partner's own domain kept");
    t.same(problems.all(), []);
  });

  await t.test('without JavaScript: the WhatsApp and e-mail links', async (t) => {
    const { page } = await newPage(t, browser, { ...PHONE, javaScript: false });
    await page.goto(`${url}/for-sale/${id}`, { waitUntil: 'load' });
    t.equal(await page.$$eval('.share a', (els) => els.length), 2);
    t.equal(await page.$$eval('.share button', (els) => els.length), 0, 'no copy button that could not work');
  });
});

t.test('recently viewed, kept in the browser with consent', async (t) => {
  const { url } = await startServer(t);
  const browser = await launchBrowser(t);
  const search = (await (await fetch(`${url}/api/properties?account_id=1&per_page=3`)).json()) as SearchAnswer;
  const [a, b, c] = search.data;

  await t.test('with functional storage allowed', async (t) => {
    const { page, problems } = await newPage(t, browser, PHONE);
    await consent(page, [url], true);
    const sent: string[] = [];
    page.on('request', (request) => sent.push(`${request.url()} ${request.postData() ?? ''}`));
    await visit(page, `${url}/for-sale/${a!.id}`);
    t.notOk(await page.$('.recently-viewed'), 'nothing viewed before: no section');
    await visit(page, `${url}/for-sale/${b!.id}`);
    await page.waitForSelector('.recently-viewed');
    t.same(await recentNames(page), [a!.name], 'under a property page: the others seen');
    await visit(page, `${url}/for-sale/${c!.id}`);
    await visit(page, `${url}/`);
    await page.waitForSelector('.recently-viewed');
    t.same(await recentNames(page), [c!.name, b!.name, a!.name], 'on the home page: newest first');
    t.same(await violations(page), [], 'axe: no violation with the list shown');
    t.equal(
      await page.$eval('.recently-viewed a', (el) => (el as HTMLAnchorElement).pathname),
      `/for-sale/${c!.id}`,
      'each a link to its page',
    );
    await visit(page, `${url}/costa-casas`);
    t.notOk(await page.$('.recently-viewed'), "a partner's site keeps its own list");
    await visit(page, `${url}/`);
    await page.waitForSelector('.recently-viewed__clear');
    await page.click('.recently-viewed__clear');
    await page.waitForSelector('.recently-viewed__cleared');
    t.ok(await page.$eval('.recently-viewed__cleared', (el) => el === document.activeElement), 'the focus on the message');
    t.equal(await page.evaluate(() => localStorage.getItem('recentlyViewed1')), null, 'cleared');
    await visit(page, `${url}/`);
    t.notOk(await page.$('.recently-viewed'), 'gone');
    t.notOk(
      sent.some((line) => line.includes('recentlyViewed') || new RegExp(`ids?=[\\d,]*${a!.id}`).test(line)),
      'the list never went to the server',
    );
    t.same(problems.all(), []);
  });

  await t.test('without it, nothing is kept', async (t) => {
    const { page } = await newPage(t, browser, PHONE);
    await consent(page, [url], false);
    await visit(page, `${url}/for-sale/${a!.id}`);
    await visit(page, `${url}/for-sale/${b!.id}`);
    await visit(page, `${url}/`);
    t.equal(await page.evaluate(() => localStorage.getItem('recentlyViewed1')), null);
    t.notOk(await page.$('.recently-viewed'));
  });
});
