// The Content Security Policy (DESIGN §7) does not break the site: the nonced
// inline state, the scripts, the styles and the hero slider all load under it,
// with no violation reported. A self-check proves the detector sees violations.
import t from 'tap';
import { startServer } from '../helpers/app.ts';
import { launchBrowser, newPage, waitForHydration } from '../helpers/browser.ts';
import { waitFor } from '../helpers/processes.ts';

t.test('no Content Security Policy violation', async (t) => {
  const { url } = await startServer(t);
  const browser = await launchBrowser(t);

  for (const path of ['/', '/costa-casas', '/franchise', '/nothing/such/page']) {
    t.test(`${path} loads, hydrates and is used without a CSP violation`, async (t) => {
      const { page, problems } = await newPage(t, browser, { allowStatus: [404] });
      const response = await page.goto(`${url}${path}`, { waitUntil: 'load' });
      const policy = response?.headers()['content-security-policy'] ?? '';
      t.match(policy, /script-src [^;]*'nonce-/, 'the page is served with a nonce-based CSP');
      await waitForHydration(page);
      // Use the page a little: open and close the menu, navigate client-side.
      await page.setViewport({ width: 375, height: 740 });
      if (await page.$('header.site-header button.menu-toggle')) {
        await page.click('header.site-header button.menu-toggle');
        await page.keyboard.press('Escape');
      }
      // The header's first link, the logo, leads to the section's home page (/ or /{partner}).
      const home = 'header.site-header a[href^="/"]';
      const target = await page.$eval(home, (a) => a.getAttribute('href'));
      await page.click(home);
      await page.waitForFunction(
        (to: string | null) => window.location.pathname === to && !document.querySelector('section.error-page'),
        {},
        target,
      );
      await page.waitForNetworkIdle({ idleTime: 500 });
      t.same(problems.csp, [], 'no securitypolicyviolation event and no CSP message in the console');
      t.same(problems.all(), [], 'no console error or warning, no page error, no failed request');
    });
  }

  t.test('self-check: the detector reports a violation when there is one', async (t) => {
    const { page, problems } = await newPage(t, browser);
    await page.goto(`${url}/`, { waitUntil: 'load' });
    await waitForHydration(page);
    // An inline script without the nonce, as an injected ad or XSS would add.
    await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__injected = true';
      document.body.append(s);
    });
    // The report crosses from the page to the test asynchronously.
    await waitFor('the violation report', () => problems.csp.length > 0, 30_000).catch(() => undefined);
    t.notOk(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected), 'the injected script did not run');
    t.ok(problems.csp.length > 0, `the violation was reported (${problems.csp.join(' | ')})`);
  });
});
