// Daily and weekly digests with an injected clock, on SQLite and PostgreSQL:
// nothing before 08:00 Madrid time, one run at 08:00, none again in the same
// period, one across two instances, weekly searches only on Mondays, and no
// mail when nothing matched; and the app's own check on an injected clock.
import t from 'tap';
import type { Store } from '../../../src/server/store/db.ts';
import { importFeed } from '../../../src/server/catalogue-import/importer.ts';
import { instantAlerts } from '../../../src/server/services/saved-searches/alerts.ts';
import { seedDemo } from '../../../src/server/store/seed.ts';
import { runDigests } from '../../../src/server/jobs/alert-digests.ts';
import { forEachTarget } from '../../helpers/db.ts';
import { testApp } from '../../helpers/app.ts';
import { waitFor } from '../../helpers/wait.ts';
import { mailTo } from '../../helpers/outbox.ts';
import { chunks, feed, property } from '../catalogue-import/feeds.ts';
import { SITE, addSearch, listedNames, queuedMails } from '../saved-searches/alert-helpers.ts';

const at = (iso: string) => new Date(iso);
const digests = (store: Store, now: string) => runDigests(store, { siteUrl: SITE, now: () => at(now) });
const home = (id: string, dev: string, price: number) =>
  property({ id, dev, name: `Residencial ${dev}`, price, town: 'Torrevieja', province: 'Alicante' });
const run = (store: Store, now: string, ...homes: string[]) =>
  importFeed(store, chunks(feed(...homes), 4096), { source: 'test', now: at(now), alerts: instantAlerts(SITE) });

const mailsTo = async (store: Store, email: string) =>
  (await queuedMails(store.db)).filter((m) => m.recipient === email).map((m) => listedNames(m.text));

forEachTarget(t, 'digests at 08:00 Madrid time, once per period across instances, weekly on Mondays', async (t, target) => {
  const store = await target.open();
  const other = await target.open();
  await seedDemo(store);
  // Saturday 21 November 2026.
  await run(store, '2026-11-21T09:00:00Z', home('U1', 'D1', 300000), home('U2', 'D2', 250000));
  const confirmedAt = at('2026-11-21T10:00:00Z');
  const search = '/search/spain/alicante/torrevieja';
  await addSearch(store.db, { email: 'daily@example.com', search, frequency: 'daily', confirmedAt });
  await addSearch(store.db, { email: 'weekly@example.com', search, frequency: 'weekly', confirmedAt });
  await addSearch(store.db, { email: 'elsewhere@example.com', search: '/search/spain/malaga', frequency: 'daily', confirmedAt });
  // Sunday: D1 cheaper, D3 new.
  await run(store, '2026-11-22T09:00:00Z', home('U1', 'D1', 280000), home('U2', 'D2', 250000), home('U3', 'D3', 200000));
  t.same(await queuedMails(store.db), [], 'an import mails no daily or weekly search');

  // Monday 23 November: 07:59 in Madrid is 06:59 UTC (CET, UTC+1).
  t.same(await digests(store, '2026-11-23T06:59:59Z'), { ran: false, reason: 'before the hour' });
  t.same(await queuedMails(store.db), [], 'nothing before 08:00');

  t.match(await digests(store, '2026-11-23T07:00:00Z'), { ran: true, period: '2026-11-23', frequencies: ['daily', 'weekly'], mails: 2 });
  t.same(await mailsTo(store, 'daily@example.com'), [['Residencial D3', 'Residencial D1']], 'the daily digest at 08:00');
  t.same(await mailsTo(store, 'weekly@example.com'), [['Residencial D3', 'Residencial D1']], 'and, on a Monday, the weekly one');
  t.same(await mailsTo(store, 'elsewhere@example.com'), [], 'nothing matched: no mail');

  t.same(await digests(store, '2026-11-23T07:05:00Z'), { ran: false, reason: 'claimed' }, 'twice in the period: once');
  t.same(await digests(other, '2026-11-23T20:00:00Z'), { ran: false, reason: 'claimed' }, 'another instance too');
  t.equal((await queuedMails(store.db)).length, 2);

  // Monday noon: D4 new. Tuesday 08:00, two instances at once: one runs.
  await run(
    store,
    '2026-11-23T12:00:00Z',
    home('U1', 'D1', 280000),
    home('U2', 'D2', 250000),
    home('U3', 'D3', 200000),
    home('U4', 'D4', 150000),
  );
  // On SQLite both connections live in this one process, whose synchronous
  // driver would wait for the lock without letting the holder finish: one after the other there.
  const tuesday = [() => digests(store, '2026-11-24T07:00:00Z'), () => digests(other, '2026-11-24T07:00:01Z')];
  const both = target.dialect === 'postgres' ? await Promise.all(tuesday.map((f) => f())) : [await tuesday[0]!(), await tuesday[1]!()];
  t.same(both.map((o) => o.ran).sort(), [false, true], 'two instances: one runs the period');
  t.match(
    both.find((o) => o.ran),
    { frequencies: ['daily'], mails: 1 },
    'a Tuesday: daily searches only',
  );
  t.same(await mailsTo(store, 'daily@example.com'), [['Residencial D3', 'Residencial D1'], ['Residencial D4']], 'only what is new since');
  t.equal((await mailsTo(store, 'weekly@example.com')).length, 1, 'the weekly search waits for Monday');

  // Wednesday to Sunday: nothing new, no mail; the weekly search still waits.
  for (const date of ['25', '26', '27', '28', '29']) t.match(await digests(store, `2026-11-${date}T07:30:00Z`), { ran: true, mails: 0 });
  t.equal((await queuedMails(store.db)).length, 3);

  // Monday 30 November: the weekly digest has the week's D4; the daily one has nothing new.
  t.match(await digests(store, '2026-11-30T07:00:00Z'), { ran: true, frequencies: ['daily', 'weekly'], mails: 1 });
  t.same(await mailsTo(store, 'weekly@example.com'), [['Residencial D3', 'Residencial D1'], ['Residencial D4']]);
  t.equal((await mailsTo(store, 'daily@example.com')).length, 2);
});

