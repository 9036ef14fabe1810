// The property page's price history in a browser (issue 13), on the demo
// catalogue (whose seed gives it a history): at 390 × 844 and 1280 × 800, with
// JavaScript and without, on the main site and a partner's own domain: the
// table with its caption is there, the drop says so in words, nothing scrolls
// sideways, and hydrating changes nothing (no console error, same text).
import t from 'tap';
import { startServer } from '../helpers/app.ts';
import { launchBrowser, newPage, waitForHydration } from '../helpers/browser.ts';
import { CONSENT_COOKIE, NO_CONSENT, makeConsent, serialiseConsent } from '../../src/shared/consent.ts';

const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
];

t.test('the price history on a phone and a desktop, with JavaScript and without', async (t) => {
  const { app, url } = await startServer(t);
  const browser = await launchBrowser(t);
  const port = new URL(url).port;

  // A demo project with a drop that the partner's site shows too.
  const dropped = await app.store.db
    .selectFrom('unit_history')
    .select('project_id')
    .distinct()
    .where((eb) => eb('price', '<', eb.ref('price_before')))
    .orderBy('project_id')
    .execute();
  let id = 0;
  for (const { project_id } of dropped)
    if ((await fetch(`${url}/api/project/price-history?partner=costa-casas&id=${project_id}`)).ok) {
      id = project_id;
      break;
    }
  if (!id) throw new Error('no demo project with a drop on the partner site');

  const sites = [
    { name: 'the main site', origin: url },
    // Chromium resolves every *.localhost name to the loopback address.
    { name: "a partner's own domain", origin: `http://costa-casas.localhost:${port}` },
  ];
  for (const site of sites)
    for (const size of SIZES)
      for (const javaScript of [true, false])
        t.test(`${site.name}, ${size.name}, JavaScript ${javaScript ? 'on' : 'off'}`, async (t) => {
          const { page, problems } = await newPage(t, browser, { width: size.width, height: size.height, javaScript });
          await page.setCookie({ name: CONSENT_COOKIE, value: serialiseConsent(makeConsent(NO_CONSENT)), url: site.origin });
          const res = await page.goto(`${site.origin}/for-sale/${id}`, { waitUntil: 'load' });
          t.equal(res?.status(), 200);
          const read = () =>
            page.$eval('#price-history-title', (h) => {
              const section = h.closest('section')!;
              const region = section.querySelector('.units-table__scroll')!;
              region.scrollIntoView();
              const caption = section.querySelector('caption')!.getBoundingClientRect();
              return {
                title: h.textContent,
                text: (section as HTMLElement).innerText.replace(/\s+/g, ' '),
                pageOverflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
                tableOverflow: region.scrollWidth - region.clientWidth,
                captionOnScreen: caption.left >= 0 && caption.right <= window.innerWidth && caption.height > 0,
                headers: [...section.querySelectorAll('thead th')].map((th) => th.textContent),
              };
            });
          const before = await read();
          if (javaScript) await waitForHydration(page);
          const shown = javaScript ? await read() : before;
          t.equal(shown.title, 'Price history');
          t.match(shown.text, /Price and status changes of the homes of .+, oldest first/, 'the caption');
          t.match(shown.text, /▼ Reduced by € [\d.]+/, 'the drop, in words');
          t.same(shown.headers, ['Date', 'Price', 'Change', 'Status']);
          t.equal(shown.pageOverflow, 0, 'the page does not scroll sideways');
          t.equal(shown.tableOverflow, 0, 'nor does the table');
          t.ok(shown.captionOnScreen, 'the caption is on screen');
          if (javaScript) t.equal(shown.text, before.text, 'hydrating changes nothing');
          t.same(problems.all(), []);
        });
});
