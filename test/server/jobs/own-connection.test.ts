// A job's transaction on its own connection does not hold the app's reads:
// pages answer while a digest or a pull writes (on SQLite the app has a single
// connection; on PostgreSQL the pool gives each its own).
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import t from 'tap';
import { testApp } from '../../helpers/app.ts';
import { forEachTarget } from '../../helpers/db.ts';
import { STEP_TIMEOUT_MS } from '../../helpers/wait.ts';
import { ownConnection } from '../../../src/server/jobs/own-connection.ts';
import { SQLITE_FILE } from '../../../src/server/store/db.ts';

/** `promise`, or 'stuck' if it has not settled after a generous wait (a deadlock, not a speed). */
const settledOrStuck = <T>(promise: Promise<T>) =>
  Promise.race([promise, new Promise<'stuck'>((resolve) => setTimeout(() => resolve('stuck'), STEP_TIMEOUT_MS).unref())]);

forEachTarget(
  t,
  "the app's reads go on while a job's transaction is open",
  async (t, target) => {
    const app = await testApp(t, { env: target.env });
    await app.ready();
    const own = await ownConnection(app.store);
    t.teardown(() => own.close());
    t.equal(own.store === app.store, target.dialect === 'postgres', 'SQLite: a connection of its own; PostgreSQL: the pool');

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let written!: () => void;
    const wrote = new Promise<void>((resolve) => (written = resolve));
    const job = own.store.db.transaction().execute(async (trx) => {
      await trx.insertInto('scheduled_runs').values({ job: 'test', period: '2026-11-24', ran_at: '2026-11-24T07:00:00.000Z' }).execute();
      written();
      await held;
    });
    await wrote;

    const ready = await settledOrStuck(app.inject({ url: '/readyz' }));
    t.not(ready, 'stuck', 'the app answered while the job held its transaction');
    if (ready !== 'stuck') t.equal(ready.statusCode, 200);
    const seen = await settledOrStuck(app.store.db.selectFrom('scheduled_runs').selectAll().execute());
    t.same(seen, [], 'and does not see what the job has not committed');

    release();
    await job;
    t.equal((await app.store.db.selectFrom('scheduled_runs').selectAll().execute()).length, 1, 'the commit is seen');
  },
  { template: 'demo' },
);

t.test("a background job's connection may give up the SQLite write lock at once instead of waiting for it", async (t) => {
  const app = await testApp(t, { env: { SEED_DEMO: 'false' } });
  await app.ready();
  const waiting = await ownConnection(app.store);
  const giving = await ownConnection(app.store, { busyTimeoutMs: 0 });
  const holder = new Sqlite(path.join(app.config.DATA_DIR, SQLITE_FILE));
  t.teardown(async () => {
    if (holder.inTransaction) holder.exec('ROLLBACK');
    holder.close();
    await waiting.close();
    await giving.close();
  });
  const run = (store: typeof app.store, job: string) =>
    store.db.insertInto('scheduled_runs').values({ job, period: 'p', ran_at: 'now' }).execute();

  holder.exec('BEGIN IMMEDIATE');
  await t.rejects(run(giving.store, 'giving'), { code: 'SQLITE_BUSY' }, 'asked, it does not wait');
  const waited = run(waiting.store, 'waiting');
  await new Promise((resolve) => setTimeout(resolve, 50));
  holder.exec('ROLLBACK');
  await waited;
  const jobs = await app.store.db.selectFrom('scheduled_runs').select('job').execute();
  t.same(jobs, [{ job: 'waiting' }], 'by default a write waits for the lock and goes through');
});
