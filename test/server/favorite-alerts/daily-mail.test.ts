// The daily favorites mail (issue 13) with imports at pinned times and an
// injected clock: each kind of change mailed once, nothing when nothing
// changed or before 08:00, nothing with the switch off, changes from before a
// favorite was added left out, and the day's run done once across instances.
import t from 'tap';
import { forEachStore, forEachTarget } from '../../helpers/db.ts';
import { seedDemo } from '../../../src/server/store/seed.ts';
import { FavoriteAlertService } from '../../../src/server/services/favorite-alerts/index.ts';
import { SITE, at, client, importUnits, mailsTo, morning, projectId, type UnitSpec } from './helpers.ts';

const D1 = (units: Partial<Record<'A' | 'B' | 'C' | 'N', Omit<UnitSpec, 'id' | 'dev'>>>): UnitSpec[] =>
  Object.entries(units).map(([id, u]) => ({ id, dev: 'D1', ...u }));
const D2: UnitSpec = { id: 'X', dev: 'D2', price: 200000 };

const FIRST = [...D1({ A: { price: 300000 }, B: { price: 250000, status: 'reserved' }, C: { price: 400000, status: 'sold' } }), D2];

forEachStore(
  t,
  'each kind of change is mailed once, and nothing when nothing changed',
  async (t, store) => {
    const alerts = new FavoriteAlertService(store.db, { siteUrl: SITE, dialect: store.dialect });
    await importUnits(store, FIRST, at(1, 5));
    await client(store, 'ana@example.com', ['D1', 'D2'], at(1, 6));
    await client(store, 'off@example.com', ['D1'], at(1, 6), { alerts: false });
    const d1 = await projectId(store, 'D1');

    t.same(await alerts.runDue(morning(1)), { period: '2026-01-01', mailed: 0 }, 'nothing changed since the favorites were added');

    // A cheaper, B available again, N a new home; C and D2 as they were.
    const second = [...D1({ A: { price: 280000 }, B: { price: 250000 }, C: { price: 400000, status: 'sold' }, N: { price: 320000 } }), D2];
    await importUnits(store, second, at(2, 5));
    await client(store, 'late@example.com', ['D1'], at(2, 6));
    t.equal(await alerts.runDue(at(2, 6, 59)), null, 'at 07:59 in Madrid the day is not due yet');
    t.same(await alerts.runDue(morning(2)), { period: '2026-01-02', mailed: 1 });

    const [mail, ...more] = await mailsTo(store, 'ana@example.com');
    t.same(more, [], 'one mail');
    t.match(mail!.subject, /Spain New Homes/);
    t.equal(mail!.fromName, 'Spain New Homes');
    t.match(mail!.text, 'Residencial D1');
    t.match(mail!.text, 'Price reduced: € 300.000 → € 280.000');
    t.match(mail!.text, '1 home available again');
    t.match(mail!.text, '1 new home added');
    t.match(mail!.text, `${SITE}/for-sale/${d1}`);
    t.match(mail!.text, `${SITE}/old/profile`, 'the profile, where the switch is');
    t.notMatch(mail!.text, 'Residencial D2', 'a project where nothing changed is left out');
    t.match(mail!.html!, `href="${SITE}/for-sale/${d1}"`);
    t.match(mail!.html!, '€ 300.000 → € 280.000');
    t.match(mail!.headers!['List-Unsubscribe'], new RegExp(`^<${SITE}/favorite-alerts/unsubscribe/[A-Za-z0-9_-]{43}>$`));
    t.equal(mail!.headers!['List-Unsubscribe-Post'], 'List-Unsubscribe=One-Click');
    t.same(await mailsTo(store, 'off@example.com'), [], 'switched off: nothing');
    t.same(await mailsTo(store, 'late@example.com'), [], 'changes from before the favorite was added: nothing');

    t.equal(await alerts.runDue(at(2, 20)), null, 'once a day');
    t.same(await alerts.runDue(morning(3)), { period: '2026-01-03', mailed: 0 }, 'the next day, nothing new: nothing');

    // C, sold, comes back for less; D2 goes up (not news).
    await importUnits(
      store,
      [...D1({ A: { price: 280000 }, B: { price: 250000 }, C: { price: 390000 }, N: { price: 320000 } }), { ...D2, price: 210000 }],
      at(4, 5),
    );
    t.same(await alerts.runDue(morning(4)), { period: '2026-01-04', mailed: 2 });
    const ana = await mailsTo(store, 'ana@example.com');
    t.equal(ana.length, 2);
    t.match(ana[1]!.text, '1 home available again');
    t.match(ana[1]!.text, 'Price reduced: € 400.000 → € 390.000');
    t.notMatch(ana[1]!.text, '€ 300.000', 'what the last mail told is not told again');
    t.notMatch(ana[1]!.text, 'Residencial D2', 'a rise is not mailed');
    t.equal((await mailsTo(store, 'late@example.com')).length, 1, 'a change after the favorite was added is');
    t.same(await alerts.runDue(morning(5)), { period: '2026-01-05', mailed: 0 });
  },
  { seed: true },
);

