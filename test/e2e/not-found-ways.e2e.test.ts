// Helpful 404 pages (issue 10, item 10): a mistyped partner link
// (/costa-casaz/search) or an unknown address keeps the site's header and
// footer and offers the search and the home page, under SPEC's words ('Oops!
// Page not found!' and the reason), with status 404 and noindex, with and
// without JavaScript, on the main site, a partner's path site and a partner's
// own domain, at 1280 × 800 and 390 × 844.
import t from 'tap';
import type { Page } from 'puppeteer-core';
import { startServer } from '../helpers/app.ts';
import { launchBrowser, newPage, waitForHydration } from '../helpers/browser.ts';
import { CONSENT_COOKIE, NO_CONSENT, makeConsent, serialiseConsent } from '../../src/shared/consent.ts';

const TITLE = 'Oops! Page not found!';
const SEARCH = 'Search new homes';
const HOME = 'Go back to homepage';

/** What a visitor sees of the 404 page. */
function screen(page: Page) {
  return page.evaluate(() => {
    const shown = (el: Element | null) => {
      if (!el) return false;
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0;
    };
    const section = document.querySelector('section.error-page');
    const links = [...(section?.querySelectorAll('a') ?? [])].map((a) => ({
      text: a.textContent?.trim() ?? '',
      href: a.getAttribute('href') ?? '',
      shown: shown(a),
    }));
    return {
      h1: document.querySelector('h1')?.textContent?.trim() ?? null,
      text: section?.textContent ?? '',
      header: shown(document.querySelector('header.site-header')),
      headerLinks: document.querySelectorAll('header.site-header a[href]').length,
      footer: shown(document.querySelector('footer')),
      footerLinks: document.querySelectorAll('footer a[href]').length,
      links,
      robots: document.querySelector('meta[name="robots"]')?.getAttribute('content') ?? null,
      overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    };
  });
}

t.test('404 pages with a way on', async (t) => {
  const { url } = await startServer(t);
  const browser = await launchBrowser(t);
  const own = `http://costa-casas.localhost:${new URL(url).port}`;

  const cases = [
    { what: 'an unknown partner', origin: url, path: '/costa-casaz/search', message: 'Not Found', search: '/search', home: '/' },
    {
      what: 'an unknown address',
      origin: url,
      path: '/nothing/such/page/at-all',
      message: 'This page could not be found',
      search: '/search',
      home: '/',
    },
    {
      what: "an unknown page of a partner's path site",
      origin: url,
      path: '/costa-casas/no-such-page',
      message: 'This page could not be found',
      search: '/costa-casas/search',
      home: '/costa-casas',
    },
    // Chromium resolves every *.localhost name to the loopback address.
    {
      what: "an unknown address on a partner's own domain",
      origin: own,
      path: '/nothing/such/page',
      message: 'This page could not be found',
      search: '/search',
      home: '/',
    },
  ];
  const sizes = [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ];

  for (const c of cases)
    for (const size of sizes)
      for (const javaScript of [true, false])
        t.test(`${c.what} (${c.path}) at ${size.width} px, JavaScript ${javaScript ? 'on' : 'off'}`, async (t) => {
          const { page, problems } = await newPage(t, browser, { ...size, javaScript, allowStatus: [404] });
          await page.setCookie({ name: CONSENT_COOKIE, value: serialiseConsent(makeConsent(NO_CONSENT)), url: c.origin });
          const response = await page.goto(c.origin + c.path, { waitUntil: 'load' });
          t.equal(response?.status(), 404, 'HTTP 404');
          if (javaScript) await waitForHydration(page);

          const seen = await screen(page);
          t.equal(seen.h1, TITLE, `'${TITLE}'`);
          t.match(seen.text, c.message, `the reason, '${c.message}'`);
          t.ok(seen.header && seen.headerLinks > 0, "the site's header, with its links");
          t.ok(seen.footer && seen.footerLinks > 0, "the site's footer, with its links");
          t.match(
            seen.links,
            [
              { text: SEARCH, href: c.search, shown: true },
              { text: HOME, href: c.home, shown: true },
            ],
            'the search and the home page are offered',
          );
          t.equal(seen.robots, 'noindex', 'not indexed');
          t.equal(seen.overflow, 0, 'nothing scrolls sideways');

          // The search link leads on.
          await Promise.all([
            page.waitForFunction((p: string) => location.pathname === p, {}, c.search),
            page.click('section.error-page a:first-of-type'),
          ]);
          await page.waitForFunction(() => !document.querySelector('section.error-page') && document.querySelector('.search-cards'));
          t.pass('the search page and its results, not the error');
          t.same(problems.all(), []);
        });
});
