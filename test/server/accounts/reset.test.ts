// Forgot and reset password on each store: the same answer whether or not the
// email has an account; the mail, read from the outbox, links to the address
// configured for the client's site whatever Host the request forged; the token
// works once, within the hour, and ends every session of the client.
import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { forEachStore, type TapTest } from '../../helpers/db.ts';
import { waitFor } from '../../helpers/wait.ts';
import type { Store } from '../../../src/server/store/db.ts';
import { accountsApp, bearer, PASSWORD, post, registered, withCookie } from './helpers.ts';
import type { MemoryTransport } from '../leads/helpers.ts';

const NEW_PASSWORD = 'sunny terrace in altea';
const SITE_URL = 'https://www.spainnewhomes.example';

/** The link of the `count`th reset mail, once sent (forgot answers before it is written); its outbox row too. */
async function resetLink(t: TapTest, store: Store, transport: MemoryTransport, count: number): Promise<URL> {
  await transport.waitFor(count);
  const rows = await store.db.selectFrom('mail_outbox').selectAll().where('lead_id', 'is', null).orderBy('id').execute();
  t.ok(rows.length >= count, 'the mail is in the outbox, written with the reset');
  const text = String(transport.sent[count - 1]!.message.text);
  const link = /https?:\/\/\S+/.exec(text)?.[0];
  if (!link) throw new Error(`no link in ${text}`);
  return new URL(link);
}

const forgot = (app: FastifyInstance, email: string, headers: Record<string, string> = {}) =>
  post(app, '/api/client-forgot-password', { email }, headers);
const reset = (app: FastifyInstance, token: string, password = NEW_PASSWORD) =>
  post(app, '/api/client-reset-password', { token, password, password_repeat: password });

forEachStore(
  t,
  'forgot → mail → reset: the link is the configured site’s, it works once, and every session ends',
  async (t, store) => {
    const { app, transport } = await accountsApp(t, store, { SITE_URL });
    const first = await registered(app, 'ana@example.com');
    const second = (await post(app, '/api/client-login', { email: 'ana@example.com', password: PASSWORD })).json().meta.token;

    // A forged Host must not choose where the link points.
    const known = await forgot(app, 'ANA@example.com', { host: 'evil.example', 'x-forwarded-host': 'evil.example' });
    const unknown = await forgot(app, 'nobody@example.com');
    t.equal(known.statusCode, 200);
    t.same(known.json(), { message: 'Thanks, we will send you a link to reset your password' });
    t.same(unknown.json(), known.json(), 'the same answer for an email without an account');
    t.equal(unknown.statusCode, known.statusCode);
    t.equal(known.headers['cache-control'], 'private, no-store');

    const link = await resetLink(t, store, transport, 1);
    t.equal(transport.sent.length, 1, 'only the account got a mail');
    const mail = transport.sent[0]!.message;
    t.equal(mail.to, 'ana@example.com');
    t.equal(mail.subject, 'Reset your password');
    t.equal(link.origin, SITE_URL, 'the configured main site, not the Host');
    t.match(link.pathname, /^\/old\/client-reset-password\/[A-Za-z0-9_-]{43}$/);
    const token = link.pathname.split('/').pop()!;
    const stored = await store.db.selectFrom('password_resets').selectAll().executeTakeFirstOrThrow();
    t.not(stored.token_hash, token, 'the store keeps a hash of the token');
    t.equal(Date.parse(stored.expires_at) - Date.parse(stored.created_at), 60 * 60 * 1000, 'valid for an hour');
    // The transport has the mail before the outbox records it as sent: wait for that (a safety net, not a speed).
    const sentRow = await waitFor(
      'the outbox to record the reset mail as sent',
      async () => {
        const row = await store.db.selectFrom('mail_outbox').selectAll().where('lead_id', 'is', null).executeTakeFirstOrThrow();
        return row.sent_at ? row : undefined;
      },
      30_000,
    );
    t.ok(sentRow.sent_at, 'sent');
    t.equal(sentRow.message, null, 'and the link is no longer kept in the outbox');

    const done = await reset(app, token);
    t.equal(done.statusCode, 200, done.body);
    t.same(done.json(), { message: 'Thanks, You can now login with your email address and new password' });
    for (const tk of [first, second]) {
      t.equal((await app.inject({ url: '/api/client', headers: bearer(tk) })).statusCode, 401, 'every session ended');
      t.equal((await app.inject({ url: '/api/client', headers: withCookie(tk) })).statusCode, 401);
    }
    t.equal(
      (await post(app, '/api/client-login', { email: 'ana@example.com', password: PASSWORD })).statusCode,
      401,
      'the old password is gone',
    );
    t.equal(
      (await post(app, '/api/client-login', { email: 'ana@example.com', password: NEW_PASSWORD })).statusCode,
      200,
      'the new one works',
    );

    const again = await reset(app, token, 'yet another passphrase');
    t.equal(again.statusCode, 400, 'a used token is refused');
    t.match(again.json().message, /^token: This link is invalid, used or expired/);
    t.equal(
      (await post(app, '/api/client-login', { email: 'ana@example.com', password: NEW_PASSWORD })).statusCode,
      200,
      'and changed nothing',
    );
  },
  { seed: true },
);

