// Moving between pages happens in the browser: a click on a header link
// renders the next page without a full document load, the address bar follows,
// and the back button returns to the previous page the same way.
import t from 'tap';
import type { Page } from 'puppeteer-core';
import { startServer } from '../helpers/app.ts';
import { launchBrowser, newPage, waitForHydration, STEP_TIMEOUT_MS } from '../helpers/browser.ts';

/** What a visitor sees of a page: its title, its h1, the layout it sits in and the header style. */
async function seen(page: Page) {
  return page.evaluate(() => ({
    title: document.title,
    h1: document.querySelector('main h1')?.textContent?.trim() ?? null,
    layout: document.querySelector('[data-layout]')?.getAttribute('data-layout') ?? null,
    header: ['header-transparent', 'header-solid'].find((c) => document.querySelector('header.site-header')?.classList.contains(c)) ?? null,
  }));
}

t.test('client-side navigation', async (t) => {
  const { url } = await startServer(t);
  const browser = await launchBrowser(t);

  // The pages as a fresh load shows them: a client-side render must match.
  const expected: Record<string, Awaited<ReturnType<typeof seen>>> = {};
  for (const path of ['/', '/franchise']) {
    const { page } = await newPage(t, browser);
    await page.goto(`${url}${path}`, { waitUntil: 'load' });
    await waitForHydration(page);
    expected[path] = await seen(page);
  }
  t.not(expected['/']!.title, expected['/franchise']!.title, 'the two pages have different titles');

  const { page, problems } = await newPage(t, browser);
  const documents: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'document') documents.push(r.url());
  });
  await page.goto(`${url}/`, { waitUntil: 'load' });
  await waitForHydration(page);
  t.same(documents, [`${url}/`], 'one document load so far');
  // Survives only as long as this document does.
  await page.evaluate(() => {
    (window as unknown as { __noReload?: boolean }).__noReload = true;
  });
  const marker = () => page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload === true);

  t.test('a click on the header link to /franchise renders it without a reload', async (t) => {
    await page.click('header.site-header nav a[href="/franchise"]');
    await page.waitForFunction((title: string) => document.title === title, {}, expected['/franchise']!.title);
    t.equal(new URL(page.url()).pathname, '/franchise', 'the address bar shows /franchise');
    t.same(await seen(page), expected['/franchise'], 'the page is the one a fresh load of /franchise shows');
    t.equal(
      await page.$eval('header.site-header nav a[href="/franchise"]', (a) => a.getAttribute('aria-current')),
      'page',
      'the header marks Franchise as the current page',
    );
    t.ok(await marker(), 'the window is the same one: no full reload');
    t.same(documents, [`${url}/`], 'no new document was requested');
  });

  t.test('the back button returns to the homepage without a reload', async (t) => {
    await page.goBack();
    await page.waitForFunction((title: string) => document.title === title, {}, expected['/']!.title);
    t.equal(new URL(page.url()).pathname, '/', 'the address bar shows /');
    t.same(await seen(page), expected['/'], 'the page is the homepage again');
    t.ok(await marker(), 'the window is the same one: no full reload');
    t.same(documents, [`${url}/`], 'no new document was requested');
  });

  t.test('forward goes to /franchise again', async (t) => {
    await page.goForward();
    await page.waitForFunction((title: string) => document.title === title, {}, expected['/franchise']!.title);
    t.equal(new URL(page.url()).pathname, '/franchise', 'the address bar shows /franchise');
    t.ok(await marker(), 'still no full reload');
  });

  // A content page's data is fetched on navigation (its SWR key from the
  // route table) and must show, not a blank page.
  t.test('a footer link to a content page shows that page, as a fresh load does', async (t) => {
    const { page: fresh } = await newPage(t, browser);
    await fresh.goto(`${url}/buying-process`, { waitUntil: 'load' });
    const want = await seen(fresh);
    await page.click('a[href="/buying-process"]');
    await page
      .waitForFunction(
        (title: string) => document.title === title && !!document.querySelector('main h1'),
        { timeout: STEP_TIMEOUT_MS },
        want.title,
      )
      .catch(() => {});
    t.equal(new URL(page.url()).pathname, '/buying-process', 'the address bar shows /buying-process');
    t.same(await seen(page), want, 'the page shows the same title and heading as a fresh load of /buying-process');
    t.ok(await marker(), 'the window is the same one: no full reload');
  });

  // A link followed, then Back before the next page's data came: the page left stays, and the
  // navigation that was on its way is dropped, not shown under this page's address when it comes.
  t.test('back before the next page came: the page left stays', async (t) => {
    const { page: fresh } = await newPage(t, browser);
    await fresh.goto(`${url}/costs-and-taxes`, { waitUntil: 'load' });
    const next = await seen(fresh);
    const here = await seen(page);
    const isNextRead = (address: string) => address.includes('/api/content?') && address.includes('costs-and-taxes');
    const held: Array<() => void> = [];
    await page.setRequestInterception(true);
    const requested = new Promise<void>((resolve) =>
      page.on('request', (request) => {
        if (request.isInterceptResolutionHandled()) return;
        if (!isNextRead(request.url())) return void request.continue();
        held.push(() => void request.continue());
        resolve();
      }),
    );
    const answered = page.waitForResponse((response) => isNextRead(response.url()));
    await page.click('a[href="/costs-and-taxes"]');
    await requested;
    t.equal(new URL(page.url()).pathname, '/costs-and-taxes', "the link followed, the next page's data on its way");
    await page.goBack();
    t.equal(new URL(page.url()).pathname, '/buying-process', 'the address bar shows the page left');
    for (const release of held) release();
    await answered;
    const replaced = await page
      .waitForFunction((title: string) => document.title === title, { timeout: 2000 }, next.title)
      .then(
        () => true,
        () => false,
      );
    t.notOk(replaced, 'the page that came late is not shown');
    t.same(await seen(page), here, 'the page left is shown, as it was');
    await page.setRequestInterception(false);
  });

  t.test('nothing went wrong on the way', async (t) => {
    t.same(problems.all(), [], 'no console error or warning, no page error, no failed request');
  });
});
