// The server-rendered pages come alive in the browser: React hydrates the
// document without a console error, a hydration-mismatch warning or a failed
// request, and the first interaction (the mobile menu toggle) works.
import t from 'tap';
import { startServer } from '../helpers/app.ts';
import { STEP_TIMEOUT_MS, launchBrowser, newPage, waitForHydration } from '../helpers/browser.ts';
import { waitFor } from '../helpers/processes.ts';

t.test('pages hydrate cleanly', async (t) => {
  const { url } = await startServer(t);
  const browser = await launchBrowser(t);

  t.test('the homepage hydrates with no console error or warning and no failed request', async (t) => {
    const { page, problems } = await newPage(t, browser, { width: 375, height: 740 });
    const requests: string[] = [];
    page.on('request', (r) => {
      const u = new URL(r.url());
      requests.push(u.pathname + u.search);
    });
    const response = await page.goto(`${url}/`, { waitUntil: 'load' });
    t.equal(response?.status(), 200, 'the homepage answers 200');
    t.ok(
      await page.evaluate(() => (window as unknown as { __STATE__?: { serverRendered?: boolean } }).__STATE__?.serverRendered),
      'the initial state says it was server-rendered',
    );

    await waitForHydration(page);
    // A person's first tap works: the toggle opens the menu, which only
    // hydrated React can do (the server HTML has no handlers).
    const toggle = 'header.site-header button.menu-toggle';
    t.equal(await page.$eval(toggle, (b) => b.getAttribute('aria-expanded')), 'false', 'the menu starts closed');
    await page.click(toggle);
    await page.waitForFunction((sel: string) => document.querySelector(sel)?.getAttribute('aria-expanded') === 'true', {}, toggle);
    t.pass('a tap on the toggle opens the menu');

    await page.waitForNetworkIdle({ idleTime: 500 });
    // Links in view may prefetch their pages' data (SPEC §7); the page's own data is never fetched again.
    const embedded = await page.evaluate(() => Object.keys((window as unknown as { __STATE__: { data: object } }).__STATE__.data));
    t.notOk(
      requests.some((r) => embedded.includes(r)),
      'hydration fetches no data: SWR serves it from the embedded state',
    );
    t.same(problems.all(), [], 'no console error or warning, no page error, no failed request');
  });

  t.test('self-check: a hydration mismatch is reported', async (t) => {
    // The server HTML is altered on its way to the browser, so React finds
    // text it did not render; the problem log must show it.
    const { page, problems } = await newPage(t, browser);
    await page.setRequestInterception(true);
    page.on('request', (request) => {
      if (request.resourceType() !== 'document') return void request.continue();
      void fetch(request.url()).then(async (res) => {
        const html = (await res.text()).replace(/(<h1[^>]*>)/, '$1Not what the server rendered ');
        const headers: Record<string, string> = {};
        res.headers.forEach((value, key) => (headers[key] = value));
        delete headers['content-length'];
        delete headers['content-encoding'];
        await request.respond({ status: res.status, headers, body: html });
      });
    });
    await page.goto(`${url}/`, { waitUntil: 'load' });
    // React reports the mismatch when it hydrates, which a busy machine may reach after the network is idle: wait for it.
    // Only React's own report counts (any other problem would prove nothing): error
    // 418 of its production build, "Hydration failed because…" in development.
    const mismatch = () => problems.all().find((p) => /Minified React error #418\b|Hydration failed because/.test(p));
    await waitFor('React to report the mismatch', mismatch, STEP_TIMEOUT_MS).catch(() => undefined);
    t.ok(mismatch(), `React reported the mismatch (problems: ${problems.all().join(' | ').slice(0, 300) || 'none'})`);
  });

  // Counts whose plural form English has not, and whose form differs from the language's `other`:
  // 7 is Russian's and Ukrainian's `many`, 3 (Altea) Polish's `few`.
  for (const [path, total] of [
    ['/ru/search/spain/alicante/torrevieja', 7],
    ['/uk/search/spain/alicante/torrevieja', 7],
    ['/pl/search/spain/alicante/altea', 3],
  ] as const) {
    t.test(`${path}: a count in a plural form English has not hydrates as the server wrote it`, async (t) => {
      const { page, problems } = await newPage(t, browser);
      const response = await page.goto(`${url}${path}`, { waitUntil: 'load' });
      const html = (await response?.text()) ?? '';
      await waitForHydration(page);
      await page.waitForNetworkIdle({ idleTime: 500 });
      const count = await page.$eval('.search-head__count', (el) => el.textContent?.trim() ?? '').catch(() => '');
      t.match(count, new RegExp(`^${total} \\S+$`), `the count is shown (${count})`);
      t.ok(html.includes(count), 'the same count the server rendered');
      t.same(problems.all(), [], 'no console error or warning (no hydration mismatch), no page error, no failed request');
    });
  }

  for (const path of ['/franchise', '/costa-casas', '/buying-process', '/costa-casas/contact']) {
    t.test(`${path} hydrates with no console error or warning and no failed request`, async (t) => {
      const { page, problems } = await newPage(t, browser);
      const requests: string[] = [];
      page.on('request', (r) => {
        const u = new URL(r.url());
        requests.push(u.pathname + u.search);
      });
      const response = await page.goto(`${url}${path}`, { waitUntil: 'load' });
      t.equal(response?.status(), 200, `${path} answers 200`);
      await waitForHydration(page);
      await page.waitForNetworkIdle({ idleTime: 500 });
      t.ok(await page.$('[data-layout]'), 'a layout is on the page');
      const embedded = await page.evaluate(() => Object.keys((window as unknown as { __STATE__: { data: object } }).__STATE__.data));
      if (path === '/costa-casas') t.ok(embedded.length > 0, 'the landing page embeds its data');
      t.same(
        requests.filter((r) => embedded.includes(r)),
        [],
        'the embedded data is not fetched again',
      );
      const h1 = await page.$eval('main h1', (h) => h.textContent?.trim() ?? '').catch(() => '');
      t.ok(h1, `after hydration the page still shows its heading (${h1})`);
      // React escapes text as below; the heading must be in the server's HTML.
      const escaped = h1.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
      t.ok(h1 && (await response?.text())?.includes(escaped), 'the same heading the server rendered');
      t.same(problems.all(), [], 'no console error or warning, no page error, no failed request');
    });
  }
});
