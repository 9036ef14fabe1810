// Opens the store: SQLite under DATA_DIR by default, PostgreSQL when a URL is
// given (DESIGN §5). Migrations run on open.
import fs from 'node:fs';
import path from 'node:path';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type Dialect } from 'kysely';
import { migrationProvider } from './migrations.ts';
import { reuseLongInserts } from './sqlite-statements.ts';
import type { Database } from './schema.ts';

export type DialectName = 'sqlite' | 'postgres';

export interface Store {
  db: Kysely<Database>;
  dialect: DialectName;
  /** SQLite only: the database file ('' in memory), so that another connection can open it. */
  file?: string;
  /** Resolves when the store answers a trivial query (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface StoreOptions {
  dataDir: string;
  databaseUrl?: string | undefined;
  /** SQLite only: a file name under dataDir, or ':memory:'. */
  sqliteFile?: string;
}

export async function openStore(options: StoreOptions): Promise<Store> {
  const { dialect, name } = options.databaseUrl
    ? { dialect: await postgresDialect(options.databaseUrl), name: 'postgres' as const }
    : { dialect: await sqliteDialect(options), name: 'sqlite' as const };
  const db = new Kysely<Database>({ dialect });
  const store: Store = {
    db,
    dialect: name,
    ...(name === 'sqlite' ? { file: sqliteLocation(options) } : {}),
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: () => db.destroy(),
  };
  try {
    await migrate(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return store;
}

async function migrate(db: Kysely<Database>): Promise<void> {
  const { error, results } = await new Migrator({ db, provider: migrationProvider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (!error) return;
  const message = String((error as Error).message ?? error);
  // No failed migration: the database could not be reached at all.
  throw new Error(failed ? `Migration ${failed.migrationName} failed: ${message}` : `Cannot open the store: ${message}`);
}

function sqliteLocation(options: StoreOptions): string {
  const file = options.sqliteFile ?? 'site.db';
  return file === ':memory:' ? '' : path.join(options.dataDir, file);
}

async function sqliteDialect(options: StoreOptions): Promise<Dialect> {
  const { default: Sqlite } = await import('better-sqlite3');
  const location = sqliteLocation(options);
  if (location) fs.mkdirSync(options.dataDir, { recursive: true });
  const database = new Sqlite(location || ':memory:');
  database.pragma('journal_mode = WAL');
  // An acknowledged write is on disk (a lead, a registration): FULL, not NORMAL.
  database.pragma('synchronous = FULL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  return new SqliteDialect({ database: reuseLongInserts(database) });
}

async function postgresDialect(url: string): Promise<Dialect> {
  const { default: pg } = await import('pg');
  // Integer columns come back as numbers, as they do from SQLite.
  pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
  return new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 10 }) });
}
