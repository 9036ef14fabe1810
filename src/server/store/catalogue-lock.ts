// Alert windows are dated by the catalogue's change times (unit_history.changed_at,
// projects.listed_at), which an import dates when it starts. A run that closed a
// window (a digest, the favorites alerts) while an import was still writing
// would never see that import's changes: they commit later, dated before the
// window's end. So imports and those runs take this lock first, in their
// transaction, and an import dates its changes after it has the lock: a run
// waits for the import in progress to commit, and an import started after a run
// is dated after it.
import { sql, type Kysely } from 'kysely';
import type { DialectName } from './db.ts';
import type { Database } from './schema.ts';

/** Any number, the same for every instance of this site. */
export const CATALOGUE_LOCK_KEY = 7_361_242;

/** Takes the catalogue's write lock until `trx` ends (must be called in a transaction). */
export async function lockCatalogue(trx: Kysely<Database>, dialect: DialectName): Promise<void> {
  if (dialect === 'postgres') {
    await sql`select pg_advisory_xact_lock(${CATALOGUE_LOCK_KEY})`.execute(trx);
    return;
  }
  // SQLite has one writer: a write that changes nothing still takes its lock,
  // so what the transaction reads next is read under it.
  await sql`update catalogue_meta set value = value where 1 = 0`.execute(trx);
}
