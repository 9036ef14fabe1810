// Kysely's SQLite driver prepares a statement for every query it runs. The
// catalogue import runs the same long multi-row inserts (up to 1,000 rows of
// 20 columns: a text of 60,000 placeholders) hundreds of times per feed, and
// preparing one costs about as much as running it; so long inserts keep their
// prepared statement. Only inserts: they run to completion at once (run, or
// all for RETURNING), never as an iterator that could hold the statement.
import type BetterSqlite3 from 'better-sqlite3';

const LONG = 2000;
const KEPT = 8;

export function reuseLongInserts(database: BetterSqlite3.Database): BetterSqlite3.Database {
  const prepare = database.prepare.bind(database);
  const kept = new Map<string, BetterSqlite3.Statement>();
  database.prepare = ((source: string) => {
    if (source.length < LONG || !/^\s*insert\b/i.test(source)) return prepare(source);
    // Least recently used goes first: a batch's odd-sized last statement must not push out the full ones.
    const statement = kept.get(source) ?? prepare(source);
    kept.delete(source);
    kept.set(source, statement);
    if (kept.size > KEPT) kept.delete(kept.keys().next().value!);
    return statement;
  }) as typeof database.prepare;
  return database;
}
