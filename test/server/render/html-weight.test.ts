// The HTML weight of the pages: the bytes the server sends a browser (Brotli,
// as the site compresses a page) for the home, the 12-card search page and a
// property page on the demo catalogue. Byte counts are deterministic, so a
// budget can be asserted (unlike a time). Icons come from the sprite, never
// drawn inline.
import t from 'tap';
import { testApp } from '../../helpers/app.ts';
import { forEachTarget } from '../../helpers/db.ts';
import { pageWeights } from '../../helpers/page-weight.ts';

/** KiB, as bench/sizes.ts prints them. */
const KB = 1024;
/**
 * What the pages may weigh as sent (DESIGN §10's budgets): the search page
 * 8 KiB, the property page 10 KiB; the home keeps a budget near its weight, so
 * a change that adds more than a little fails here.
 */
const BUDGET = { home: 6 * KB, search: 8 * KB, property: 10 * KB };

forEachTarget(t, 'the pages stay within their HTML budgets, and draw no icon inline', async (t, target) => {
  const app = await testApp(t, { env: target.env });
  const pages = await pageWeights(app);
  for (const p of pages) {
    t.equal(p.status, 200, `${p.path} answers`);
    t.ok(p.sent <= BUDGET[p.page], `${p.page} (${p.path}): ${p.sent} bytes as sent ≤ ${BUDGET[p.page]}`);
    for (const [svg, n] of p.inlineSvgs)
      t.ok(n === 1 && !/class="icon\b/.test(svg), `${p.page}: an inline drawing appears once and is no sprite icon: ${svg.slice(0, 80)}`);
    t.ok(p.spriteUses.size > 0, `${p.page} uses the sprite`);
  }
  t.equal(pages.find((p) => p.page === 'search')!.cards, 12, 'the search page has 12 cards');
});
