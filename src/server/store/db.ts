// Opens the store: SQLite under DATA_DIR by default, PostgreSQL when a URL is
// given (DESIGN §5). Migrations run on open unless asked otherwise (migrate.ts).
import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect, sql, type Dialect, type LogEvent } from 'kysely';
import { applyMigrations, requireMigrated } from './migrate.ts';
import type { Config } from '../config.ts';
import { reuseStatements } from './sqlite-statements.ts';
import { planParametersOnce } from './sqlite-parameters.ts';
import type { Database } from './schema.ts';

export type DialectName = 'sqlite' | 'postgres';

export interface Store {
  db: Kysely<Database>;
  dialect: DialectName;
  /** How another connection (a job's, a worker thread's) opens this store; null for SQLite in memory, which no other connection sees. */
  reopen: StoreOptions | null;
  /** Resolves when the store answers a trivial query (readiness). */
  ping(): Promise<void>;
  /** Calls `listener` after every query with its duration (metrics); returns the unsubscribe. */
  onQuery(listener: QueryListener): () => void;
  close(): Promise<void>;
}

export type QueryListener = (event: LogEvent) => void;

export interface StoreOptions {
  dataDir: string;
  databaseUrl?: string | undefined;
  /** SQLite only: a file name under dataDir, or ':memory:'. */
  sqliteFile?: string;
  /**
   * On open: 'apply' every pending migration (the default), 'require' none to be
   * pending (StoreBehindError), or 'leave' the schema as it is (`npm run migrate`).
   */
  migrations?: 'apply' | 'require' | 'leave';
  /**
   * SQLite only: how long a write waits for another connection's write lock
   * (default 5000 ms), on the calling thread: better-sqlite3 waits in place.
   * 0 for background work that would rather try again later than hold pages.
   */
  busyTimeoutMs?: number;
}

/** How a process of the site opens the configured store: migrating on open unless MIGRATE_ON_BOOT=false. */
export function configuredStore(config: Pick<Config, 'DATA_DIR' | 'DATABASE_URL' | 'MIGRATE_ON_BOOT'>): StoreOptions {
  return { dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL, migrations: config.MIGRATE_ON_BOOT ? 'apply' : 'require' };
}

export async function openStore(options: StoreOptions): Promise<Store> {
  const { migrations = 'apply' } = options;
  const { dialect, name } = options.databaseUrl
    ? { dialect: await postgresDialect(options.databaseUrl), name: 'postgres' as const }
    : { dialect: await sqliteDialect(options), name: 'sqlite' as const };
  const listeners = new Set<QueryListener>();
  const db = new Kysely<Database>({ dialect, log: (event) => listeners.forEach((listener) => listener(event)) });
  const store: Store = {
    db,
    dialect: name,
    reopen: reopenOptions(options),
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    onQuery: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => db.destroy(),
  };
  try {
    if (migrations === 'apply') await applyMigrations(db);
    else if (migrations === 'require') await requireMigrated(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return store;
}

/** The SQLite file under DATA_DIR. */
export const SQLITE_FILE = 'site.db';

function reopenOptions(options: StoreOptions): StoreOptions | null {
  if (options.databaseUrl) return { dataDir: options.dataDir, databaseUrl: options.databaseUrl };
  return sqliteLocation(options) ? { dataDir: options.dataDir, sqliteFile: options.sqliteFile } : null;
}

function sqliteLocation(options: StoreOptions): string {
  const file = options.sqliteFile ?? SQLITE_FILE;
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
  database.pragma(`busy_timeout = ${options.busyTimeoutMs ?? 5000}`);
  return new SqliteDialect({ database: reuseStatements(planParametersOnce(database)) });
}

async function postgresDialect(url: string): Promise<Dialect> {
  const { default: pg } = await import('pg');
  // Integer columns come back as numbers, as they do from SQLite.
  pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
  return new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 10 }) });
}
