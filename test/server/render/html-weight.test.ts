// The HTML budget (DESIGN §10): the search page (12 cards) and a property page
// on the demo catalogue as the site sends them to a browser that accepts
// Brotli, with its own compression settings. Byte counts are deterministic, so
// a budget can be asserted (unlike a time); the raw bytes are printed, not
// budgeted. Icons come from the sprite, never drawn inline.
import t from 'tap';
import { HTML_BUDGET } from '../../../bench/budgets.ts';
import { testApp } from '../../helpers/app.ts';
import { forEachTarget } from '../../helpers/db.ts';
import { pageWeights } from '../../helpers/page-weight.ts';

forEachTarget(
  t,
  'the pages stay within their HTML budgets as sent, and draw no icon inline',
  async (t, target) => {
    const app = await testApp(t, { env: target.env });
    const pages = await pageWeights(app);
    for (const p of pages) {
      t.equal(p.status, 200, `${p.path} answers`);
      t.comment(`${p.page} (${p.path}): ${p.raw} bytes raw, ${p.sent} bytes sent (${p.encoding})`);
      t.equal(p.encoding, 'br', `${p.page} is sent with Brotli to a browser that accepts it`);
      if (p.page !== 'home') t.ok(p.sent <= HTML_BUDGET[p.page], `${p.page} (${p.path}): ${p.sent} bytes sent ≤ ${HTML_BUDGET[p.page]}`);
      for (const [svg, n] of p.inlineSvgs)
        t.ok(n === 1 && !/class="icon\b/.test(svg), `${p.page}: an inline drawing appears once and is no sprite icon: ${svg.slice(0, 80)}`);
      t.ok(p.spriteUses.size > 0, `${p.page} uses the sprite`);
    }
    t.equal(pages.find((p) => p.page === 'search')!.cards, 12, 'the search page has 12 cards');
  },
  { template: 'demo' },
);

t.test('in the languages whose text compresses least, the search and property pages stay within the same budgets', async (t) => {
  const app = await testApp(t);
  for (const language of ['de', 'ru', 'ja']) {
    for (const p of await pageWeights(app, `/${language}`)) {
      t.equal(p.status, 200, `${p.path} answers`);
      if (p.page !== 'home') t.ok(p.sent <= HTML_BUDGET[p.page], `${p.path}: ${p.sent} bytes sent ≤ ${HTML_BUDGET[p.page]}`);
    }
  }
});
