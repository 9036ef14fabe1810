// The site in another language (issue 24), in Chromium: a German page hydrates
// with its own build's strings (no mismatch), client navigation stays in German,
// and the switcher in the header, by keyboard alone, opens the same page in
// another language; without JavaScript it works the same.
import t from 'tap';
import type { Page } from 'puppeteer-core';
import { startServer } from '../helpers/app.ts';
import { launchBrowser, newPage, waitForHydration } from '../helpers/browser.ts';
import de from '../../locales/de.json' with { type: 'json' };
import nl from '../../locales/nl.json' with { type: 'json' };
import { CONSENT_COOKIE, NO_CONSENT, makeConsent, serialiseConsent } from '../../src/shared/consent.ts';

const PHONE = { width: 390, height: 844, deviceScaleFactor: 3 };

const pathOf = (page: Page) => {
  const u = new URL(page.url());
  return u.pathname + u.search;
};

t.test('a German page: hydrated in German, navigated in German, switched to Dutch by keyboard', async (t) => {
  const { url } = await startServer(t);
  const browser = await launchBrowser(t);
  const { page, problems } = await newPage(t, browser, PHONE);
  // The cookie question answered (the German bar is taller, over the first card).
  await page.setCookie({ name: CONSENT_COOKIE, value: serialiseConsent(makeConsent(NO_CONSENT)), url });
  await page.goto(`${url}/de/search?sort=price_asc`, { waitUntil: 'load' });
  await waitForHydration(page);
  t.equal(await page.$eval('html', (h) => h.lang), 'de');
  t.equal(await page.$eval('h1', (h) => h.textContent), de.search.heading);

  // A card's link is a client navigation, and stays in German.
  const card = (await page.$eval('.project-card a[href*="/for-sale/"]', (a) => a.getAttribute('href'))) ?? '';
  t.match(card, /^\/de\/for-sale\/\d+$/, "a card's link is the German property page");
  await page.evaluate(() => ((window as unknown as { __marker?: number }).__marker = 1));
  await Promise.all([page.waitForFunction((p) => location.pathname === p, {}, card), page.click(`.project-card a[href="${card}"]`)]);
  await page.waitForSelector('.property-description, .property-hero, h1');
  t.equal(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker), 1, 'no page load: a client navigation');
  t.equal(await page.$eval('html', (h) => h.lang), 'de');
  await page.waitForFunction(
    (p: string) =>
      document
        .querySelector(`link[rel="alternate"][hreflang="nl"]`)
        ?.getAttribute('href')
        ?.endsWith(`/nl${p.slice(3)}`),
    {},
    card,
  );
  t.pass('the head names the Dutch page of the new one');

  // The header's language link follows the page: by keyboard, to the languages page, then Nederlands.
  const toggle = '.site-header .language-toggle';
  await page.waitForFunction(
    (p) =>
      document.querySelector('.site-header .language-toggle')?.getAttribute('href') ===
      `/de/languages?from=${encodeURIComponent(p.slice(3))}`,
    {},
    card,
  );
  await page.focus(toggle);
  await Promise.all([page.waitForFunction(() => location.pathname === '/de/languages'), page.keyboard.press('Enter')]);
  await page.waitForSelector('.language-links a');
  t.equal(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker), 1, 'the languages page: a client navigation');
  await page.focus('.language-links a');
  const names = [await page.evaluate(() => document.activeElement?.textContent ?? '')];
  while (names.length < 16 && names.at(-1) !== 'Nederlands') {
    await page.keyboard.press('Tab');
    names.push(await page.evaluate(() => document.activeElement?.textContent ?? ''));
  }
  t.same(names.slice(0, 3), ['English', 'Dansk', 'Deutsch'], 'each language by its own name, in order');
  t.equal(await page.$eval('.language-links a[aria-current="true"]', (a) => a.textContent), 'Deutsch', "the page's own is marked");
  await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.keyboard.press('Enter')]);
  await waitForHydration(page);
  t.equal(pathOf(page), `/nl${card.slice(3)}`, 'the same property, in Dutch');
  t.equal(await page.$eval('html', (h) => h.lang), 'nl');
  t.ok(await page.evaluate((s: string) => document.body.textContent!.includes(s), nl.property.unitsTitle), 'Dutch text');
  t.same(problems.all(), [], 'no console error, hydration warning or failed request');
});

