// The server-rendered pages come alive in the browser: React hydrates the
// document without a console error, a hydration-mismatch warning or a failed
// request, and the first interaction (the mobile menu toggle) works.
import t from 'tap';
import { startServer } from '../helpers/app.ts';
import { launchBrowser, newPage, waitForHydration } from '../helpers/browser.ts';

t.test('pages hydrate cleanly', async (t) => {
  const { url } = await startServer(t);
  const browser = await launchBrowser(t);

  t.test('the homepage hydrates with no console error or warning and no failed request', async (t) => {
    const { page, problems } = await newPage(t, browser, { width: 375, height: 740 });
    const requests: string[] = [];
    page.on('request', (r) => requests.push(`${r.method()} ${new URL(r.url()).pathname}`));
    const response = await page.goto(`${url}/`, { waitUntil: 'load' });
    t.equal(response?.status(), 200, 'the homepage answers 200');
    t.ok(await page.evaluate(() => (window as unknown as { __STATE__?: { serverRendered?: boolean } }).__STATE__?.serverRendered), 'the initial state says it was server-rendered');

    await waitForHydration(page);
    // A person's first tap works: the toggle opens the menu, which only
    // hydrated React can do (the server HTML has no handlers).
    const toggle = 'header.site-header button.menu-toggle';
    t.equal(await page.$eval(toggle, (b) => b.getAttribute('aria-expanded')), 'false', 'the menu starts closed');
    await page.click(toggle);
    await page.waitForFunction((sel: string) => document.querySelector(sel)?.getAttribute('aria-expanded') === 'true', {}, toggle);
    t.pass('a tap on the toggle opens the menu');

    await page.waitForNetworkIdle({ idleTime: 500 });
    t.notOk(requests.some((r) => r.includes(' /api/')), 'hydration fetches no data: SWR serves it from the embedded state');
    t.same(problems.all(), [], 'no console error or warning, no page error, no failed request');
  });

  for (const path of ['/franchise', '/costa-casas', '/buying-process', '/costa-casas/contact']) {
    t.test(`${path} hydrates with no console error or warning and no failed request`, async (t) => {
      const { page, problems } = await newPage(t, browser);
      const response = await page.goto(`${url}${path}`, { waitUntil: 'load' });
      t.equal(response?.status(), 200, `${path} answers 200`);
      await waitForHydration(page);
      await page.waitForNetworkIdle({ idleTime: 500 });
      t.ok(await page.$('[data-layout]'), 'a layout is on the page');
      t.same(problems.all(), [], 'no console error or warning, no page error, no failed request');
    });
  }
});
