// An alert run that comes while an import is still writing waits for it, so
// the import's changes, dated when it started, fall in the run's window instead
// of before it and are mailed (store/catalogue-lock.ts). PostgreSQL only: on
// SQLite the one writer serialises them already.
import t from 'tap';
import { sql } from 'kysely';
import type { Store } from '../../../src/server/store/db.ts';
import { importFeed } from '../../../src/server/catalogue-import/importer.ts';
import { seedDemo } from '../../../src/server/store/seed.ts';
import { runDigests } from '../../../src/server/jobs/alert-digests.ts';
import { FavoriteAlertService } from '../../../src/server/services/favorite-alerts/index.ts';
import { forEachTarget } from '../../helpers/db.ts';
import { waitFor } from '../../helpers/wait.ts';
import { CATALOGUE_LOCK_KEY } from '../../../src/server/store/catalogue-lock.ts';
import { chunks, feed, heldFeed, property } from '../catalogue-import/feeds.ts';
import { SITE, at, client, importUnits, mailsTo, morning } from '../favorite-alerts/helpers.ts';
import { addSearch, listedNames, queuedMails } from '../saved-searches/alert-helpers.ts';

/** Sessions of this database holding (`granted`) or waiting for the catalogue lock. */
async function catalogueLocks(store: Store, granted: boolean): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_locks
    where locktype = 'advisory' and objid = ${CATALOGUE_LOCK_KEY} and granted = ${granted}
      and database = (select oid from pg_database where datname = current_database())`.execute(store.db);
  return rows[0]!.n;
}

const importHolds = (store: Store) =>
  waitFor('the import to hold the catalogue lock', async () => (await catalogueLocks(store, true)) > 0, 30_000);
const runWaits = (store: Store) =>
  waitFor('the run to wait for the catalogue lock', async () => (await catalogueLocks(store, false)) > 0, 30_000);

const home = (id: string, dev: string, price: number) =>
  property({ id, dev, name: `Residencial ${dev}`, price, town: 'Torrevieja', province: 'Alicante' });

forEachTarget(t, 'a favorites run waits for the import in progress and mails its changes', async (t, target) => {
  if (target.dialect !== 'postgres') return t.pass('PostgreSQL only');
  const run = await target.open();
  const importer = await target.open();
  await seedDemo(run);
  await importUnits(run, [{ id: 'A', dev: 'D1', price: 300000 }], at(1, 5));
  await client(run, 'ana@example.com', ['D1'], at(1, 6));

  const held = heldFeed(feed(property({ id: 'A', dev: 'D1', name: 'Residencial D1', price: 280000 })));
  const importing = importFeed(importer, held.input, { source: 'test', now: at(2, 5) });
  await importHolds(run);
  const alerts = new FavoriteAlertService(run.db, { siteUrl: SITE, dialect: run.dialect });
  const due = alerts.runDue(morning(2));
  await runWaits(run);
  held.release();
  await importing;
  t.same(await due, { period: '2026-01-02', mailed: 1 }, 'the drop of the import in progress is in the day’s mail');
  t.match((await mailsTo(run, 'ana@example.com'))[0]!.text, '€ 300.000 → € 280.000');
});

forEachTarget(t, 'a digest waits for the import in progress and lists its new project', async (t, target) => {
  if (target.dialect !== 'postgres') return t.pass('PostgreSQL only');
  const run = await target.open();
  const importer = await target.open();
  await seedDemo(run);
  await importFeed(run, chunks(feed(home('U1', 'D1', 300000)), 4096), { source: 'test', now: new Date('2026-11-21T09:00:00Z') });
  await addSearch(run.db, {
    email: 'daily@example.com',
    search: '/search/spain/alicante/torrevieja',
    frequency: 'daily',
    confirmedAt: new Date('2026-11-21T10:00:00Z'),
  });

  // Tuesday 24 November, 06:30 UTC: an import starts; at 08:00 Madrid (07:00 UTC) it is still writing.
  const held = heldFeed(feed(home('U1', 'D1', 300000), home('U2', 'D2', 250000)));
  const importing = importFeed(importer, held.input, { source: 'test', now: new Date('2026-11-24T06:30:00Z') });
  await importHolds(run);
  const digest = runDigests(run, { siteUrl: SITE, now: () => new Date('2026-11-24T07:00:00Z') });
  await runWaits(run);
  held.release();
  await importing;
  t.match(await digest, { ran: true, mails: 1 });
  const mails = (await queuedMails(run.db)).filter((m) => m.recipient === 'daily@example.com');
  t.same(
    mails.map((m) => listedNames(m.text)),
    [['Residencial D2']],
    'the project the import was adding is in the digest',
  );
});
