// The error screen of SPEC §2 and §8 as a visitor meets it: a real 404 status,
// the image, 'Oops! Page not found!', the reason, and a 'Go back to homepage'
// link that leads home.
import t from 'tap';
import { startServer } from '../helpers/app.ts';
import { launchBrowser, newPage, waitForHydration } from '../helpers/browser.ts';

// SPEC §2 and §8 word for word (not read from locales/en.json, so a changed text fails here).
const TITLE = 'Oops! Page not found!';
const BACK_HOME = 'Go back to homepage';

t.test('the not-found page', async (t) => {
  const { url } = await startServer(t);
  const browser = await launchBrowser(t);

  const cases = [
    { path: '/nothing/such/page/at-all', what: 'an address that matches no route', message: 'This page could not be found' },
    { path: '/no-such-partner/contact', what: 'a page of an unknown partner', message: 'Not Found' },
  ];

  for (const { path, what, message } of cases) {
    t.test(`${what} (${path}) answers 404 with the error screen`, async (t) => {
      const { page, problems } = await newPage(t, browser, { allowStatus: [404] });
      const response = await page.goto(`${url}${path}`, { waitUntil: 'load' });
      t.equal(response?.status(), 404, 'HTTP status 404');
      await waitForHydration(page);

      const screen = await page.$eval('section.error-page', (s) => ({
        status: s.getAttribute('data-status'),
        h1: s.querySelector('h1')?.textContent?.trim() ?? null,
        text: s.textContent ?? '',
        image: (() => {
          const img = s.querySelector('img');
          return img ? { alt: img.alt, loaded: img.complete && img.naturalWidth > 0 } : null;
        })(),
        links: [...s.querySelectorAll('a')].map((a) => ({ text: a.textContent?.trim() ?? '', href: a.getAttribute('href') })),
      }));
      t.equal(screen.status, '404', 'the error screen is for a 404');
      t.equal(screen.h1, TITLE, `the title is '${TITLE}'`);
      t.match(screen.text, message, `the reason reads '${message}'`);
      t.ok(screen.image?.loaded, 'the image is shown');
      t.ok(screen.image?.alt, 'the image has a text alternative');
      t.ok(
        screen.links.some((l) => l.text === BACK_HOME && l.href === '/'),
        `a '${BACK_HOME}' link points to /`,
      );
      t.match(await page.title(), TITLE, 'the browser tab says the page was not found');
      t.equal(
        await page.$eval('meta[name="robots"]', (m) => m.getAttribute('content')).catch(() => null),
        'noindex',
        'search engines are asked not to index it',
      );

      await page.click('section.error-page a[href="/"]');
      await page.waitForFunction(() => window.location.pathname === '/' && !document.querySelector('section.error-page'));
      t.pass('clicking it shows the homepage at /');
      t.equal(await page.$eval('[data-layout]', (l) => l.getAttribute('data-layout')), 'main', 'in the main layout');
      t.same(problems.all(), [], 'no console error or warning, no page error, no failed request besides the 404 itself');
    });
  }

  t.test('with JavaScript off the 404 page still shows its texts', async (t) => {
    const { page } = await newPage(t, browser, { allowStatus: [404], javaScript: false });
    const response = await page.goto(`${url}/nothing/such/page/at-all`, { waitUntil: 'load' });
    t.equal(response?.status(), 404, 'HTTP status 404');
    const text = await page.$eval('section.error-page', (s) => s.textContent ?? '');
    for (const expected of [TITLE, 'This page could not be found', BACK_HOME]) t.match(text, expected, `shows '${expected}'`);
  });
});
