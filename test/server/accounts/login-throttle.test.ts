// Logins are throttled per account, not locked (issue 20): after a few
// failures each next attempt waits twice as long (429 with Retry-After), and
// a browser with the client's device cookie (set by a login) is never slowed
// by failures from elsewhere. A forged device cookie counts as none.
import t from 'tap';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { forEachStore, type TapTest } from '../../helpers/db.ts';
import { LEVEL, logCollector } from '../../helpers/logs.ts';
import { accountsApp, cookieValue, PASSWORD, post, registerBody, registered, testClock } from './helpers.ts';
import { FREE_FAILURES, MAX_DELAY_MS } from '../../../src/server/services/accounts/login-throttle.ts';

type Answer = Awaited<ReturnType<typeof post>>;

const login = (app: FastifyInstance, email: string, password: string, from: string, device?: string) =>
  post(app, '/api/client-login', { email, password }, device ? { cookie: `did=${device}` } : {}, from);

/** Wrong guesses at ana's password, each from another address. */
async function guesses(app: FastifyInstance, n: number, first = 0): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = first; i < first + n; i++)
    statuses.push((await login(app, 'ana@example.com', `guess number ${i}`, `203.0.113.${1 + (i % 250)}`)).statusCode);
  return statuses;
}

function isThrottled(t: TapTest, res: Answer, seconds: number, what: string) {
  t.equal(res.statusCode, 429, what);
  t.equal(res.json().message, `Too many attempts: please try again in ${seconds === 1 ? '1 second' : `${seconds} seconds`}.`);
  t.equal(res.headers['retry-after'], String(seconds), `Retry-After: ${seconds}`);
}

const ENV = { AUTH_RATE_LIMIT: '1000' };

forEachStore(
  t,
  'after the free failures each attempt waits twice as long as the last, up to the cap; a success clears the count',
  async (t, store) => {
    const clock = testClock();
    const { app } = await accountsApp(t, store, ENV, { accountClock: clock.now });
    await registered(app, 'ana@example.com');

    t.same(await guesses(app, FREE_FAILURES), Array(FREE_FAILURES).fill(401), `${FREE_FAILURES} failures cost nothing`);
    isThrottled(t, await login(app, 'ana@example.com', 'guess again', '198.51.100.1'), 1, 'the next waits a second');
    isThrottled(t, await login(app, 'ana@example.com', PASSWORD, '198.51.100.2'), 1, 'even with the right password');
    clock.advance(1000);
    t.same(await guesses(app, 1, 10), [401], 'a second later, the next guess is checked');
    isThrottled(t, await login(app, 'ana@example.com', 'guess again', '198.51.100.1'), 2, 'then two seconds');
    clock.advance(2000);
    await guesses(app, 1, 11);
    isThrottled(t, await login(app, 'ana@example.com', 'guess again', '198.51.100.1'), 4, 'then four');
    const refused = await login(app, 'ana@example.com', 'guess again', '198.51.100.1');
    t.equal(refused.headers['retry-after'], '4', 'a refused attempt does not add to the wait');

    for (let i = 0; i < 12; i++) {
      clock.advance(MAX_DELAY_MS);
      await guesses(app, 1, 20 + i);
    }
    isThrottled(t, await login(app, 'ana@example.com', 'guess again', '198.51.100.1'), MAX_DELAY_MS / 1000, 'never more than the cap');

    clock.advance(MAX_DELAY_MS);
    t.equal((await login(app, 'ana@example.com', PASSWORD, '198.51.100.2')).statusCode, 200, 'the owner logs in once the wait is over');
    t.same(await guesses(app, FREE_FAILURES, 40), Array(FREE_FAILURES).fill(401), 'the success cleared the count');

    for (let i = 0; i < FREE_FAILURES; i++) await login(app, 'nobody@example.com', `guess ${i}`, '198.51.100.3');
    isThrottled(
      t,
      await login(app, 'nobody@example.com', 'guess', '198.51.100.3'),
      1,
      'an email without an account is throttled alike: the answer tells nothing',
    );
  },
  { seed: true },
);

