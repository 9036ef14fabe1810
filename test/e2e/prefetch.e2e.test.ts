// Prefetching (SPEC §7): a link in view fetches its page's code in idle time,
// its data only on a sign of intent; the click then renders from the cache.
import t from 'tap';
import { startServer } from '../helpers/app.ts';
import { launchBrowser, newPage, waitForHydration, within } from '../helpers/browser.ts';

t.test('result cards prefetch their page on intent', async (t) => {
  const { url } = await startServer(t);
  const browser = await launchBrowser(t);
  const { page, problems } = await newPage(t, browser);
  const api: string[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith('/api/')) api.push(u.pathname + u.search);
  });
  await page.goto(`${url}/search`, { waitUntil: 'load' });
  await waitForHydration(page);
  await page.waitForNetworkIdle({ idleTime: 700 });
  const cards = await page.$$eval('.project-card .stretched-link', (links) => links.map((a) => (a as HTMLAnchorElement).pathname));
  t.ok(cards.length >= 6, `the search shows cards (${cards.length})`);
  t.same(
    api.filter((r) => r.startsWith('/api/property') || r.startsWith('/api/project/')),
    [],
    'cards in view fetch no property data by themselves',
  );

  const first = cards[0]!;
  const id = first.split('/').pop();
  await page.hover('.project-card .stretched-link');
  await within(
    page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => e.name.includes('/api/property?')), { polling: 100 }),
    'the hover prefetches',
  );
  t.ok(
    api.some((r) => r === `/api/property?id=${id}`),
    `hovering the card fetched its project (${api.filter((r) => r.includes('property')).join(', ')})`,
  );
  await page.waitForNetworkIdle({ idleTime: 300 });

  const before = api.length;
  await page.click('.project-card .stretched-link');
  await within(
    page.waitForFunction((p: string) => location.pathname === p && document.querySelector('main h1'), { polling: 100 }, first),
    'the property page shows',
  );
  // The page shows its heading only with its data, and the app never revalidates
  // on mount (App.tsx): a fetch of it would have been requested before this point.
  const after = api.slice(before);
  t.notOk(
    after.some((r) => r === `/api/property?id=${id}`),
    `the click renders from the prefetched answer (${after.join(', ')})`,
  );
  t.same(problems.all(), [], 'no console error');
});
