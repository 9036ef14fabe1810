// Bringing a store's schema up to date (`npm run migrate`, or every start while
// MIGRATE_ON_BOOT), and telling a process that must not migrate that it is behind.
import { Migrator, type Kysely } from 'kysely';
import { migrationProvider } from './migrations.ts';

/** The store lacks migrations and this process may not apply them (MIGRATE_ON_BOOT=false). */
export class StoreBehindError extends Error {}

const migrator = (db: Kysely<any>) => new Migrator({ db, provider: migrationProvider });

/** Applies every pending migration, in order; resolves with the names applied (none when up to date). */
export async function applyMigrations(db: Kysely<any>): Promise<string[]> {
  const { error, results = [] } = await migrator(db).migrateToLatest();
  if (error) {
    const failed = results.find((r) => r.status === 'Error');
    const message = String((error as Error).message ?? error);
    // No failed migration: the database could not be reached at all.
    throw new Error(failed ? `Migration ${failed.migrationName} failed: ${message}` : `Cannot open the store: ${message}`);
  }
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** The migrations not yet applied, in order. */
export async function pendingMigrations(db: Kysely<any>): Promise<string[]> {
  return (await migrator(db).getMigrations()).filter((m) => !m.executedAt).map((m) => m.name);
}

/** Throws StoreBehindError, in one line that says what to run, when any migration is pending. */
export async function requireMigrated(db: Kysely<any>): Promise<void> {
  const pending = await pendingMigrations(db);
  if (pending.length === 0) return;
  throw new StoreBehindError(
    `The store is behind: ${pending.length} migration${pending.length === 1 ? '' : 's'} not applied (${pending.join(', ')}). ` +
      'Run `npm run migrate` (in the image: node dist/server/cli/migrate.js) first, or set MIGRATE_ON_BOOT=true.',
  );
}