forEachStore(
  t,
  "a browser with the client's device cookie is not slowed by other addresses' failures; a forged one counts as none",
  async (t, store) => {
    const clock = testClock();
    const { app } = await accountsApp(t, store, ENV, { accountClock: clock.now });
    await registered(app, 'ana@example.com');
    await registered(app, 'bob@example.com');
    const first = await login(app, 'ana@example.com', PASSWORD, '192.0.2.10');
    const device = cookieValue(first, 'did');
    t.ok(device, 'a login sets the device cookie');
    const cookie = first.cookies.find((c) => c.name === 'did')!;
    t.match(cookie, { path: '/api/client-login', httpOnly: true, secure: true, sameSite: 'Strict' });
    t.equal(cookie.maxAge, 365 * 24 * 60 * 60, 'kept a year');
    const bobsDevice = cookieValue(await login(app, 'bob@example.com', PASSWORD, '192.0.2.11'), 'did')!;

    await guesses(app, FREE_FAILURES + 1);
    isThrottled(t, await login(app, 'ana@example.com', PASSWORD, '192.0.2.10'), 1, 'ana is throttled without her cookie');

    // Who each password check takes turns as in the hash queue.
    const { hasher } = app.services.accounts;
    const verify = hasher.verify.bind(hasher);
    const turns: string[] = [];
    hasher.verify = (password, stored, who) => {
      turns.push(who ?? '');
      return verify(password, stored, who);
    };
    const own = await login(app, 'ana@example.com', PASSWORD, '192.0.2.10', device);
    t.equal(own.statusCode, 200, 'her own browser logs in at once');
    t.same(turns, [`device:${device!.split('.')[1]}`], 'and takes its turn for a hash as that browser, not as its address');
    t.equal(cookieValue(own, 'did')!.split('.')[1], device!.split('.')[1], 'and keeps its device id');

    const [id, nonce, mac] = device!.split('.');
    const forged = [
      `${id}.${nonce}.${mac!.slice(0, -2)}${mac!.endsWith('AA') ? 'BB' : 'AA'}`,
      `${Number(id) + 1}.${nonce}.${mac}`,
      'garbage',
      bobsDevice,
    ];
    for (const value of forged)
      isThrottled(
        t,
        await login(app, 'ana@example.com', PASSWORD, '192.0.2.10', value),
        1,
        `a forged or another client's cookie: ${value}`,
      );

    // The trusted browser's own failures are throttled on their own, and do not reach the account's count.
    clock.advance(1000);
    for (let i = 0; i < FREE_FAILURES; i++)
      t.equal((await login(app, 'ana@example.com', `typo ${i}`, '192.0.2.10', device)).statusCode, 401, `her typo ${i + 1}`);
    isThrottled(t, await login(app, 'ana@example.com', PASSWORD, '192.0.2.10', device), 1, 'her browser waits after its own failures');
    t.equal((await guesses(app, 1, 50))[0], 401, "the account's count is the strangers' alone");
  },
  { seed: true },
);

forEachStore(
  t,
  'parallel guesses cannot slip past the count together',
  async (t, store) => {
    const clock = testClock();
    const { app } = await accountsApp(t, store, ENV, { accountClock: clock.now });
    await registered(app, 'ana@example.com');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(app, 'ana@example.com', `guess ${i}`, `203.0.113.${i + 1}`)),
    );
    const checked = answers.filter((a) => a.statusCode === 401).length;
    t.ok(checked <= FREE_FAILURES, `at most ${FREE_FAILURES} of 20 were checked (${checked})`);
    t.equal(answers.filter((a) => a.statusCode === 429).length, 20 - checked, 'the rest refused');
  },
  { seed: true },
);

