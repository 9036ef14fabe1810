// SQLite has one writer at a time: while an import's transaction holds the
// write lock (a pull of a large feed, seconds to a minute), every other write
// waits. better-sqlite3 waits in place, with SQLite's busy timeout: the thread
// that serves pages sleeps, every page with it, and a lead sent during a pull
// stopped the whole server for 5 to 10 s before failing (503). This driver
// waits for the lock between tries instead, off the thread's time, so pages go
// on while a write waits (docs/decisions/sqlite-writes-wait-aside.md).
//
//   - Statements outside a transaction run on one connection, each on its own
//     (better-sqlite3 runs a statement to its end in one call): a write that
//     finds the lock taken is tried again, later and later, until `waitMs`.
//   - Transactions run on a second connection, one at a time, and begin with
//     BEGIN IMMEDIATE: the lock is waited for (as above) before the first
//     statement, never in the middle of one, and a transaction's statements
//     never meet another writer. Reads outside it go on meanwhile, on the
//     first connection, seeing what is committed.
//
// A write that need not happen (a rate limit's count that fails open) runs
// `withoutWaiting`: it fails at once instead, leaving the request's wait to
// the write that must (the lead).
//
// A SQLite store in memory exists only on its own connection: it keeps Kysely's
// driver (one connection, one query at a time), and no other connection writes.
import { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type BetterSqlite3 from 'better-sqlite3';
import { CompiledQuery, SqliteDialect, type DatabaseConnection, type Driver, type QueryResult } from 'kysely';
import { isStoreBusy } from './errors.ts';

/** The pause between two tries grows from the first to the last, doubling. */
const FIRST_PAUSE_MS = 2;
const LONGEST_PAUSE_MS = 100;

const notWaiting = new AsyncLocalStorage<true>();

/** `work` with its SQLite statements failing SQLITE_BUSY at once when another connection holds the lock. */
export function withoutWaiting<T>(work: () => Promise<T>): Promise<T> {
  return notWaiting.run(true, work);
}

/** `run()`, tried again while SQLite answers that another connection holds the lock, for up to `waitMs`. */
async function whenNotBusy<T>(run: () => T, waitMs: number): Promise<T> {
  const deadline = performance.now() + waitMs;
  for (let pause = FIRST_PAUSE_MS; ; pause = Math.min(pause * 2, LONGEST_PAUSE_MS)) {
    try {
      return run();
    } catch (error) {
      const left = deadline - performance.now();
      if (!isStoreBusy(error) || left <= 0) throw error;
      await sleep(Math.min(pause, left));
    }
  }
}

function runStatement(database: BetterSqlite3.Database, { sql, parameters }: CompiledQuery): QueryResult<unknown> {
  const statement = database.prepare(sql);
  if (statement.reader) return { rows: statement.all(parameters) };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
}

/** A turn at the transactions' connection: one transaction at a time. */
class Turns {
  #last: Promise<void> = Promise.resolve();

  /** Resolves when it is the caller's turn, with the function that ends it. */
  take(): Promise<() => void> {
    let end!: () => void;
    const mine = new Promise<void>((resolve) => (end = resolve));
    const before = this.#last;
    this.#last = before.then(() => mine);
    return before.then(() => end);
  }
}

class WaitingConnection implements DatabaseConnection {
  /** Set while this connection runs a transaction: the turn's end. */
  endTurn: (() => void) | null = null;

  constructor(private readonly driver: WaitingSqliteDriver) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.driver.execute(query, this.endTurn !== null) as Promise<QueryResult<R>>;
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    // Whole: a statement left open between two rows would keep its connection from every other query.
    yield await this.executeQuery<R>(query);
  }
}

class WaitingSqliteDriver implements Driver {
  readonly #turns = new Turns();

  constructor(
    private readonly statements: BetterSqlite3.Database,
    private readonly transactions: BetterSqlite3.Database,
    private readonly waitMs: number,
  ) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new WaitingConnection(this);
  }

  execute(query: CompiledQuery, inTransaction: boolean): Promise<QueryResult<unknown>> {
    if (inTransaction) return Promise.resolve(runStatement(this.transactions, query));
    return whenNotBusy(() => runStatement(this.statements, query), this.#waitMs());
  }

  #waitMs(): number {
    return notWaiting.getStore() ? 0 : this.waitMs;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const end = await this.#turns.take();
    try {
      await whenNotBusy(() => this.transactions.exec('BEGIN IMMEDIATE'), this.#waitMs());
    } catch (error) {
      end();
      throw error;
    }
    (connection as WaitingConnection).endTurn = end;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    // A commit that fails leaves the transaction open: Kysely rolls it back next.
    this.transactions.exec('COMMIT');
    this.#endTransaction(connection as WaitingConnection);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      if (this.transactions.inTransaction) this.transactions.exec('ROLLBACK');
    } finally {
      this.#endTransaction(connection as WaitingConnection);
    }
  }

  #endTransaction(connection: WaitingConnection): void {
    const end = connection.endTurn;
    connection.endTurn = null;
    end?.();
  }

  async releaseConnection(): Promise<void> {}

  async destroy(): Promise<void> {
    this.statements.close();
    this.transactions.close();
  }
}

/** Kysely's SQLite dialect, its driver the one above. */
export class WaitingSqliteDialect extends SqliteDialect {
  readonly #driver: WaitingSqliteDriver;

  constructor(statements: BetterSqlite3.Database, transactions: BetterSqlite3.Database, waitMs: number) {
    super({ database: statements });
    this.#driver = new WaitingSqliteDriver(statements, transactions, waitMs);
  }

  override createDriver(): Driver {
    return this.#driver;
  }
}
