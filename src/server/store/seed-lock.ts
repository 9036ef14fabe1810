// Two instances started together on an empty PostgreSQL database would both
// find it empty and both seed the demo (the second import failing on the
// first's rows). The seed runs under a session-level advisory lock: the second
// instance waits, then finds the demo there and does nothing. The migrations
// have Kysely's own lock; SQLite's one writer is its own.
import { sql } from 'kysely';
import type { Store } from './db.ts';

/** Any number, the same for every instance of this site. */
const SEED_LOCK_KEY = 7_361_241;

export async function withSeedLock<T>(store: Store, work: () => Promise<T>): Promise<T> {
  if (store.dialect !== 'postgres') return work();
  return store.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${SEED_LOCK_KEY})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${SEED_LOCK_KEY})`.execute(connection);
    }
  });
}
