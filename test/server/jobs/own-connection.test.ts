// A job's transaction on its own connection does not hold the app's reads:
// pages answer while a digest or a pull writes (on SQLite the app has a single
// connection; on PostgreSQL the pool gives each its own).
import t from 'tap';
import { sql } from 'kysely';
import { testApp } from '../../helpers/app.ts';
import { forEachTarget } from '../../helpers/db.ts';
import { STEP_TIMEOUT_MS } from '../../helpers/wait.ts';
import { ownConnection } from '../../../src/server/jobs/own-connection.ts';

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
  const busyTimeout = async (store: typeof app.store) =>
    (await sql<{ timeout: number }>`pragma busy_timeout`.execute(store.db)).rows[0]?.timeout;
  const waiting = await ownConnection(app.store);
  const giving = await ownConnection(app.store, { busyTimeoutMs: 0 });
  t.teardown(async () => {
    await waiting.close();
    await giving.close();
  });
  t.equal(await busyTimeout(waiting.store), 5000, 'by default a write waits up to 5 s');
  t.equal(await busyTimeout(giving.store), 0, 'asked, it does not wait');

  await sql`begin immediate`.execute(waiting.store.db);
  await t.rejects(giving.store.db.insertInto('scheduled_runs').values({ job: 'x', period: 'p', ran_at: 'now' }).execute(), {
    code: 'SQLITE_BUSY',
  });
  await sql`rollback`.execute(waiting.store.db);
});