forEachStore(
  t,
  'a reset token is refused after an hour, when unknown or malformed, and a newer link voids none of the checks',
  async (t, store) => {
    const { app, transport } = await accountsApp(t, store);
    await registered(app, 'lena@example.se');
    await forgot(app, 'lena@example.se');
    const token = (await resetLink(t, store, transport, 1)).pathname.split('/').pop()!;
    // An hour and a second later.
    const past = (ms: number) => new Date(Date.now() - ms).toISOString();
    await store.db
      .updateTable('password_resets')
      .set({ created_at: past(3_601_000), expires_at: past(1000) })
      .execute();
    // A bad token is answered before the new password is hashed (a hash costs 128 MiB and a thread).
    const hashes = () => app.services.accounts.hasher.derivations;
    const before = hashes();
    const expired = await reset(app, token);
    t.equal(expired.statusCode, 400, 'expired');
    t.match(expired.json().message, /^token: /);

    const unknown = await reset(app, 'A'.repeat(43));
    t.equal(unknown.statusCode, 400, 'unknown');
    for (const bad of ['short', 'A'.repeat(44), 'A'.repeat(42) + '!', '']) {
      const res = await reset(app, bad);
      t.equal(res.statusCode, 400, `malformed ${JSON.stringify(bad)}`);
      t.match(res.json().message, /^token/);
    }
    t.equal(hashes(), before, 'no password was hashed for an expired, unknown or malformed token');
    const common = await reset(app, token, 'password123');
    t.equal(common.statusCode, 400);
    t.match(common.json().message, /^password: This password is one of the most common/, 'a common password is refused');

    // Two links: using one voids the other.
    await forgot(app, 'lena@example.se');
    await forgot(app, 'lena@example.se');
    const a = (await resetLink(t, store, transport, 2)).pathname.split('/').pop()!;
    const b = (await resetLink(t, store, transport, 3)).pathname.split('/').pop()!;
    const beforeReset = hashes();
    t.equal((await reset(app, b)).statusCode, 200);
    t.equal(hashes(), beforeReset + 1, 'a good token: one hash');
    t.equal((await reset(app, a)).statusCode, 400, 'the older link is void once a reset was made');
    t.equal(hashes(), beforeReset + 1, 'a voided one: none');
  },
  { seed: true },
);

