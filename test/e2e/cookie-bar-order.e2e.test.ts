// The cookie bar first for keyboard and screen-reader users (issue 10, item 8):
// before any choice, the bar's buttons are within the first 3 Tab stops (the
// skip link, then the bar), the bar comes before the page's header and main
// in the document (the reading order), it shows at the bottom of the screen,
// and it traps nothing: Tab goes on past it into the page. The skip link still
// takes the focus to the main content. On the main site, a partner's path site
// and a partner's own domain, at 1280 × 800 and 390 × 844.
import t from 'tap';
import type { Page } from 'puppeteer-core';
import { startServer } from '../helpers/app.ts';
import { launchBrowser, newPage, waitForHydration } from '../helpers/browser.ts';

const ACCEPT_ALL = 'Accept all';

/** What has the focus: its tag, text and whether it is inside the bar, the header or main. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName.toLowerCase() ?? null,
      text: (el?.textContent ?? '').trim(),
      inBar: Boolean(el?.closest('.cookie-bar')),
      inPage: Boolean(el?.closest('header.site-header, main, footer')),
      id: el?.id ?? '',
    };
  });

t.test('the cookie bar in the tab and reading order', async (t) => {
  const { url } = await startServer(t);
  const browser = await launchBrowser(t);
  const port = new URL(url).port;
  const sites = [
    { name: 'the main site', address: `${url}/search` },
    { name: "a partner's path site", address: `${url}/costa-casas` },
    // Chromium resolves every *.localhost name to the loopback address.
    { name: "a partner's own domain", address: `http://costa-casas.localhost:${port}/contact` },
  ];
  const sizes = [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ];

  for (const site of sites)
    for (const size of sizes)
      t.test(`${site.name} at ${size.width} × ${size.height}`, async (t) => {
        const { page, problems } = await newPage(t, browser, size);
        await page.goto(site.address, { waitUntil: 'load' });
        await waitForHydration(page);
        await page.waitForSelector('.cookie-bar button');
        // Its slide-in over, the bar is where it stays.
        await page.waitForFunction(() =>
          document
            .querySelector('.cookie-bar')!
            .getAnimations()
            .every((a) => a.playState === 'finished'),
        );

        const order = await page.evaluate(() => {
          const bar = document.querySelector('.cookie-bar')!;
          const header = document.querySelector('header.site-header')!;
          const main = document.querySelector('main')!;
          const r = bar.getBoundingClientRect();
          return {
            beforeHeader: Boolean(bar.compareDocumentPosition(header) & Node.DOCUMENT_POSITION_FOLLOWING),
            beforeMain: Boolean(bar.compareDocumentPosition(main) & Node.DOCUMENT_POSITION_FOLLOWING),
            atBottom: Math.abs(r.bottom - window.innerHeight) <= 1,
          };
        });
        t.ok(order.beforeHeader && order.beforeMain, 'the bar comes before the header and the main content in the document');
        t.ok(order.atBottom, 'and shows at the bottom of the screen');

        const stops = [];
        for (let i = 0; i < 3; i++) {
          await page.keyboard.press('Tab');
          stops.push(await focused(page));
        }
        const first = stops.findIndex((s) => s.inBar);
        t.ok(first >= 0 && first < 3, `a bar button is among the first 3 Tab stops (${stops.map((s) => s.text || s.tag).join(' → ')})`);
        t.equal(stops[first]?.text, ACCEPT_ALL, `the first one is '${ACCEPT_ALL}'`);

        // Tab on: through the bar's four buttons and out into the page.
        let left = null;
        for (let i = 0; i < 8 && !left; i++) {
          await page.keyboard.press('Tab');
          const now = await focused(page);
          if (!now.inBar) left = now;
        }
        t.ok(left?.inPage, `Tab leaves the bar for the page (${left?.text || left?.tag})`);
        await page.keyboard.down('Shift');
        await page.keyboard.press('Tab');
        await page.keyboard.up('Shift');
        t.ok((await focused(page)).inBar, 'Shift+Tab goes back into it');
        t.same(problems.all(), []);
      });

  t.test('the skip link still goes to the main content, with the bar showing', async (t) => {
    const { page, problems } = await newPage(t, browser, { width: 390, height: 844 });
    await page.goto(`${url}/contact`, { waitUntil: 'load' });
    await waitForHydration(page);
    await page.waitForSelector('.cookie-bar button');
    await page.keyboard.press('Tab');
    const skip = await focused(page);
    t.equal(skip.tag, 'a', 'the first Tab stop is the skip link');
    t.ok(await page.$eval('.skip-link', (a) => a === document.activeElement && a.getBoundingClientRect().top >= 0), 'shown when focused');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.id === 'main');
    t.pass('Enter moves the focus to the main content');
    await page.keyboard.press('Tab');
    const next = await focused(page);
    t.ok(next.inPage && !next.inBar, `the next Tab stop is in the page (${next.text || next.tag})`);
    t.same(problems.all(), []);
  });
});