forEachTarget(t, "a digest that fails rolls its claim back: the period's next check runs it", async (t, target) => {
  const store = await target.open();
  await seedDemo(store);
  await run(store, '2026-11-21T09:00:00Z', home('U1', 'D1', 300000));
  await addSearch(store.db, { email: 'daily@example.com', search: '/search', frequency: 'daily', confirmedAt: at('2026-11-21T10:00:00Z') });
  await run(store, '2026-11-22T09:00:00Z', home('U1', 'D1', 290000));
  await t.rejects(runDigests(store, { siteUrl: 'not a url', now: () => at('2026-11-23T07:00:00Z') }), 'a bad SITE_URL fails the run');
  t.same(await queuedMails(store.db), []);
  t.match(await digests(store, '2026-11-23T07:10:00Z'), { ran: true, mails: 1 }, 'the next check runs it');
});

forEachTarget(t, 'the app checks the digests when ready, on its injected clock', async (t, target) => {
  const store = await target.open();
  await seedDemo(store);
  await run(store, '2026-11-14T09:00:00Z', home('U1', 'D1', 300000));
  await addSearch(store.db, { email: 'daily@example.com', search: '/search', frequency: 'daily', confirmedAt: at('2026-11-14T10:00:00Z') });
  await run(store, '2026-11-15T09:00:00Z', home('U1', 'D1', 290000), home('U2', 'D2', 200000));
  const app = await testApp(t, {
    store,
    env: { ...target.env, SEED_DEMO: 'false', SITE_URL: SITE },
    // A past morning: the outbox sends what is due by the real clock.
    alertDigests: { now: () => at('2026-11-17T07:30:00Z') },
  });
  await app.ready();
  const claimed = () => store.db.selectFrom('scheduled_runs').select(['job', 'period']).where('job', '=', 'alerts:daily').execute();
  await waitFor('the digest run to be claimed', async () => (await claimed()).length > 0, 30_000);
  t.same(await claimed(), [{ job: 'alerts:daily', period: '2026-11-17' }]);
  t.same(listedNames((await mailTo(app, 'daily@example.com')).text ?? ''), ['Residencial D2', 'Residencial D1'], 'and sent');
});

forEachTarget(
  t,
  'a Monday without a run: the weekly digest goes with the next run, once, and the next Monday as usual',
  async (t, target) => {
    const store = await target.open();
    await seedDemo(store);
    await run(store, '2026-11-21T09:00:00Z', home('U1', 'D1', 300000));
    const confirmedAt = at('2026-11-21T10:00:00Z');
    await addSearch(store.db, {
      email: 'weekly@example.com',
      search: '/search/spain/alicante/torrevieja',
      frequency: 'weekly',
      confirmedAt,
    });
    await run(store, '2026-11-22T09:00:00Z', home('U1', 'D1', 300000), home('U2', 'D2', 250000));
    // Monday 23 November: no instance ran. Tuesday:
    t.match(await digests(store, '2026-11-24T07:00:00Z'), { ran: true, frequencies: ['daily', 'weekly'], mails: 1 }, 'made up on Tuesday');
    t.same(await mailsTo(store, 'weekly@example.com'), [['Residencial D2']]);
    t.match(await digests(store, '2026-11-25T07:00:00Z'), { ran: true, frequencies: ['daily'] }, 'once a week');
    await run(store, '2026-11-26T09:00:00Z', home('U1', 'D1', 300000), home('U2', 'D2', 250000), home('U3', 'D3', 200000));
    t.match(await digests(store, '2026-11-30T07:00:00Z'), { ran: true, frequencies: ['daily', 'weekly'], mails: 1 }, 'the next Monday');
    t.same(await mailsTo(store, 'weekly@example.com'), [['Residencial D2'], ['Residencial D3']]);
  },
);
