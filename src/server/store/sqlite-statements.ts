// Kysely's SQLite driver prepares a statement for every query it runs, and
// preparing costs about as much as running a page's small reads (a profile of
// the search page under load: better-sqlite3's prepare 8.5 % of the process's
// CPU). So the statements the site runs again and again keep their prepared
// statement, up to KEPT of them, the least recently used dropped first.
// A statement is reused only when it is not busy: the driver runs one query at
// a time, but one that streams (iterate) holds its statement until it is done.
//
// Long texts are kept only for inserts: the catalogue import runs the same
// multi-row inserts (up to 1,000 rows of 20 columns: a text of 60,000
// placeholders) hundreds of times per feed, a few sizes of them (KEPT_LONG);
// a long read is a list of ids, seldom the same twice.
import type BetterSqlite3 from 'better-sqlite3';

const LONG = 2000;
const KEPT = 256;
const KEPT_LONG = 8;

/** A map that forgets its least recently used entry past `size`. */
function lru<V>(size: number) {
  const map = new Map<string, V>();
  return {
    get(key: string): V | undefined {
      const value = map.get(key);
      if (value !== undefined) {
        map.delete(key);
        map.set(key, value);
      }
      return value;
    },
    set(key: string, value: V): void {
      map.delete(key);
      map.set(key, value);
      if (map.size > size) map.delete(map.keys().next().value!);
    },
  };
}

export function reuseStatements(database: BetterSqlite3.Database): BetterSqlite3.Database {
  const prepare = database.prepare.bind(database);
  const kept = lru<BetterSqlite3.Statement>(KEPT);
  const keptLong = lru<BetterSqlite3.Statement>(KEPT_LONG);
  database.prepare = ((source: string) => {
    const cache = source.length < LONG ? kept : /^\s*insert\b/i.test(source) ? keptLong : null;
    if (!cache) return prepare(source);
    const statement = cache.get(source);
    if (statement && !statement.busy) return statement;
    const fresh = prepare(source);
    if (!statement) cache.set(source, fresh);
    return fresh;
  }) as typeof database.prepare;
  return database;
}