forEachStore(
  t,
  'a failure that cannot be counted refuses the login (503), never lets it through',
  async (t, store) => {
    const logs = logCollector();
    const { app } = await accountsApp(t, store, { ...ENV, LOG_LEVEL: 'error' }, { logger: true, logStream: logs.stream });
    await registered(app, 'ana@example.com');
    await sql`drop table login_failures`.execute(store.db);
    const res = await login(app, 'ana@example.com', PASSWORD, '192.0.2.10');
    t.equal(res.statusCode, 503);
    t.equal(res.json().message, 'We cannot take this request right now: please try again in a minute.');
    const logged = logs.lines.find((l) => l.msg === 'request refused');
    t.match(logged, { level: LEVEL.error, refusal: 'ThrottleUnavailable', err: { message: /login_failures/ } }, 'the cause is logged');
  },
  { seed: true },
);

forEachStore(
  t,
  "registering gives the browser the client's device cookie; a decoy's is shaped alike and trusts nothing",
  async (t, store) => {
    const clock = testClock();
    const { app } = await accountsApp(t, store, ENV, { accountClock: clock.now });
    const registration = await post(app, '/api/client-register', registerBody('ana@example.com'), {}, '192.0.2.10');
    t.equal(registration.statusCode, 201);
    const device = cookieValue(registration, 'did');
    t.match(device, /^\d+\.[\w-]{22}\.[\w-]{43}$/, 'registering sets the device cookie');
    const decoy = await post(
      app,
      '/api/client-register',
      registerBody('ana@example.com', { password: 'not her password at all', password_repeat: 'not her password at all' }),
      {},
      '198.51.100.9',
    );
    t.equal(decoy.statusCode, 201, 'registering a taken email answers as a new account does');
    const decoyDevice = cookieValue(decoy, 'did');
    t.match(decoyDevice, /^\d+\.[\w-]{22}\.[\w-]{43}$/, 'with a device cookie of the same shape');

    await guesses(app, FREE_FAILURES + 1);
    t.equal(
      (await login(app, 'ana@example.com', PASSWORD, '192.0.2.10', device)).statusCode,
      200,
      'the browser she registered from logs in at once',
    );
    isThrottled(t, await login(app, 'ana@example.com', PASSWORD, '198.51.100.9', decoyDevice), 1, "the decoy's cookie trusts nothing");
    // The decoy's id is the next account's: signed with the real key, it would trust that one.
    await registered(app, 'bob@example.com');
    for (let i = 0; i <= FREE_FAILURES; i++) await login(app, 'bob@example.com', `guess ${i}`, `203.0.113.${i + 1}`);
    isThrottled(
      t,
      await login(app, 'bob@example.com', PASSWORD, '198.51.100.9', decoyDevice),
      1,
      "nor the account that takes the decoy's id",
    );
  },
  { seed: true },
);

forEachStore(
  t,
  "a password reset forgets strangers' failures: the owner logs in from any browser at once",
  async (t, store) => {
    // The real clock: the outbox sends what is due by it.
    const { app, transport } = await accountsApp(t, store, ENV);
    await registered(app, 'ana@example.com');
    await guesses(app, FREE_FAILURES + 1);
    isThrottled(t, await login(app, 'ana@example.com', PASSWORD, '192.0.2.10'), 1, 'throttled before the reset');

    await post(app, '/api/client-forgot-password', { email: 'ana@example.com' });
    await transport.waitFor(1);
    const token = /client-reset-password\/([\w-]{43})/.exec(String(transport.sent[0]!.message.text))?.[1];
    const password = 'sunny terrace in altea';
    const reset = await post(app, '/api/client-reset-password', { token, password, password_repeat: password });
    t.equal(reset.statusCode, 200, reset.body);
    // Checked in the store too: past its one-second wait, the login below would pass anyway.
    const failures = await store.db.selectFrom('login_failures').select('key').where('key', '=', 'email:ana@example.com').execute();
    t.same(failures, [], "the strangers' failures are forgotten");
    t.equal((await login(app, 'ana@example.com', password, '192.0.2.10')).statusCode, 200, 'no wait after the reset');
  },
  { seed: true },
);
