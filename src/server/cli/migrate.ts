// `npm run migrate`: applies the store's pending migrations (DATA_DIR, or
// DATABASE_URL) and exits, printing each one applied: the release step for
// operators who start the site with MIGRATE_ON_BOOT=false. Safe to run again,
// and beside running instances (PostgreSQL: Kysely holds a lock while it migrates).
//
// Exit codes: 0 up to date; 2 bad configuration; 1 a migration failed or the
// store could not be reached (one line on stderr; a failed migration is rolled back).
import { ConfigError, loadConfig } from '../config.ts';
import { openStore, type Store } from '../store/db.ts';
import { applyMigrations } from '../store/migrate.ts';

async function main(argv: string[]): Promise<number> {
  if (argv.length > 0) {
    process.stdout.write('Usage: npm run migrate   (takes no arguments; the store is DATA_DIR or DATABASE_URL)\n');
    return argv.every((a) => a === '--help' || a === '-h') ? 0 : 2;
  }
  let store: Store | undefined;
  try {
    const config = loadConfig(process.env);
    store = await openStore({ dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL, migrations: 'leave' });
    const applied = await applyMigrations(store.db);
    for (const name of applied) process.stdout.write(`applied ${name}\n`);
    process.stdout.write(applied.length ? `the store is up to date (${applied.length} applied)\n` : 'the store was already up to date\n');
    return 0;
  } catch (error) {
    process.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
    return error instanceof ConfigError ? 2 : 1;
  } finally {
    await store?.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