t.test('without JavaScript the header and footer lead to the languages page, whose links lead to the same page', async (t) => {
  const { url } = await startServer(t);
  const browser = await launchBrowser(t);
  const { page } = await newPage(t, browser, { width: 1280, height: 800 });
  await page.setJavaScriptEnabled(false);
  await page.goto(`${url}/fr/contact`, { waitUntil: 'load' });
  t.equal(await page.$eval('.site-footer .language-toggle', (a) => a.getAttribute('href')), '/fr/languages?from=%2Fcontact');
  await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click('.site-header .language-toggle')]);
  t.equal(pathOf(page), '/fr/languages?from=%2Fcontact');
  const links = await page.$$eval('.language-links a', (as) => as.map((a) => [a.getAttribute('hreflang'), a.getAttribute('href')]));
  t.equal(links.length, 16);
  t.same(links[0], ['en', '/contact']);
  t.same(
    links.find(([l]) => l === 'de'),
    ['de', '/de/contact'],
  );
  await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click('.language-links a[hreflang="it"]')]);
  t.equal(pathOf(page), '/it/contact');
  t.equal(await page.$eval('html', (h) => h.lang), 'it');
});

t.test("a partner's domain that opens in Dutch: hydrated and navigated without a prefix, its two languages offered", async (t) => {
  const { app, url } = await startServer(t);
  await app.services.partners.update('costa-casas', { languages: 'nl,en', root: 'nl' });
  // Chromium resolves every *.localhost name to the loopback address.
  const home = `http://costa-casas.localhost:${new URL(url).port}`;
  const browser = await launchBrowser(t);
  const { page, problems } = await newPage(t, browser, PHONE);
  await page.setCookie({ name: CONSENT_COOKIE, value: serialiseConsent(makeConsent(NO_CONSENT)), url: home });
  await page.goto(`${home}/contact`, { waitUntil: 'load' });
  await waitForHydration(page);
  t.equal(await page.$eval('html', (h) => h.lang), 'nl');
  t.equal(await page.$eval('h1', (h) => h.textContent), nl.contact.title);

  // The header's links are unprefixed Dutch ones, followed by the browser's router.
  await page.evaluate(() => ((window as unknown as { __marker?: number }).__marker = 1));
  const toggle = '.site-header .language-toggle';
  t.equal(await page.$eval(toggle, (a) => a.getAttribute('href')), '/languages?from=%2Fcontact');
  await page.focus(toggle);
  await Promise.all([page.waitForFunction(() => location.pathname === '/languages'), page.keyboard.press('Enter')]);
  await page.waitForSelector('.language-links a');
  t.equal(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker), 1, 'a client navigation');
  const links = await page.$$eval('.language-links a', (as) => as.map((a) => [a.textContent, a.getAttribute('href')]));
  t.same(
    links,
    [
      ['English', '/en/contact'],
      ['Nederlands', '/contact'],
    ],
    'only the languages it offers, Dutch at the root',
  );
  await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click('.language-links a[hreflang="en"]')]);
  await waitForHydration(page);
  t.equal(pathOf(page), '/en/contact');
  t.equal(await page.$eval('html', (h) => h.lang), 'en');
  t.equal(await page.$eval(toggle, (a) => a.getAttribute('href')), '/en/languages?from=%2Fcontact', 'English under /en');
  t.same(problems.all(), [], 'no console error, hydration warning or failed request');
});

t.test("a language with longer words never pushes the page sideways: on a phone, or with the header's links wrapped", async (t) => {
  const { url } = await startServer(t);
  const browser = await launchBrowser(t);
  for (const width of [320, 375, 992, 1280]) {
    const { page } = await newPage(t, browser, { width, height: 800 });
    for (const path of ['/de', '/ru/search', '/de/costa-casas', '/pl/contact']) {
      await page.goto(url + path, { waitUntil: 'load' });
      const { scroll, logo } = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth - innerWidth,
        logo: document.querySelector('.site-header__logo')!.getBoundingClientRect().width,
      }));
      t.equal(scroll, 0, `${path} at ${width} px: no sideways scroll`);
      if (width >= 992) t.ok(logo > 40, `${path} at ${width} px: the logo keeps its size (${Math.round(logo)} px)`);
    }
  }
});
