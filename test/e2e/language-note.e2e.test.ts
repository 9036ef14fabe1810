// The note offering another language (issue 24), in Chromium: a first visitor
// whose browser prefers German gets, once the cookie question is answered, a
// note in German at the foot of the English page, which leads to the same
// page in German; once shown it does not come back. A language chosen on the
// languages page is offered on pages in another until the visitor says no;
// "no" is remembered. An English browser on an English page loads none of it.
import t, { type Test } from 'tap';
import type { Page } from 'puppeteer-core';
import { startServer } from '../helpers/app.ts';
import { launchBrowser, newPage, waitForHydration } from '../helpers/browser.ts';
import { answerCookieBar } from '../helpers/map-page.ts';
import de from '../../locales/de.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };
import nl from '../../locales/nl.json' with { type: 'json' };

type Browser = Awaited<ReturnType<typeof launchBrowser>>;

const NOTE = 'section.language-note';
const PHONE = { width: 320, height: 640, deviceScaleFactor: 2 };

/** A visitor whose browser prefers `languages`, loading `path`, the cookie question answered; every request recorded. */
async function visit(t: Test, browser: Browser, url: string, path: string, languages: string[]) {
  const { page, problems } = await newPage(t, browser, PHONE);
  await page.evaluateOnNewDocument((tags: string[]) => {
    Object.defineProperty(Navigator.prototype, 'languages', { get: () => tags });
  }, languages);
  const requests: string[] = [];
  page.on('request', (r) => requests.push(new URL(r.url()).pathname));
  await page.goto(`${url}${path}`, { waitUntil: 'load' });
  await waitForHydration(page);
  await answerCookieBar(page, path.startsWith('/de') ? de.consent.necessaryOnly : en.consent.necessaryOnly);
  return { page, problems, requests };
}

/**
 * Whether the note shows, or was asked for, once the page has had time to ask
 * (its words come from the API): the network idle, or 10 s on a machine whose
 * pictures keep it busy (a bound on the wait, not on the page).
 */
async function noteShows(page: Page, requests: string[]): Promise<boolean> {
  await page.waitForNetworkIdle({ idleTime: 300, timeout: 10_000 }).catch(() => {});
  return (await page.$(NOTE)) !== null || requests.some((p) => p === '/api/language-note');
}

