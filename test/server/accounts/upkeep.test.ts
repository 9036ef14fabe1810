// Upkeep: sessions (ended, revoked or idle) and reset tokens that ended more than a week ago are deleted,
// and login failures a day after the last; live ones, and ones that ended
// recently, stay.
import t from 'tap';
import { forEachStore } from '../../helpers/db.ts';
import { accountsApp, bearer, registered } from './helpers.ts';

const DAY = 24 * 60 * 60 * 1000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();

forEachStore(
  t,
  'ended sessions and reset tokens are pruned after a week, live ones stay',
  async (t, store) => {
    const { app } = await accountsApp(t, store);
    const live = await registered(app, 'live@example.com');
    await registered(app, 'expired@example.com');
    await registered(app, 'revoked@example.com');
    await registered(app, 'recent@example.com');
    await registered(app, 'idle@example.com');
    await registered(app, 'dozing@example.com');
    const ids = async (email: string) =>
      (await store.db.selectFrom('clients').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
    const db = store.db;
    await db
      .updateTable('sessions')
      .set({ expires_at: ago(8) })
      .where('client_id', '=', await ids('expired@example.com'))
      .execute();
    await db
      .updateTable('sessions')
      .set({ revoked_at: ago(9) })
      .where('client_id', '=', await ids('revoked@example.com'))
      .execute();
    await db
      .updateTable('sessions')
      .set({ revoked_at: ago(2) })
      .where('client_id', '=', await ids('recent@example.com'))
      .execute();
    // Idle for SESSION_IDLE_DAYS (14) ends a session: a week after that it goes.
    await db
      .updateTable('sessions')
      .set({ last_seen_at: ago(14 + 7 + 1) })
      .where('client_id', '=', await ids('idle@example.com'))
      .execute();
    await db
      .updateTable('sessions')
      .set({ last_seen_at: ago(14 + 6) })
      .where('client_id', '=', await ids('dozing@example.com'))
      .execute();
    const client = await ids('live@example.com');
    const reset = (hash: string, expires: string, used: string | null) =>
      db
        .insertInto('password_resets')
        .values({ token_hash: hash, client_id: client, created_at: ago(10), expires_at: expires, used_at: used })
        .execute();
    await reset('a'.repeat(64), ago(8), null);
    await reset('b'.repeat(64), ago(1), ago(1));
    await reset('c'.repeat(64), ago(7.5), ago(7.5));
    const failures = (key: string, last: string) =>
      db.insertInto('login_failures').values({ key, failures: 3, next_at: last, last_failed_at: last }).execute();
    await failures('email:old@example.com', ago(1.1));
    await failures('email:recent@example.com', ago(0.9));

    t.same(
      await app.services.accounts.prune(),
      { sessions: 3, resets: 2, loginFailures: 1 },
      'the expired, the long-revoked and the long-idle session, two old resets, failures forgotten a day on',
    );
    const left = await db
      .selectFrom('sessions')
      .innerJoin('clients', 'clients.id', 'sessions.client_id')
      .select('clients.email')
      .orderBy('clients.email')
      .execute();
    t.same(
      left.map((r) => r.email),
      ['dozing@example.com', 'live@example.com', 'recent@example.com'],
    );
    t.same(
      (await db.selectFrom('password_resets').select('token_hash').execute()).map((r) => r.token_hash),
      ['b'.repeat(64)],
    );
    t.equal((await app.inject({ url: '/api/client', headers: bearer(live) })).statusCode, 200, 'a live session still works');
    t.same(await app.services.accounts.prune(), { sessions: 0, resets: 0, loginFailures: 0 }, 'nothing more to prune');
  },
  { seed: true },
);
