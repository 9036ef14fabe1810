// The units table on a phone (issue 10, item 7): at 390 × 844 every unit's
// type, beds, baths, built area, price and status is on screen without any
// sideways scrolling (the rows are cards), the caption is whole, and a value
// the feed does not give keeps its '–' with 'Not given' for screen readers. On
// the main site, a partner's path site and a partner's own domain. From 768 px
// it is a table with its header row above its columns (test/e2e/layout.e2e.test.ts).
import t from 'tap';
import type { Page } from 'puppeteer-core';
import { startServer } from '../helpers/app.ts';
import { launchBrowser, newPage, waitForHydration } from '../helpers/browser.ts';
import { CONSENT_COOKIE, NO_CONSENT, makeConsent, serialiseConsent } from '../../src/shared/consent.ts';

interface Cell {
  text: string;
  visible: boolean;
}

/** Per unit row: each of the six values a visitor must see, as shown, and whether it lies wholly on screen horizontally. */
function readRows(page: Page) {
  return page.$$eval('.units-table tbody tr', (rows) => {
    const cell = (el: Element | null): Cell => {
      if (!el) return { text: '', visible: false };
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      // The column's name is generated content (data-label), which innerText leaves out.
      const before = getComputedStyle(el, '::before');
      const label = before.content !== 'none' && before.display !== 'none' ? `${(el as HTMLElement).dataset.label} ` : '';
      return {
        text: (label + ((el as HTMLElement).innerText ?? '')).replace(/\s+/g, ' ').trim(),
        visible: r.width > 0 && r.height > 0 && r.left >= 0 && r.right <= window.innerWidth && style.visibility !== 'hidden',
      };
    };
    return rows.map((row) => ({
      type: cell(row.querySelector('th')),
      beds: cell(row.children[1] ?? null),
      baths: cell(row.children[2] ?? null),
      areas: cell(row.children[3] ?? null),
      price: cell(row.children[5] ?? null),
      status: cell(row.querySelector('.unit-status')),
      notGiven: [...row.querySelectorAll('.visually-hidden')].map((s) => s.textContent),
    }));
  });
}

t.test('the units table fits a phone', async (t) => {
  const { app, url } = await startServer(t);
  const browser = await launchBrowser(t);
  const db = app.store.db;
  const port = new URL(url).port;

  // A listed project with several units that the partner's site shows too; one unit gives no bedrooms and no price.
  const candidates = await db
    .selectFrom('units as u')
    .innerJoin('projects as p', 'p.id', 'u.project_id')
    .select('u.project_id')
    .where('p.withdrawn_at', 'is', null)
    .where('u.withdrawn_at', 'is', null)
    .where('u.built_area', 'is not', null)
    .groupBy('u.project_id')
    .having((eb) => eb.fn.countAll(), '>=', 3)
    .orderBy('u.project_id')
    .execute();
  let id = 0;
  for (const { project_id } of candidates)
    if ((await fetch(`${url}/api/property?partner=costa-casas&id=${project_id}`)).ok) {
      id = project_id;
      break;
    }
  if (!id) throw new Error('no demo project with units on the partner site');
  const unknown = await db
    .selectFrom('units')
    .select('id')
    .where('project_id', '=', id)
    .where('withdrawn_at', 'is', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  await db.updateTable('units').set({ bedrooms: 0, price: 0 }).where('id', '=', unknown.id).execute();

  const sites = [
    { name: 'the main site', origin: url, path: `/for-sale/${id}` },
    { name: "a partner's path site", origin: url, path: `/costa-casas/for-sale/${id}` },
    // Chromium resolves every *.localhost name to the loopback address.
    { name: "a partner's own domain", origin: `http://costa-casas.localhost:${port}`, path: `/for-sale/${id}` },
  ];

  for (const site of sites)
    t.test(`${site.name}, 390 × 844`, async (t) => {
      const { page, problems } = await newPage(t, browser, { width: 390, height: 844 });
      await page.setCookie({ name: CONSENT_COOKIE, value: serialiseConsent(makeConsent(NO_CONSENT)), url: site.origin });
      const res = await page.goto(site.origin + site.path, { waitUntil: 'load' });
      t.equal(res?.status(), 200);
      await waitForHydration(page);
      await page.waitForSelector('.units-table tbody tr');
      await page.$eval('.units-table', (el) => el.scrollIntoView());

      const overflow = await page.evaluate(() => {
        const region = document.querySelector('.units-table__scroll')!;
        return {
          page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
          table: region.scrollWidth - region.clientWidth,
        };
      });
      t.equal(overflow.page, 0, 'the page does not scroll sideways');
      t.equal(overflow.table, 0, 'nor does the table');

      const caption = await page.$eval('.units-table caption', (c) => {
        const r = c.getBoundingClientRect();
        return { text: (c.textContent ?? '').trim(), whole: r.left >= 0 && r.right <= window.innerWidth && c.scrollWidth <= c.clientWidth };
      });
      t.match(caption.text, /^The homes of .+: \d+ in total, \d+ available$/, 'the caption says what the table holds');
      t.ok(caption.whole, 'and is whole on screen');

      const rows = await readRows(page);
      t.ok(rows.length >= 3, `${rows.length} units`);
      for (const [i, row] of rows.entries()) {
        for (const key of ['type', 'beds', 'baths', 'areas', 'price', 'status'] as const)
          t.ok(row[key].visible && row[key].text, `unit ${i + 1}: ${key} on screen (${row[key].text})`);
        // As shown (the column's name, then the value), with the screen readers' 'Not given'.
        t.match(row.beds.text, /^Beds (\d+|– Not given)$/i, `unit ${i + 1}: the beds, named`);
        t.match(row.baths.text, /^Baths (\d+|– Not given)$/i, `unit ${i + 1}: the baths, named`);
        t.match(row.areas.text, /Built \d/, `unit ${i + 1}: the built area`);
        // An available home with a price links to its buying costs; a reserved or sold one does not.
        t.match(
          row.price.text,
          row.status.text === 'Available' ? /^Price (€ [\d.]+ Buying costs|– Not given)$/i : /^Price (€ [\d.]+|– Not given)$/i,
          `unit ${i + 1}: the price, named (and its buying costs when available)`,
        );
        t.match(row.status.text, /^(Available|Reserved|Sold)$/, `unit ${i + 1}: the status`);
      }
      // Screen readers have the header cells: the column's name shown by CSS in each cell is not read again.
      const heard = JSON.stringify(await page.accessibility.snapshot({ interestingOnly: false }));
      t.equal(
        heard.match(/"role":"StaticText"[^{}]*"name":"Beds"/gi)?.length,
        1,
        "screen readers get the text 'Beds' once, its header cell",
      );
      const blank = rows.find((r) => /–/.test(r.price.text));
      t.ok(blank, 'the unit without a price shows –');
      t.match(blank?.beds.text, /–/, 'and – for its beds');
      t.ok((blank?.notGiven.filter((s) => s === 'Not given').length ?? 0) >= 2, "each with 'Not given' for screen readers");
      t.same(problems.all(), []);
    });
});