t.test('the language note', async (t) => {
  const { url } = await startServer(t);
  const browser = await launchBrowser(t);

  t.test('a German browser on an English page: offered German, in German, once; it leads to the same page in German', async (t) => {
    const { page, problems } = await visit(t, browser, url, '/search?sort=price_asc', ['de-DE', 'de', 'en']);
    await page.waitForSelector(NOTE, { visible: true });
    const note = await page.$eval(NOTE, (el) => ({
      lang: el.getAttribute('lang'),
      label: el.getAttribute('aria-label'),
      text: el.querySelector('p')?.textContent,
      link: el.querySelector('a')?.getAttribute('href'),
      linkText: el.querySelector('a')?.textContent,
      hreflang: el.querySelector('a')?.getAttribute('hreflang'),
      button: el.querySelector('button')?.textContent,
    }));
    t.same(
      note,
      {
        lang: 'de',
        label: de.languages.label,
        text: de.languageNote.text,
        link: '/de/search?sort=price_asc',
        linkText: de.languageNote.open,
        hreflang: 'de',
        button: de.languageNote.dismiss,
      },
      'in German, marked as German, leading to the same search in German',
    );
    const fit = await page.$eval(NOTE, (el) => {
      const r = el.getBoundingClientRect();
      return { bottom: r.bottom, height: r.height, viewport: innerHeight, scroll: document.documentElement.scrollWidth, width: innerWidth };
    });
    t.ok(Math.abs(fit.bottom - fit.viewport) < 1, 'at the foot of the screen');
    t.ok(fit.height < fit.viewport / 3, `taking a third of a 320 px phone's screen at most (${Math.round(fit.height)} px)`);
    t.ok(fit.scroll <= fit.width, 'nothing scrolls sideways');

    // By keyboard: the link is reachable and followed.
    await page.focus(`${NOTE} a`);
    await Promise.all([page.waitForNavigation(), page.keyboard.press('Enter')]);
    t.equal(new URL(page.url()).pathname + new URL(page.url()).search, '/de/search?sort=price_asc');
    await waitForHydration(page);
    t.equal(await page.$eval('html', (h) => h.lang), 'de');
    t.notOk(await noteShows(page, []), 'on the German page: nothing to offer');

    // The choice is remembered: back on an English page, German is offered again.
    await page.goto(`${url}/contact`, { waitUntil: 'load' });
    await page.waitForSelector(NOTE, { visible: true });
    t.equal(await page.$eval(`${NOTE} a`, (a) => a.getAttribute('href')), '/de/contact', 'the chosen language, on the page on screen');
    t.same(problems.all(), []);
  });

  t.test('no, thanks: the note goes, the focus stays on the page, and it does not come back', async (t) => {
    const { page, problems } = await visit(t, browser, url, '/', ['de-DE']);
    await page.waitForSelector(NOTE, { visible: true });
    await page.focus(`${NOTE} button`);
    await page.keyboard.press('Enter');
    await page.waitForSelector(NOTE, { hidden: true });
    t.ok(await page.evaluate(() => document.activeElement?.id === 'main'), 'the focus moves to the page, not lost with the note');
    const requests: string[] = [];
    page.on('request', (r) => requests.push(new URL(r.url()).pathname));
    await page.reload({ waitUntil: 'load' });
    await waitForHydration(page);
    t.notOk(await noteShows(page, requests), 'not after a reload');
    await page.goto(`${url}/de`, { waitUntil: 'load' });
    await waitForHydration(page);
    await page.waitForSelector(NOTE, { visible: true });
    t.equal(
      await page.$eval(`${NOTE} p`, (p) => p.textContent),
      en.languageNote.text,
      'saying no on an English page chose English: a German page offers it',
    );
    t.same(problems.all(), []);
  });

  t.test('shown once: ignored, it is not offered on the next page load', async (t) => {
    const { page, problems } = await visit(t, browser, url, '/', ['nl-BE', 'nl']);
    await page.waitForSelector(NOTE, { visible: true });
    t.equal(await page.$eval(`${NOTE} p`, (p) => p.textContent), nl.languageNote.text);
    const requests: string[] = [];
    page.on('request', (r) => requests.push(new URL(r.url()).pathname));
    await page.goto(`${url}/contact`, { waitUntil: 'load' });
    await waitForHydration(page);
    t.notOk(await noteShows(page, requests), 'the next page has none');
    t.same(problems.all(), []);
  });

  t.test('a language chosen on the languages page is offered on pages in another', async (t) => {
    const { page, problems } = await visit(t, browser, url, '/languages?from=%2Fcontact', ['en-GB']);
    await Promise.all([page.waitForNavigation(), page.click('a[hreflang="nl"]')]);
    t.equal(new URL(page.url()).pathname, '/nl/contact');
    await page.goto(`${url}/buying-process`, { waitUntil: 'load' });
    await page.waitForSelector(NOTE, { visible: true });
    t.equal(await page.$eval(`${NOTE} p`, (p) => p.textContent), nl.languageNote.text, "Dutch, though the browser's is English");
    t.same(problems.all(), []);
  });

  t.test('an English browser on an English page: no note, no request for it, no code', async (t) => {
    const { page, problems, requests } = await visit(t, browser, url, '/', ['en-US', 'en']);
    t.notOk(await noteShows(page, requests), 'nothing offered, nothing asked for');
    const scripts = await Promise.all(requests.filter((p) => p.endsWith('.js')).map((p) => fetch(`${url}${p}`).then((r) => r.text())));
    t.notOk(
      scripts.some((s) => s.includes('language-note__actions')),
      "the note's code is not loaded",
    );
    t.same(problems.all(), []);
  });
});
