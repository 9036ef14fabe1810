// A SQLite store whose write lock another connection can take, as an import's
// transaction does: the store's own writes then wait for it (short here, so a
// test does not wait the 15 s a server would) and fail SQLITE_BUSY.
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { openStore, SQLITE_FILE, type Store } from '../../src/server/store/db.ts';
import { createTarget, type TapTest } from './db.ts';

export interface WriteLock {
  /** Takes the write lock (BEGIN IMMEDIATE on the other connection). */
  hold(): void;
  /** Lets it go (ROLLBACK); nothing if not held. */
  release(): void;
}

/** A copy of the demo store, its writes waiting up to `busyTimeoutMs` for the lock, and a lock on its file. */
export async function storeWithWriteLock(t: TapTest, busyTimeoutMs = 20): Promise<{ store: Store; lock: WriteLock }> {
  const { dataDir } = await createTarget(t, 'sqlite', { template: 'demo' });
  const store = await openStore({ dataDir, busyTimeoutMs });
  t.teardown(() => store.close());
  const other = new Sqlite(path.join(dataDir, SQLITE_FILE));
  const lock: WriteLock = {
    hold: () => other.exec('BEGIN IMMEDIATE'),
    release: () => {
      if (other.inTransaction) other.exec('ROLLBACK');
    },
  };
  // Registered last, so run first: the lock goes before the store closes.
  t.teardown(() => {
    lock.release();
    other.close();
  });
  return { store, lock };
}
