// Issue 13 as the server renders it: the property page's "Price history" (a
// table with caption and headers, drops and rises said in words, in every
// section and on a partner's domain; one line when nothing changed), and the
// cards' "Price reduced" for a drop 29 days ago but not 31.
import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { forEachStore, type TapTest } from '../../helpers/db.ts';
import { testApp } from '../../helpers/app.ts';
import { stateOf, textOf } from '../../helpers/html.ts';
import { chunks, feed, property } from '../catalogue-import/feeds.ts';
import type { Store } from '../../../src/server/store/db.ts';
import { importFeed } from '../../../src/server/catalogue-import/importer.ts';
import { PartnerService } from '../../../src/server/services/partners.ts';
import { formatDay as historyDate } from '../../../src/shared/dates.ts';
import { t as msg } from '../../../src/shared/i18n.ts';

const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);

const unit = (id: string, dev: string, price: number, status = 'available') =>
  property({ id, dev, price, status, name: `Residencial ${dev}`, beds: 2, extra: `<ref>R-${id}</ref>` });

/**
 * D1: A drops and B rises 29 days ago, C is reserved then; D2 never changes;
 * D3 drops 31 days ago.
 */
async function catalogue(t: TapTest, store: Store): Promise<{ app: FastifyInstance; ids: Record<string, number> }> {
  const run = (now: Date, ...units: string[]) => importFeed(store, chunks(feed(...units), 4096), { source: 'test', now });
  const d2 = unit('E', 'D2', 150000);
  await run(daysAgo(40), unit('A', 'D1', 300000), unit('B', 'D1', 250000), unit('C', 'D1', 270000), d2, unit('F', 'D3', 180000));
  await run(daysAgo(31), unit('A', 'D1', 300000), unit('B', 'D1', 250000), unit('C', 'D1', 270000), d2, unit('F', 'D3', 170000));
  await run(
    daysAgo(29),
    unit('A', 'D1', 280000),
    unit('B', 'D1', 260000),
    unit('C', 'D1', 270000, 'reserved'),
    d2,
    unit('F', 'D3', 170000),
  );
  await new PartnerService(store.db).create({ slug: 'alpha-homes', name: 'Alpha Homes', domain: 'alpha.localhost' });
  const app = await testApp(t, { store, env: { SEED_DEMO: 'false' } });
  const rows = await store.db.selectFrom('projects').select(['id', 'ref']).execute();
  return { app, ids: Object.fromEntries(rows.map((r) => [r.ref, r.id])) };
}

async function page(app: FastifyInstance, url: string, host?: string): Promise<string> {
  const res = await app.inject({ url, headers: host ? { host } : {} });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
  return res.body;
}

/** The rendered "Price history" section, or null. */
function historySection(html: string): string | null {
  return /<section[^>]*aria-labelledby="price-history-title"[\s\S]*?<\/section>/.exec(html)?.[0] ?? null;
}

forEachStore(t, "the property page shows each changed home's history, in every section", async (t, store) => {
  const { app, ids } = await catalogue(t, store);
  const id = ids.D1!;
  const pages: Array<[string, string | undefined]> = [
    [`/for-sale/${id}`, undefined],
    [`/old/for-sale/${id}`, undefined],
    [`/alpha-homes/for-sale/${id}`, undefined],
    [`/for-sale/${id}`, 'alpha.localhost'],
  ];
  for (const [url, host] of pages) {
    const html = await page(app, url, host);
    const section = historySection(html);
    t.ok(section, `${host ?? ''}${url}: a Price history section`);
    t.match(section, /<h2 class="property-section__title" id="price-history-title">Price history<\/h2>/);
    t.match(
      section,
      /<caption id="price-history-caption">Price and status changes of the homes of Residencial D1, oldest first<\/caption>/,
    );
    t.equal((section!.match(/<th scope="col"/g) ?? []).length, 4, 'column headers');
    t.equal((section!.match(/<th scope="rowgroup"/g) ?? []).length, 3, 'a row group per changed home');
    const text = textOf(section!);
    t.equal(historyDate('2026-01-12T12:00:00.000Z'), '12 Jan 2026', 'dates written out');
    t.equal(historyDate('2026-01-12T23:30:00.000Z'), '13 Jan 2026', "on the site's day (Madrid), not UTC's");
    const then = historyDate(daysAgo(29).toISOString());
    const first = historyDate(daysAgo(40).toISOString());
    t.match(text, `Apartment, 2 bedrooms, ref. R-A`);
    t.match(text, `${first} € 300.000 Listed Available ${then} € 280.000 ▼ Reduced by € 20.000 Available`, 'a drop, in words');
    t.match(text, `${first} € 250.000 Listed Available ${then} € 260.000 ▲ Raised by € 10.000 Available`, 'a rise, in words');
    t.match(text, `${then} € 270.000 No price change Reserved`, 'a status change');
    t.match(section, /<span aria-hidden="true">▼ <\/span>Reduced by €\u00a020\.000/, 'the arrow is not read out');
    t.match(section, /<svg class="price-steps"[^>]*aria-hidden="true"/, 'a small chart, hidden from screen readers');
  }
});

forEachStore(t, 'a project whose prices never changed says so in one line', async (t, store) => {
  const { app, ids } = await catalogue(t, store);
  const section = historySection(await page(app, `/for-sale/${ids.D2}`))!;
  t.ok(section);
  t.notMatch(section, /<table/);
  t.match(textOf(section), msg('property.history.unchanged', { date: historyDate(daysAgo(40).toISOString()) }));
});

forEachStore(t, "the page embeds the API's price history of the project: every home, changed or not", async (t, store) => {
  const { app, ids } = await catalogue(t, store);
  for (const id of [ids.D1!, ids.D2!]) {
    const key = `/api/project/price-history?id=${id}`;
    const state = stateOf(await page(app, `/for-sale/${id}`));
    t.same(state.data[key], (await app.inject(key)).json(), `${key}: as the API answers it`);
  }
});

forEachStore(t, 'cards say "Price reduced" for a drop 29 days ago, not 31', async (t, store) => {
  const { app, ids } = await catalogue(t, store);
  const html = await page(app, '/search');
  const card = (id: number) =>
    new RegExp(`<article class="project-card[^"]*" data-project="${id}">[\\s\\S]*?</article>`).exec(html)?.[0] ?? '';
  t.match(card(ids.D1!), /<p class="project-card__reduced">Price reduced<\/p>/, '29 days');
  t.notMatch(card(ids.D3!), /Price reduced/, '31 days');
  t.notMatch(card(ids.D2!), /Price reduced/, 'never dropped');
  t.ok(card(ids.D3!) && card(ids.D2!), 'both cards are on the page');
  // The similar projects at a page's foot are cards too.
  t.match(await page(app, `/for-sale/${ids.D2}`), /project-card__reduced/, "on D2's page, D1 among the similar projects");
});
