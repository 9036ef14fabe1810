// Sessions (issue 20): an idle time-out (SESSION_IDLE_DAYS) besides the
// absolute 30 days, last seen written at most hourly; an email or password
// change ends the client's other sessions; the profile lists the live sessions
// (device, last seen, this one) and logs out everywhere else.
import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { forEachStore } from '../../helpers/db.ts';
import { accountsApp, bearer, PASSWORD, post, registered, testClock, withCookie } from './helpers.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0';

const client = (app: FastifyInstance, token: string) => app.inject({ url: '/api/client', headers: bearer(token) });

async function logIn(app: FastifyInstance, email: string, userAgent = WINDOWS_FIREFOX, password = PASSWORD): Promise<string> {
  const res = await post(app, '/api/client-login', { email, password }, { 'user-agent': userAgent });
  if (res.statusCode !== 200) throw new Error(`login ${email}: ${res.statusCode} ${res.body}`);
  return res.json().meta.token as string;
}

const register = (app: FastifyInstance, email: string, userAgent = ANDROID_CHROME) =>
  registered(app, email, {}, { 'user-agent': userAgent });

forEachStore(
  t,
  'a session unused for SESSION_IDLE_DAYS ends; one in use lives to its absolute end; last seen is written at most hourly',
  async (t, store) => {
    const clock = testClock();
    const { app } = await accountsApp(t, store, {}, { accountClock: clock.now });
    const used = await register(app, 'ana@example.com');
    const idle = await logIn(app, 'ana@example.com');
    const lastSeen = async () =>
      (await store.db.selectFrom('sessions').select('last_seen_at').orderBy('id').executeTakeFirstOrThrow()).last_seen_at;
    const start = await lastSeen();

    clock.advance(HOUR - 1000);
    t.equal((await client(app, used)).statusCode, 200);
    t.equal(await lastSeen(), start, 'within the hour: not written');
    clock.advance(1000);
    t.equal((await client(app, used)).statusCode, 200);
    t.equal(await lastSeen(), clock.now().toISOString(), 'an hour on: written');

    clock.advance(13 * DAY - HOUR);
    t.equal((await client(app, used)).statusCode, 200, 'used 13 days after the login');
    clock.advance(DAY + 1000);
    const listed = (await app.inject({ url: '/api/client-sessions', headers: bearer(used) })).json().data as unknown[];
    t.equal(listed.length, 1, 'the profile no longer lists the session unused for 14 days');
    t.equal((await client(app, idle)).statusCode, 401, 'the other, unused for 14 days: ended');
    t.equal((await app.inject({ url: '/api/client', headers: withCookie(idle) })).statusCode, 401, 'by cookie too');
    clock.advance(12 * DAY);
    t.equal((await client(app, used)).statusCode, 200, 'used again 13 days later: lives on');
    clock.advance(4 * DAY);
    t.equal((await client(app, used)).statusCode, 401, 'in use or not, 30 days after the login it ends');
  },
  { seed: true },
);

forEachStore(
  t,
  'SESSION_IDLE_DAYS sets the idle time-out',
  async (t, store) => {
    const clock = testClock();
    const { app } = await accountsApp(t, store, { SESSION_IDLE_DAYS: '2' }, { accountClock: clock.now });
    const token = await register(app, 'ana@example.com');
    clock.advance(2 * DAY - HOUR);
    t.equal((await client(app, token)).statusCode, 200);
    clock.advance(2 * DAY);
    t.equal((await client(app, token)).statusCode, 401);
  },
  { seed: true },
);

forEachStore(
  t,
  "an email change or a password change ends every other session of the client; another client's stay",
  async (t, store) => {
    const { app } = await accountsApp(t, store);
    const mine = await register(app, 'ana@example.com');
    const other = await logIn(app, 'ana@example.com');
    const bobs = await register(app, 'bob@example.com');
    const profile = (body: unknown) => post(app, '/api/profilesubmit', body, bearer(mine));

    t.equal((await profile({ name: 'Ana' })).statusCode, 200);
    t.equal((await client(app, other)).statusCode, 200, 'a change of name ends nothing');
    t.equal((await profile({ email: 'ana.new@example.com', current_password: PASSWORD })).statusCode, 200);
    t.equal((await client(app, mine)).statusCode, 200, 'the session that changed the email stays');
    t.equal((await client(app, other)).statusCode, 401, 'the other ended with the email change');

    const again = await logIn(app, 'ana.new@example.com');
    const next = 'another long passphrase';
    t.equal((await profile({ password: next, password_repeat: next, current_password: PASSWORD })).statusCode, 200);
    t.equal((await client(app, mine)).statusCode, 200);
    t.equal((await client(app, again)).statusCode, 401, 'the other ended with the password change');
    t.equal((await client(app, bobs)).statusCode, 200, "another client's session stays");
  },
  { seed: true },
);

forEachStore(
  t,
  'the profile lists the live sessions, named by device, and logs out everywhere else',
  async (t, store) => {
    const clock = testClock();
    const { app } = await accountsApp(t, store, {}, { accountClock: clock.now });
    const phone = await register(app, 'ana@example.com', ANDROID_CHROME);
    clock.advance(2 * HOUR);
    const laptop = await logIn(app, 'ana@example.com', WINDOWS_FIREFOX);
    clock.advance(HOUR);
    const ended = await logIn(app, 'ana@example.com', 'curl/8.5.0');
    await post(app, '/api/client-logout', {}, bearer(ended));
    await register(app, 'bob@example.com');
    clock.advance(3 * HOUR);

    const list = await app.inject({ url: '/api/client-sessions', headers: bearer(laptop) });
    t.equal(list.statusCode, 200);
    t.match(list.headers['cache-control'], /private, no-store/);
    t.same(
      list.json().data.map((s: { device: string; last_seen_at: string; current: boolean }) => [s.device, s.last_seen_at, s.current]),
      [
        ['Firefox on Windows', clock.now().toISOString(), true],
        ['Chrome on Android', new Date(clock.now().getTime() - 6 * HOUR).toISOString(), false],
      ],
      "ana's live sessions (not the one she logged out, nor bob's), the most recently seen first; the one asking is this device",
    );
    t.equal((await app.inject({ url: '/api/client-sessions' })).statusCode, 401, 'anonymous: 401');

    const form = await app.inject({
      method: 'POST',
      url: '/api/client-logout-others',
      headers: { ...withCookie(laptop), 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    t.equal(form.statusCode, 415, 'not JSON: refused, as every account POST (a page elsewhere cannot send it)');
    t.equal((await client(app, phone)).statusCode, 200, 'so nothing ended');

    const out = await post(app, '/api/client-logout-others', {}, withCookie(laptop));
    t.equal(out.statusCode, 200, out.body);
    t.same(
      out.json().data.map((s: { device: string; current: boolean }) => [s.device, s.current]),
      [['Firefox on Windows', true]],
      'the answer is the list that is left',
    );
    t.equal((await client(app, phone)).statusCode, 401, 'the phone is logged out');
    t.equal((await client(app, laptop)).statusCode, 200, 'this device stays');
    t.equal((await post(app, '/api/client-logout-others', {})).statusCode, 401, 'anonymous: 401');
  },
  { seed: true },
);
