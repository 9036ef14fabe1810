// Rate limits on login, register, forgot and reset: per client address and
// (but for logins, throttled instead: login-throttle.test.ts) per account,
// answered 429 with a message and Retry-After. A rotating
// X-Forwarded-For does not get around them: without TRUST_PROXY the header is
// ignored, and behind one configured proxy only the address that proxy saw counts.
import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { forEachStore, type TapTest } from '../../helpers/db.ts';
import { accountsApp, post, registered, registerBody } from './helpers.ts';
import { PasswordQueueFull } from '../../../src/server/services/accounts/hash-queue.ts';

const attempt = (app: FastifyInstance, i: number, headers: Record<string, string>, remoteAddress: string) =>
  post(app, '/api/client-login', { email: `user${i}@example.com`, password: 'wrong password here' }, headers, remoteAddress);

function isTooMany(t: TapTest, res: Awaited<ReturnType<typeof attempt>>, what: string) {
  t.equal(res.statusCode, 429, what);
  t.match(res.json().message, /^Too many attempts: please try again in \d+ seconds\.$/);
  t.match(res.headers['retry-after'], /^\d+$/, 'with Retry-After');
  t.ok(Number(res.headers['retry-after']) >= 1);
}

forEachStore(
  t,
  'without TRUST_PROXY: X-Forwarded-For is ignored, the connection’s address is limited',
  async (t, store) => {
    const { app } = await accountsApp(t, store, { AUTH_RATE_LIMIT: '3' });
    for (let i = 0; i < 3; i++) {
      const res = await attempt(app, i, { 'x-forwarded-for': `203.0.113.${i}` }, '198.51.100.7');
      t.equal(res.statusCode, 401, `attempt ${i + 1} is answered`);
    }
    isTooMany(
      t,
      await attempt(app, 3, { 'x-forwarded-for': '203.0.113.99' }, '198.51.100.7'),
      'the 4th from the same address, whatever it forwards',
    );
    t.equal((await attempt(app, 4, {}, '198.51.100.8')).statusCode, 401, 'another address is not limited');
    // Each route counts on its own.
    const forgot = await post(app, '/api/client-forgot-password', { email: 'a@example.com' }, {}, '198.51.100.7');
    t.equal(forgot.statusCode, 200, 'forgot has its own count');
  },
  { seed: true },
);

forEachStore(
  t,
  'an IPv6 client counts by its /64: rotating the interface part does not get around the limit',
  async (t, store) => {
    const { app } = await accountsApp(t, store, { AUTH_RATE_LIMIT: '3' });
    for (let i = 0; i < 3; i++)
      t.equal((await attempt(app, i, {}, `2001:db8:5:6::${i + 1}`)).statusCode, 401, `attempt ${i + 1} is answered`);
    isTooMany(t, await attempt(app, 3, {}, '2001:db8:5:6:ffff:1:2:3'), 'the 4th from another address of the same /64');
    t.equal((await attempt(app, 4, {}, '2001:db8:5:7::1')).statusCode, 401, 'another /64 is another client');
  },
  { seed: true },
);

forEachStore(
  t,
  'behind one configured proxy: only the address the proxy saw counts, not what the client forwarded',
  async (t, store) => {
    const { app } = await accountsApp(t, store, { AUTH_RATE_LIMIT: '3', TRUST_PROXY: '10.0.0.1' });
    const viaProxy = (i: number, forwarded: string) => attempt(app, i, { 'x-forwarded-for': forwarded }, '10.0.0.1');
    for (let i = 0; i < 3; i++) t.equal((await viaProxy(i, `192.0.2.${i}, 198.51.100.7`)).statusCode, 401, `attempt ${i + 1}`);
    isTooMany(t, await viaProxy(3, '192.0.2.200, 198.51.100.7'), 'a rotating left part changes nothing');
    t.equal((await viaProxy(4, '198.51.100.8')).statusCode, 401, 'another client behind the proxy is not limited');
    // Straight to the server, not through the proxy: its X-Forwarded-For is not trusted.
    for (let i = 0; i < 3; i++) await attempt(app, 10 + i, { 'x-forwarded-for': `192.0.2.${50 + i}` }, '203.0.113.5');
    isTooMany(
      t,
      await attempt(app, 20, { 'x-forwarded-for': '192.0.2.99' }, '203.0.113.5'),
      'a client reaching the server itself cannot choose its address',
    );
  },
  { seed: true },
);

forEachStore(
  t,
  'per account: many addresses cannot flood its mailbox, register it over and over or replay its reset token (logins: login-throttle.test.ts)',
  async (t, store) => {
    const { app } = await accountsApp(t, store, { AUTH_RATE_LIMIT: '1000', TRUST_PROXY: '10.0.0.1' });
    await registered(app, 'ana@example.com');
    const from = (i: number) => ({ 'x-forwarded-for': `198.51.100.${i}` });

    for (let i = 0; i < 3; i++)
      t.equal((await post(app, '/api/client-forgot-password', { email: 'ana@example.com' }, from(30 + i), '10.0.0.1')).statusCode, 200);
    isTooMany(
      t,
      await post(app, '/api/client-forgot-password', { email: 'ana@example.com' }, from(40), '10.0.0.1'),
      'the 4th reset mail in an hour',
    );

    for (let i = 0; i < 5; i++)
      await post(
        app,
        '/api/client-register',
        registerBody('new@example.com', { password: `long password ${i}`, password_repeat: `long password ${i}` }),
        from(50 + i),
        '10.0.0.1',
      );
    isTooMany(
      t,
      await post(app, '/api/client-register', registerBody('new@example.com'), from(60), '10.0.0.1'),
      'the 6th registration of one email',
    );

    const token = 'B'.repeat(43);
    const body = { token, password: 'a new long password', password_repeat: 'a new long password' };
    for (let i = 0; i < 5; i++) t.equal((await post(app, '/api/client-reset-password', body, from(70 + i), '10.0.0.1')).statusCode, 400);
    isTooMany(t, await post(app, '/api/client-reset-password', body, from(80), '10.0.0.1'), 'the 6th try of one reset token');
  },
  { seed: true },
);

forEachStore(
  t,
  'a password request refused by the full hash queue: 503, its message and Retry-After',
  async (t, store) => {
    const { app } = await accountsApp(t, store);
    const { hasher } = app.services.accounts;
    // As the queue refuses past PASSWORD_HASH_QUEUE (its turns and bound: hash-queue.test.ts).
    hasher.verify = () => Promise.reject(new PasswordQueueFull(3));
    const res = await attempt(app, 1, {}, '198.51.100.9');
    t.equal(res.statusCode, 503);
    t.equal(res.json().message, 'Too many people are logging in right now: please try again in a few seconds.');
    t.equal(res.headers['retry-after'], '3');
    t.match(res.headers['cache-control'], /no-store/);
  },
  { seed: true },
);