forEachStore(
  t,
  'the link goes to the partner’s site the client registered on: its domain, or the main site’s address and its slug',
  async (t, store) => {
    const { app, transport } = await accountsApp(t, store, { SITE_URL: 'https://spainnewhomes.example:8443/' });
    await registered(app, 'dom@example.com', { partner: 'costa-casas' });
    await store.db.updateTable('partners').set({ domain: null }).where('slug', '=', 'sol-homes').execute();
    await registered(app, 'slug@example.com', { partner: 'sol-homes' });

    await forgot(app, 'dom@example.com', { host: 'sol-homes.localhost' });
    const byDomain = await resetLink(t, store, transport, 1);
    t.equal(byDomain.origin, 'https://costa-casas.localhost:8443', "the partner's domain, with the configured scheme and port");
    t.match(byDomain.pathname, /^\/client-reset-password\/[A-Za-z0-9_-]{43}$/, 'at the root of its domain, where its site is');
    t.match(String(transport.sent[0]!.message.text), /Costa Casas/, "the partner's name");

    await forgot(app, 'slug@example.com');
    const bySlug = await resetLink(t, store, transport, 2);
    t.equal(bySlug.origin, 'https://spainnewhomes.example:8443');
    t.match(bySlug.pathname, /^\/sol-homes\/client-reset-password\//, 'a partner without a domain: the main site and its slug');
  },
  { seed: true },
);

forEachStore(
  t,
  'a password or email changed on the profile voids the reset links sent before it',
  async (t, store) => {
    const { app, transport } = await accountsApp(t, store);
    const session = await registered(app, 'vera@example.com');
    const profile = (body: object) => post(app, '/api/profilesubmit', body, bearer(session));

    await forgot(app, 'vera@example.com');
    const beforePassword = (await resetLink(t, store, transport, 1)).pathname.split('/').pop()!;
    const changed = await profile({
      password: 'a changed passphrase',
      password_repeat: 'a changed passphrase',
      current_password: PASSWORD,
    });
    t.equal(changed.statusCode, 200, changed.body);
    t.equal((await reset(app, beforePassword)).statusCode, 400, 'a link from before the new password is refused');

    await forgot(app, 'vera@example.com');
    const beforeEmail = (await resetLink(t, store, transport, 2)).pathname.split('/').pop()!;
    t.equal((await profile({ email: 'vera.new@example.com', current_password: 'a changed passphrase' })).statusCode, 200);
    t.equal((await reset(app, beforeEmail)).statusCode, 400, 'a link mailed to the old address is refused');
    t.equal(
      (await post(app, '/api/client-login', { email: 'vera.new@example.com', password: 'a changed passphrase' })).statusCode,
      200,
      'and the password stands',
    );

    t.equal((await profile({ name: 'Vera' })).statusCode, 200);
    await forgot(app, 'vera.new@example.com');
    const afterName = (await resetLink(t, store, transport, 3)).pathname.split('/').pop()!;
    t.equal((await profile({ name: 'Vera V', phone: '+34 600 000 000' })).statusCode, 200);
    t.equal((await reset(app, afterName)).statusCode, 200, 'a name or phone change leaves the link working');
  },
  { seed: true },
);

forEachStore(
  t,
  'forgot answers before the account’s link is written and mailed, so an account takes no longer to answer than none',
  async (t, store) => {
    const { app, transport } = await accountsApp(t, store);
    await registered(app, 'ida@example.com');
    // The account's work held up (a slow disk, a busy database) until the answer has come.
    const { accounts } = app.services;
    const write = accounts.forgotPassword.bind(accounts);
    let answered!: () => void;
    const gate = new Promise<void>((resolve) => (answered = resolve));
    accounts.forgotPassword = async (email, language) => {
      await gate;
      return write(email, language);
    };

    const known = await forgot(app, 'ida@example.com');
    answered();
    t.equal(known.statusCode, 200, 'answered before the link was written');
    t.same(known.json(), (await forgot(app, 'nobody@example.com')).json(), 'the same answer as for no account');
    const link = await resetLink(t, store, transport, 1);
    t.equal((await reset(app, link.pathname.split('/').pop()!)).statusCode, 200, 'and the link went out after it');
  },
  { seed: true },
);
