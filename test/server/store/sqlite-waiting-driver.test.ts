// SQLite writes wait for another connection's write lock (an import's
// transaction) between tries, not in place: reads go on meanwhile, a write
// goes through once the lock is free or fails SQLITE_BUSY when its wait is
// over, and transactions take the lock before their first statement and take
// turns, the store's other statements going on beside them.
import t from 'tap';
import { sql } from 'kysely';
import { storeWithWriteLock } from '../../helpers/sqlite-write-lock.ts';
import type { Store } from '../../../src/server/store/db.ts';

const LONG_WAIT_MS = 60_000;

async function withNotes(store: Store): Promise<{ notes: () => Promise<string[]>; write: (note: string) => Promise<unknown> }> {
  await sql`create table notes (id integer primary key, note text not null)`.execute(store.db);
  return {
    notes: async () => (await sql<{ note: string }>`select note from notes order by id`.execute(store.db)).rows.map((r) => r.note),
    write: (note) => sql`insert into notes (note) values (${note})`.execute(store.db),
  };
}

/** Whether `promise` has settled, after the tasks already queued have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setTimeout(resolve, 20));
  return done;
}

t.test('a write waits for the lock while reads go on, and goes through once it is free', async (t) => {
  const { store, lock } = await storeWithWriteLock(t, LONG_WAIT_MS);
  const { notes, write } = await withNotes(store);
  lock.hold();
  const waiting = write('sent during the import');
  t.notOk(await settled(waiting), 'the write waits');
  t.same(await notes(), [], 'a read answers meanwhile');
  t.ok(await store.db.selectFrom('projects').select('id').limit(1).executeTakeFirst(), 'and so does a page read');
  t.notOk(await settled(waiting), 'the write still waits');
  lock.release();
  await waiting;
  t.same(await notes(), ['sent during the import'], 'written once the lock is free');
});

t.test('a write whose wait is over fails SQLITE_BUSY', async (t) => {
  const { store, lock } = await storeWithWriteLock(t, 50);
  const { notes, write } = await withNotes(store);
  lock.hold();
  await t.rejects(write('too late'), { code: 'SQLITE_BUSY' });
  lock.release();
  t.same(await notes(), [], 'nothing written');
  await write('later');
  t.same(await notes(), ['later'], 'the store writes again once the lock is free');
});

t.test('a transaction takes the lock before its first statement, reads going on beside it', async (t) => {
  const { store, lock } = await storeWithWriteLock(t, LONG_WAIT_MS);
  const { notes, write } = await withNotes(store);
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let began = false;
  lock.hold();
  const transaction = store.db.transaction().execute(async (trx) => {
    began = true;
    await sql`insert into notes (note) values ('first of the transaction')`.execute(trx);
    await gate;
    await sql`insert into notes (note) values ('second of the transaction')`.execute(trx);
  });
  t.notOk(await settled(transaction), 'the transaction waits for the lock');
  t.notOk(began, 'before its first statement');
  t.same(await notes(), [], 'a read answers meanwhile');
  lock.release();
  await t.resolveMatch(
    (async () => {
      while (!began) await new Promise((resolve) => setTimeout(resolve, 5));
      return true;
    })(),
    true,
    'the transaction begins once the lock is free',
  );
  t.same(await notes(), [], 'a read while it is open sees only what is committed');
  const outside = write('written beside it');
  t.notOk(await settled(outside), 'a write beside it waits for its commit');
  open();
  await transaction;
  await outside;
  t.same(await notes(), ['first of the transaction', 'second of the transaction', 'written beside it']);
});

t.test('transactions take turns', async (t) => {
  const { store } = await storeWithWriteLock(t, LONG_WAIT_MS);
  const { notes } = await withNotes(store);
  const twoNotes = (name: string) =>
    store.db.transaction().execute(async (trx) => {
      await sql`insert into notes (note) values (${`${name} 1`})`.execute(trx);
      await new Promise((resolve) => setTimeout(resolve, 10));
      await sql`insert into notes (note) values (${`${name} 2`})`.execute(trx);
    });
  await Promise.all([twoNotes('a'), twoNotes('b'), twoNotes('c')]);
  t.same(await notes(), ['a 1', 'a 2', 'b 1', 'b 2', 'c 1', 'c 2']);
});

t.test('a transaction that fails rolls back and lets the next one in', async (t) => {
  const { store } = await storeWithWriteLock(t, LONG_WAIT_MS);
  const { notes, write } = await withNotes(store);
  await t.rejects(
    store.db.transaction().execute(async (trx) => {
      await sql`insert into notes (note) values ('rolled back')`.execute(trx);
      throw new Error('the work failed');
    }),
    { message: 'the work failed' },
  );
  await store.db.transaction().execute((trx) => sql`insert into notes (note) values ('next')`.execute(trx));
  await write('after both');
  t.same(await notes(), ['next', 'after both']);
});
