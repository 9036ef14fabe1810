// Rate limits counted in the store (issue 11): two instances on one database
// (two apps; on SQLite two connections to one file, on PostgreSQL two pools)
// count together, for the lead limit and for the per-account login throttle. A
// count that cannot be written lets a lead through and refuses a login; one an
// import keeps from being written (SQLite's lock) refuses it with a 503 to retry.
import t from 'tap';
import { sql } from 'kysely';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { testApp } from '../../helpers/app.ts';
import { forEachTarget, type StoreTarget, type TapTest } from '../../helpers/db.ts';
import { contactBody, MemoryTransport } from '../leads/helpers.ts';
import { cookieValue, PASSWORD, registered, TEST_ENV, testClock } from '../accounts/helpers.ts';
import { FREE_FAILURES } from '../../../src/server/services/accounts/login-throttle.ts';
import { storeWithWriteLock } from '../../helpers/sqlite-write-lock.ts';
import { countHit } from '../../../src/server/http/rate-limit-store.ts';
import { RateLimitService } from '../../../src/server/services/rate-limits.ts';
import { t as msg } from '../../../src/shared/i18n.ts';

/** Two instances of the site on the target's one database, built one after the other. */
async function twoInstances(
  t: TapTest,
  target: StoreTarget,
  env: Record<string, string>,
  accountClock?: () => Date,
): Promise<[FastifyInstance, FastifyInstance]> {
  const build = () =>
    testApp(t, {
      mailTransport: new MemoryTransport(),
      env: { ...TEST_ENV, ...target.env, ...env },
      ...(accountClock ? { accountClock } : {}),
    });
  const first = await build();
  return [first, await build()];
}

const lead = (app: FastifyInstance) =>
  app.inject({ method: 'POST', url: '/api/leads', payload: contactBody(), remoteAddress: '198.51.100.7' });

const login = (app: FastifyInstance, password: string, from: string) =>
  app.inject({ method: 'POST', url: '/api/client-login', payload: { email: 'ana@example.com', password }, remoteAddress: from });

forEachTarget(t, 'two instances share the lead limit: 5 of 10 pass across them', async (t, target) => {
  const apps = await twoInstances(t, target, { LEAD_RATE_LIMIT: '5' });
  const statuses: number[] = [];
  for (let i = 0; i < 10; i++) statuses.push((await lead(apps[i % 2]!)).statusCode);
  t.equal(statuses.filter((s) => s === 201).length, 5, `exactly 5 stored: ${statuses.join(' ')}`);
  t.same(statuses.slice(5), [429, 429, 429, 429, 429], 'then both instances refuse');
  t.equal((await apps[0].store.db.selectFrom('leads').select('id').execute()).length, 5);
});

forEachTarget(t, 'two instances share the lead limit when the requests come at once', async (t, target) => {
  const apps = await twoInstances(t, target, { LEAD_RATE_LIMIT: '5' });
  const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => lead(apps[i % 2]!)));
  t.equal(answers.filter((a) => a.statusCode === 201).length, 5, 'the upsert is atomic: no count is lost');
});

forEachTarget(
  t,
  'two instances share the login throttle (its free failures in all, not each) and the device cookies',
  async (t, target) => {
    const clock = testClock();
    const apps = await twoInstances(t, target, { AUTH_RATE_LIMIT: '1000' }, clock.now);
    await registered(apps[0], 'ana@example.com');
    const device = cookieValue(await login(apps[0], PASSWORD, '192.0.2.1'), 'did')!;
    for (let i = 0; i < FREE_FAILURES; i++) {
      const res = await login(apps[i % 2]!, `guess number ${i}`, `203.0.113.${i + 1}`);
      t.equal(res.statusCode, 401, `guess ${i + 1} on instance ${(i % 2) + 1}`);
    }
    for (const [n, app] of apps.entries()) {
      const res = await login(app, PASSWORD, '203.0.113.99');
      t.equal(res.statusCode, 429, `instance ${n + 1} makes the next wait, even with the right password`);
      t.equal(res.headers['retry-after'], '1');
    }
    const trusted = await apps[1].inject({
      method: 'POST',
      url: '/api/client-login',
      payload: { email: 'ana@example.com', password: PASSWORD },
      headers: { cookie: `did=${device}` },
      remoteAddress: '192.0.2.1',
    });
    t.equal(trusted.statusCode, 200, "the other instance knows the device cookie one signed: they share the store's secret");
  },
);

forEachTarget(t, 'two instances share the per-address limit of each account route', async (t, target) => {
  const apps = await twoInstances(t, target, { AUTH_RATE_LIMIT: '3' });
  const forgot = (app: FastifyInstance) =>
    app.inject({ method: 'POST', url: '/api/client-forgot-password', payload: { email: 'x@example.com' }, remoteAddress: '198.51.100.9' });
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) statuses.push((await forgot(apps[i % 2]!)).statusCode);
  t.same(statuses, [200, 200, 200, 429, 429, 429]);
  t.equal((await login(apps[0], PASSWORD, '198.51.100.9')).statusCode, 401, 'login has a count of its own');
});

forEachTarget(t, 'a count that cannot be written: the lead goes through, the login is refused', async (t, target) => {
  const [app] = await twoInstances(t, target, { LEAD_RATE_LIMIT: '1', AUTH_RATE_LIMIT: '1000' });
  await registered(app, 'ana@example.com');
  await sql`drop table rate_limits`.execute(app.store.db);
  t.same([(await lead(app)).statusCode, (await lead(app)).statusCode], [201, 201], 'leads fail open: none is lost');
  const res = await login(app, PASSWORD, '203.0.113.1');
  t.equal(res.statusCode, 503, 'logins fail closed');
  t.match(res.json(), { statusCode: 503, message: 'We cannot take this request right now: please try again in a minute.' });
});

t.test('a count an import keeps from being written refuses the login as any write then is: 503 to retry', async (t) => {
  const { store, lock } = await storeWithWriteLock(t);
  const app = await testApp(t, { store, mailTransport: new MemoryTransport(), env: TEST_ENV });
  await registered(app, 'ana@example.com');
  lock.hold();
  const res = await login(app, PASSWORD, '203.0.113.1');
  t.equal(res.statusCode, 503);
  t.equal(res.headers['retry-after'], '30', 'says when to try again');
  t.equal(res.json().message, msg('errors.storeBusy'));
  lock.release();
  t.equal((await login(app, PASSWORD, '203.0.113.1')).statusCode, 200, 'and logs in once the import is done');
});

t.test('while an import holds the lock, a count that fails open does not wait; one that fails closed waits for it', async (t) => {
  const { store, lock } = await storeWithWriteLock(t, 60_000);
  const limits = new RateLimitService(store.db);
  const errors: string[] = [];
  const log = { error: (_fields: unknown, message: string) => errors.push(message) } as unknown as FastifyBaseLogger;
  lock.hold();
  t.same(
    await countHit({ limits, onFailure: 'open', log }, 'leads', 'k', 60_000),
    { current: 0, ttlMs: 60_000 },
    'open: let through at once',
  );
  t.same(errors, ['rate limit not counted: failing open']);
  let counted = false;
  const closed = countHit({ limits, onFailure: 'closed', log }, 'login', 'k', 60_000).then((hit) => ((counted = true), hit));
  await new Promise((resolve) => setTimeout(resolve, 50));
  t.notOk(counted, 'closed: waits for the lock');
  lock.release();
  t.match(await closed, { current: 1 }, 'and counts once it is free');
});
