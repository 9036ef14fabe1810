// Saved searches in Chromium (issue 13), the journey a buyer makes, on SQLite
// and PostgreSQL: at phone and desktop size, on the main site, a search page
// with filters → "Save this search" opened and filled by keyboard alone (a bad
// address is announced and keeps the focus on the field) → the success is
// announced and focused → the confirmation mail (subject, a confirm link on
// the same site) → the link: the manage page says the alert is active and
// lists the search with its frequency → the frequency changed → the search
// deleted. Without JavaScript the same save is a form post landing on the
// "sent" page. On a partner's path the mail and its link are in the
// partner's brand and stay on the partner's site. Saved on a Dutch page (with
// and without JavaScript), the mail, its links and the pages they open are Dutch.
//
// Then the alerts (issue 13), on the main site and on partners' sites (one
// with its own domain, one without): save an instant alert → confirm → an
// import adds a matching project and lowers a price → the alert mail, its
// headers and brand, its project link followed → a one-click unsubscribe
// POST, as a mail provider sends it, answers 200 → the next import sends nothing.
import http from 'node:http';
import net from 'node:net';
import t, { type Test } from 'tap';
import type { Page } from 'puppeteer-core';
import { testApp } from '../helpers/app.ts';
import { launchBrowser, newPage, textOf, waitForHydration, type NewPageOptions } from '../helpers/browser.ts';
import { forEachTarget } from '../helpers/db.ts';
import { mailTo, savedSearchLink } from '../helpers/outbox.ts';
import { CONSENT_COOKIE, NO_CONSENT, makeConsent, serialiseConsent } from '../../src/shared/consent.ts';
import { t as msg } from '../../src/shared/i18n.ts';
import { DEFAULT_COLORS } from '../../src/shared/constants.ts';
import { importFeed } from '../../src/server/catalogue-import/importer.ts';
import { instantAlerts } from '../../src/server/services/saved-searches/alerts.ts';
import { chunks, feed, property } from '../server/catalogue-import/feeds.ts';

const SEARCH_PAGE = '/search/spain/alicante/torrevieja?bedrooms=2';
const SAVED = '/search/spain/alicante/torrevieja?bedrooms=2';
const SUMMARY = 'details.save-search > summary';
const FORM = 'form.save-search__form';
const DONE = '.save-search__done';
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
];

/** A port free now, so SITE_URL (the links in mails) can name the server's own address. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * A one-click unsubscribe as a mail provider sends it (RFC 8058): a POST from
 * a server, every host name (a partner's *.localhost domain) on the loopback.
 */
function oneClick(link: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = 'List-Unsubscribe=One-Click';
    const request = http.request(
      link,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) },
        lookup: (_host, options, done) =>
          (options as { all?: boolean }).all
            ? (done as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [{ address: '127.0.0.1', family: 4 }])
            : done(null, '127.0.0.1', 4),
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const activeDescription = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el
      ? { tag: el.tagName.toLowerCase(), name: el.getAttribute('name'), className: el.className, text: (el.textContent ?? '').trim() }
      : null;
  });

