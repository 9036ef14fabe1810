// Opens the store: SQLite under DATA_DIR by default, PostgreSQL when a URL is
// given (DESIGN §5). Migrations run on open unless asked otherwise (migrate.ts).
import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect, sql, type Dialect, type LogEvent } from 'kysely';
import { applyMigrations, requireMigrated } from './migrate.ts';
import type { Config } from '../config.ts';
import { reuseStatements } from './sqlite-statements.ts';
import { planParametersOnce } from './sqlite-parameters.ts';
import { WaitingSqliteDialect } from './sqlite-waiting-driver.ts';
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
   * (STORE_WAIT_MS by default) before it fails SQLITE_BUSY. It waits between
   * tries, pages going on meanwhile (sqlite-waiting-driver.ts). 0 for
   * background work that would rather try again at its next run.
   */
  busyTimeoutMs?: number;
}

/**
 * How long a write waits for an import's write lock by default: most pulls end
 * within it, and a request waiting so long still answers within
 * REQUEST_TIMEOUT_MS's default (30 s).
 */
export const STORE_WAIT_MS = 15_000;

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
  const open = () => {
    const database = new Sqlite(location || ':memory:');
    database.pragma('journal_mode = WAL');
    // An acknowledged write is on disk (a lead, a registration): FULL, not NORMAL.
    database.pragma('synchronous = FULL');
    database.pragma('foreign_keys = ON');
    // Waiting for another connection's write lock is the driver's (sqlite-waiting-driver.ts), never in place.
    database.pragma('busy_timeout = 0');
    return reuseStatements(planParametersOnce(database));
  };
  if (!location) return new SqliteDialect({ database: open() });
  fs.mkdirSync(options.dataDir, { recursive: true });
  return new WaitingSqliteDialect(open(), open(), options.busyTimeoutMs ?? STORE_WAIT_MS);
}

async function postgresDialect(url: string): Promise<Dialect> {
  const { default: pg } = await import('pg');
  // Integer columns come back as numbers, as they do from SQLite.
  pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
  return new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 10 }) });
}