forEachStore(
  t,
  'a rise not mailed starts the next window: a later drop from the higher price is mailed',
  async (t, store) => {
    const alerts = new FavoriteAlertService(store.db, { siteUrl: SITE, dialect: store.dialect });
    await importUnits(store, D1({ A: { price: 300000 } }), at(1, 5));
    await client(store, 'ana@example.com', ['D1'], at(1, 6));
    await importUnits(store, D1({ A: { price: 310000 } }), at(2, 5));
    t.same(await alerts.runDue(morning(2)), { period: '2026-01-02', mailed: 0 }, 'a rise is no news');
    await importUnits(store, D1({ A: { price: 305000 } }), at(3, 5));
    t.same(await alerts.runDue(morning(3)), { period: '2026-01-03', mailed: 1 });
    t.match((await mailsTo(store, 'ana@example.com'))[0]!.text, 'Price reduced: € 310.000 → € 305.000');
  },
  { seed: true },
);

forEachStore(
  t,
  'a drop undone, a home reserved again or a new home sold within the day is no news',
  async (t, store) => {
    const alerts = new FavoriteAlertService(store.db, { siteUrl: SITE, dialect: store.dialect });
    await importUnits(store, D1({ A: { price: 300000 }, B: { price: 250000, status: 'reserved' } }), at(1, 5));
    await client(store, 'ana@example.com', ['D1'], at(1, 6));
    await importUnits(store, D1({ A: { price: 280000 }, B: { price: 250000 }, N: { price: 200000 } }), at(2, 1));
    await importUnits(
      store,
      D1({ A: { price: 300000 }, B: { price: 250000, status: 'reserved' }, N: { price: 200000, status: 'sold' } }),
      at(2, 3),
    );
    t.same(await alerts.runDue(morning(2)), { period: '2026-01-02', mailed: 0 });
    t.same(await mailsTo(store, 'ana@example.com'), []);
  },
  { seed: true },
);

forEachTarget(t, "the day's run is done once across two instances", async (t, target) => {
  const one = await target.open();
  const two = await target.open();
  await seedDemo(one);
  await importUnits(one, D1({ A: { price: 300000 } }), at(1, 5));
  await client(one, 'ana@example.com', ['D1'], at(1, 6));
  await importUnits(one, D1({ A: { price: 250000 } }), at(2, 5));
  const run = (store: typeof one) => new FavoriteAlertService(store.db, { siteUrl: SITE, dialect: store.dialect }).runDue(morning(2));
  // Two connections of one process: on SQLite the second would wait for the first on the same thread, so in turn.
  const runs = target.dialect === 'postgres' ? await Promise.all([run(one), run(two)]) : [await run(one), await run(two)];
  t.same(runs.filter(Boolean), [{ period: '2026-01-02', mailed: 1 }], 'one instance ran it');
  t.equal((await mailsTo(one, 'ana@example.com')).length, 1, 'one mail');
});

forEachStore(
  t,
  'a home reserved, or dropped by the feed, and then available is available again; its unsubscribe link is pruned after a year',
  async (t, store) => {
    const alerts = new FavoriteAlertService(store.db, { siteUrl: SITE, dialect: store.dialect });
    await importUnits(store, D1({ A: { price: 300000 }, B: { price: 250000 } }), at(1, 5));
    await client(store, 'ana@example.com', ['D1'], at(1, 6));
    await importUnits(store, D1({ A: { price: 300000, status: 'reserved' } }), at(2, 5));
    t.same(await alerts.runDue(morning(2)), { period: '2026-01-02', mailed: 0 }, 'a home reserved or gone from the feed is not news');
    await importUnits(store, D1({ A: { price: 300000 }, B: { price: 250000 } }), at(3, 5));
    t.same(await alerts.runDue(morning(3)), { period: '2026-01-03', mailed: 1 });
    const [mail] = await mailsTo(store, 'ana@example.com');
    t.match(mail!.text, '2 homes available again');
    t.notMatch(mail!.text, 'Price reduced');

    t.equal(await alerts.prune(at(20, 0)), 0, 'a link of this month is kept');
    t.equal(await alerts.prune(new Date(Date.UTC(2027, 0, 4))), 1, 'a year on it is deleted');
  },
  { seed: true },
);