forEachTarget(t, 'saved searches in the browser', async (t, target) => {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const partnerUrl = `http://costa-casas.localhost:${port}`;
  const app = await testApp(t, { env: { ...target.env, SITE_URL: url, LEAD_RATE_LIMIT: '1000' } });
  await app.listen({ host: '127.0.0.1', port });
  const browser = await launchBrowser(t);
  const db = app.store.db;
  const searchesOf = (email: string) =>
    db
      .selectFrom('saved_searches')
      .innerJoin('saved_search_addresses', 'saved_search_addresses.id', 'saved_searches.address_id')
      .select(['saved_searches.search', 'saved_searches.frequency', 'saved_searches.status', 'saved_searches.partner_id'])
      .where('saved_search_addresses.email', '=', email)
      .execute();

  /** A visitor who has answered the cookie question on `origins`. */
  async function visitor(t: Test, options: NewPageOptions, origins = [url]) {
    const opened = await newPage(t, browser, options);
    for (const origin of origins)
      await opened.page.setCookie({ name: CONSENT_COOKIE, value: serialiseConsent(makeConsent(NO_CONSENT)), url: origin });
    return opened;
  }

  /** Opens "Save this search" by keyboard: the focus goes to its first field. */
  async function openDisclosure(page: Page): Promise<void> {
    await page.waitForSelector(SUMMARY);
    await page.focus(SUMMARY);
    await page.keyboard.press('Enter');
    await page.waitForSelector('details.save-search[open]');
  }

  /** Saves from the search page with JavaScript, by keyboard only; the message announced. */
  async function saveByKeyboard(t: Test, page: Page, email: string): Promise<string | null> {
    await openDisclosure(page);
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'email');
    t.pass('opening the disclosure moves the focus to the email field');

    await page.keyboard.type('ana.example.com');
    await page.keyboard.press('Enter');
    await page.waitForSelector(`${FORM} [role=alert]`);
    t.equal(await textOf(page, `${FORM} [role=alert]`), msg('forms.errors.email'), 'a bad address is announced');
    t.match(await activeDescription(page), { name: 'email' }, 'and the focus stays on the field');
    t.equal(await page.$eval(`${FORM} [name=email]`, (el) => el.getAttribute('aria-invalid')), 'true', 'marked invalid');

    await page.$eval(`${FORM} [name=email]`, (el) => (el as HTMLInputElement).select());
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    t.match(await activeDescription(page), { tag: 'select', name: 'frequency' }, 'Tab: the frequency');
    await page.keyboard.press('ArrowDown');
    t.equal(await page.$eval(`${FORM} [name=frequency]`, (el) => (el as HTMLSelectElement).value), 'weekly', 'ArrowDown: once a week');
    await page.keyboard.press('Tab');
    t.match(await activeDescription(page), { tag: 'button', text: msg('savedSearches.save.submit') }, 'Tab: the button');
    await page.keyboard.press('Space');
    await page.waitForSelector(DONE);
    await page.waitForFunction((sel: string) => document.activeElement === document.querySelector(sel), {}, DONE);
    t.equal(await page.$eval(DONE, (el) => el.getAttribute('role')), 'status', 'the success is a status');
    return textOf(page, DONE);
  }

  for (const size of SIZES) {
    await t.test(`the main site at ${size.width} × ${size.height}: save, confirm, change, delete`, async (t) => {
      const email = `ana.${size.name}@example.com`;
      const { page, problems } = await visitor(t, size);
      await page.goto(`${url}${SEARCH_PAGE}`, { waitUntil: 'load' });
      await waitForHydration(page);

      t.equal(await saveByKeyboard(t, page, email), msg('savedSearches.save.sent', { email }), 'the success says where the link went');
      t.same(
        await searchesOf(email),
        [{ search: SAVED, frequency: 'weekly', status: 'pending', partner_id: null }],
        'saved, waiting for the confirmation',
      );

      const mail = await mailTo(app, email);
      t.equal(mail.header('subject'), msg('savedSearches.mail.confirmSubject', { site: msg('site.name') }), 'the confirmation mail');
      const confirm = savedSearchLink(mail.text ?? '', 'confirm');
      t.match(confirm, new RegExp(`^${url}/saved-searches/confirm/`), 'its link is on the same site');
      t.match(mail.html, confirm, 'in the HTML part too');

      await page.goto(confirm, { waitUntil: 'load' });
      await waitForHydration(page);
      t.match(
        await page.evaluate(() => location.pathname + location.search),
        /^\/saved-searches\/manage\/[A-Za-z0-9_-]{43}\?done=confirmed$/,
        'the link leads to the manage page',
      );
      t.equal(await textOf(page, '[role=status]'), msg('savedSearches.manage.confirmed'), 'which says the alert is active');
      t.equal((await searchesOf(email))[0]?.status, 'active');
      const manage = page.url();

      const select = '.saved-search__item select[name=frequency]';
      t.equal(await page.$$eval('.saved-search__item', (items) => items.length), 1, 'the search is listed');
      t.equal(await page.$eval(select, (el) => (el as HTMLSelectElement).value), 'weekly', 'with its frequency');

      // A reload of the manage page (the link a later mail carries opens the same page).
      await page.goto(manage.replace(/\?.*$/, ''), { waitUntil: 'load' });
      await waitForHydration(page);
      await page.focus(select);
      await page.keyboard.press('ArrowUp');
      t.equal(await page.$eval(select, (el) => (el as HTMLSelectElement).value), 'daily');
      await page.keyboard.press('Tab');
      t.match(await activeDescription(page), { tag: 'button', text: msg('savedSearches.manage.change') }, 'Tab: Change');
      await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.keyboard.press('Enter')]);
      await waitForHydration(page);
      t.match(page.url(), /\?done=frequency$/);
      t.equal(await textOf(page, '[role=status]'), msg('savedSearches.manage.updated'), 'the change is announced');
      t.equal(await page.$eval(select, (el) => (el as HTMLSelectElement).value), 'daily', 'and shown');
      t.equal((await searchesOf(email))[0]?.frequency, 'daily', 'and stored');

      await page.focus('.saved-search__item button[aria-label^="Delete"]');
      await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.keyboard.press('Enter')]);
      await waitForHydration(page);
      t.equal(await textOf(page, '[role=status]'), msg('savedSearches.manage.deleted'), 'the deletion is announced');
      t.equal(await page.$$eval('.saved-search__item', (items) => items.length), 0, 'nothing listed');
      t.same(await searchesOf(email), [], 'and nothing stored');
      t.same(problems.all(), [], 'no console error, failed request or CSP violation');
    });
  }

  await t.test('without JavaScript: a link to the save page, whose form post lands on the "sent" page', async (t) => {
    const email = 'nojs@example.com';
    const { page, problems } = await visitor(t, { javaScript: false });
    await page.goto(`${url}${SEARCH_PAGE}`, { waitUntil: 'load' });
    t.notOk(await page.$(FORM), 'the search page as sent holds no save form');
    await page.click(SUMMARY);
    await page.waitForSelector('details.save-search[open]');
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click('.save-search__page')]);
    t.equal(new URL(page.url()).pathname, '/saved-searches/new', 'the save page');
    t.equal(await textOf(page, 'h1'), msg('savedSearches.saveTitle'));
    await page.type(`${FORM} [name=email]`, email);
    await page.select(`${FORM} [name=frequency]`, 'instant');
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click(`${FORM} button[type=submit]`)]);
    t.equal(new URL(page.url()).pathname, '/saved-searches/sent', 'on the sent page');
    t.equal(await textOf(page, 'h1'), msg('savedSearches.save.sentTitle'));
    t.same(
      await searchesOf(email),
      [{ search: SAVED, frequency: 'instant', status: 'pending', partner_id: null }],
      'saved, waiting for the confirmation',
    );
    t.match((await mailTo(app, email)).text, new RegExp(`${url}/saved-searches/confirm/`), 'the confirmation mail is sent');
    t.same(problems.all(), []);
  });

  await t.test('in Dutch, with and without JavaScript: the mail, its links and the pages they open are Dutch', async (t) => {
    const { page, problems } = await visitor(t, { width: 1280, height: 800 });
    const posts: string[] = [];
    page.on('request', (r) => void (r.method() === 'POST' && posts.push(new URL(r.url()).pathname)));
    await page.goto(`${url}/nl${SEARCH_PAGE}`, { waitUntil: 'load' });
    await waitForHydration(page);
    await openDisclosure(page);
    // The form comes with its code, after the disclosure opens.
    await page.waitForSelector(`${FORM} [name=email]`);
    await page.type(`${FORM} [name=email]`, 'anna@example.com');
    await page.click(`${FORM} button[type=submit]`);
    await page.waitForSelector(DONE);
    t.same(posts, ['/nl/api/saved-searches'], "the page posts under its language's prefix");

    const mail = await mailTo(app, 'anna@example.com');
    t.equal(mail.header('subject'), 'Bevestig je zoekmelding op Spain New Homes', 'the confirmation mail in Dutch');
    t.match(mail.text, '‘Nieuwbouwwoningen in Torrevieja, 2+ slaapkamers’');
    t.match(mail.html, '<html lang="nl">');
    const confirm = savedSearchLink(mail.text ?? '', 'confirm');
    t.match(confirm, new RegExp(`^${url}/nl/saved-searches/confirm/`), 'its link under /nl/');
    await page.goto(confirm, { waitUntil: 'load' });
    await waitForHydration(page);
    t.match(new URL(page.url()).pathname, /^\/nl\/saved-searches\/manage\//, 'which opens the Dutch manage page');
    t.equal(await page.$eval('html', (el) => el.lang), 'nl');
    t.same(problems.all(), []);

    const noJs = await visitor(t, { javaScript: false });
    await noJs.page.goto(`${url}/nl/saved-searches/new?search=${encodeURIComponent(SAVED)}`, { waitUntil: 'load' });
    await noJs.page.type(`${FORM} [name=email]`, 'jan@example.com');
    await Promise.all([noJs.page.waitForNavigation({ waitUntil: 'load' }), noJs.page.click(`${FORM} button[type=submit]`)]);
    t.equal(new URL(noJs.page.url()).pathname, '/nl/saved-searches/sent', 'the form post lands on the Dutch "sent" page');
    const plain = await mailTo(app, 'jan@example.com');
    t.equal(plain.header('subject'), 'Bevestig je zoekmelding op Spain New Homes');
    t.match(plain.text, new RegExp(`${url}/nl/saved-searches/confirm/`));
    t.same(noJs.problems.all(), []);
  });

  await t.test("on a partner's path: the mail and its link in the partner's brand, on the partner's site", async (t) => {
    const email = 'costa@example.com';
    const name = 'Costa Casas Inmobiliaria';
    const { page, problems } = await visitor(t, { width: 1280, height: 800 }, [url, partnerUrl]);
    await page.goto(`${url}/costa-casas${SEARCH_PAGE}`, { waitUntil: 'load' });
    await waitForHydration(page);
    await saveByKeyboard(t, page, email);
    const costa = await db.selectFrom('partners').select('id').where('slug', '=', 'costa-casas').executeTakeFirstOrThrow();
    t.match(await searchesOf(email), [{ partner_id: costa.id }], "saved as the partner's");

    const mail = await mailTo(app, email);
    t.equal(mail.header('subject'), msg('savedSearches.mail.confirmSubject', { site: name }), 'the subject names the partner');
    t.match(mail.header('from'), name, 'so does the sender');
    t.notMatch(mail.text, msg('site.name'), 'the main site is not named');
    const confirm = savedSearchLink(mail.text ?? '', 'confirm');
    // The demo partner has its own domain: its links go there.
    t.match(confirm, new RegExp(`^${partnerUrl}/saved-searches/confirm/`), "the link is on the partner's site");

    await page.goto(confirm, { waitUntil: 'load' });
    await waitForHydration(page);
    t.equal(new URL(page.url()).origin, partnerUrl, "the manage page is on the partner's site");
    t.equal(await textOf(page, '[role=status]'), msg('savedSearches.manage.confirmed'));
    t.equal(await page.$eval('header.site-header img', (img) => img.getAttribute('alt')), name, "in the partner's brand");
    t.same(problems.all(), []);
  });

  /** A development of one unit in Torrevieja with two bedrooms: what the saved search asks for. */
  const home = (source: string, dev: string, price: number) =>
    property({
      id: `${source}-${dev}`,
      dev: `${source}-${dev}`,
      name: `Residencial ${source} ${dev}`,
      price,
      beds: 2,
      town: 'Torrevieja',
      province: 'Alicante',
    });
  let clock = Date.UTC(2026, 5, 1);
  /** An import with the instant alerts, as the CLI and the scheduled pulls run it; the outbox sends at once. */
  async function importHomes(source: string, ...homes: string[]) {
    clock += 24 * 60 * 60 * 1000;
    await importFeed(app.store, chunks(feed(...homes), 4096), { source, now: new Date(clock), alerts: instantAlerts(url) });
    app.outbox.kick();
  }
  const queuedTo = async (email: string) =>
    (await db.selectFrom('mail_outbox').select('id').where('recipient', '=', email).where('lead_id', 'is', null).execute()).length;

  const ALERT_SITES = [
    { name: 'the main site', start: url, home: url, brand: msg('site.name'), color: DEFAULT_COLORS.primary, source: 'main' },
    {
      name: "a partner's path, links on its own domain",
      start: `${url}/costa-casas`,
      home: partnerUrl,
      brand: 'Costa Casas Inmobiliaria',
      color: '#0b5d4b',
      source: 'costa',
    },
    {
      name: 'the path of a partner without a domain',
      start: `${url}/sol-homes`,
      home: `${url}/sol-homes`,
      brand: 'Sol Homes Makelaardij',
      color: '#8a1538',
      source: 'sol',
    },
  ];
  await db.updateTable('partners').set({ domain: null }).where('slug', '=', 'sol-homes').execute();

  for (const site of ALERT_SITES) {
    await t.test(`alerts on ${site.name}: save, confirm, an import, the alert mail, one-click unsubscribe, silence`, async (t) => {
      const email = `alerts.${site.source}@example.com`;
      const { source } = site;
      await importHomes(source, home(source, 'A', 300000));

      const { page, problems } = await visitor(t, { width: 1280, height: 800 }, [url, partnerUrl]);
      await page.goto(`${site.start}${SEARCH_PAGE}`, { waitUntil: 'load' });
      await waitForHydration(page);
      await page.click(SUMMARY);
      await page.waitForSelector(`${FORM} [name=email]`);
      await page.waitForSelector('details.save-search[open]');
      await page.type(`${FORM} [name=email]`, email);
      await page.select(`${FORM} [name=frequency]`, 'instant');
      await page.click(`${FORM} button[type=submit]`);
      await page.waitForSelector(DONE);

      const confirm = savedSearchLink((await mailTo(app, email)).text ?? '', 'confirm');
      t.match(confirm, `${site.home}/saved-searches/confirm/`, 'the confirmation link on the site');
      await page.goto(confirm, { waitUntil: 'load' });
      await waitForHydration(page);
      t.equal(await textOf(page, '[role=status]'), msg('savedSearches.manage.confirmed'), 'confirmed');

      // A in Torrevieja cheaper, B new there.
      await importHomes(source, home(source, 'A', 280000), home(source, 'B', 250000));
      const ids = Object.fromEntries(
        (await db.selectFrom('projects').select(['id', 'ref']).where('source', '=', source).execute()).map((p) => [p.ref, p.id]),
      );
      const alert = await mailTo(app, email, 2);
      const title = 'New-build homes in Torrevieja, 2+ bedrooms';
      t.equal(alert.header('subject'), `2 new or cheaper homes for "${title}"`, 'the alert: the search and the count');
      t.match(alert.header('from'), site.brand, "from the site's name");
      const unsubscribe = /^<([^>]+)>$/.exec(alert.header('list-unsubscribe') ?? '')?.[1] ?? '';
      t.match(
        unsubscribe,
        new RegExp(`^${site.home}/saved-searches/unsubscribe/[A-Za-z0-9_-]{43}$`),
        'List-Unsubscribe: an HTTPS-style link on the site',
      );
      t.equal(alert.header('list-unsubscribe-post'), 'List-Unsubscribe=One-Click', 'List-Unsubscribe-Post (RFC 8058)');
      t.same(alert.parts, ['text/plain', 'text/html'], 'plain text and HTML');
      const text = alert.text ?? '';
      t.match(
        text,
        `Residencial ${source} B\nTorrevieja, Alicante · € 250.000\n${msg('savedSearches.alert.new')}\n${site.home}/for-sale/${ids[`${source}-B`]}`,
      );
      t.match(text, msg('savedSearches.alert.reduced', { before: '€ 300.000', price: '€ 280.000' }), 'and the drop');
      t.match(text, `${site.home}/saved-searches/manage/`, 'a manage link in the body');
      t.match(alert.html, `background:${site.color}`, "in the site's colour");

      await page.goto(`${site.home}/for-sale/${ids[`${source}-B`]}`, { waitUntil: 'load' });
      await waitForHydration(page);
      t.match(await textOf(page, 'h1'), `Residencial ${source} B`, "the mail's link opens the project on the site");

      t.equal(await oneClick(unsubscribe), 200, 'one-click unsubscribe answers 200');
      t.match(await searchesOf(email), [{ status: 'stopped' }], 'and stops the search at once');

      await importHomes(source, home(source, 'A', 260000), home(source, 'B', 250000), home(source, 'C', 240000));
      t.equal(await queuedTo(email), 2, 'another import sends nothing');
      t.same(problems.all(), [], 'no console error, failed request or CSP violation');
    });
  }
});
