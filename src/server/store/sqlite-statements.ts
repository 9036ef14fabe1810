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

/**
 * A map that forgets its least recently used entry past `size`. A hit only
 * stamps its entry (a page runs some ten kept statements: moving each to the
 * end of the Map, a delete and a set, was ~1 % of the search page's CPU); the
 * oldest stamp is looked for when an entry must go, which only a new statement
 * past `size` costs.
 */
function lru<V>(size: number) {
  const map = new Map<string, { value: V; used: number }>();
  let clock = 0;
  return {
    get(key: string): V | undefined {
      const entry = map.get(key);
      if (entry === undefined) return undefined;
      entry.used = ++clock;
      return entry.value;
    },
    set(key: string, value: V): void {
      map.set(key, { value, used: ++clock });
      if (map.size <= size) return;
      let oldest: string | undefined;
      let stamp = Infinity;
      for (const [k, entry] of map)
        if (entry.used < stamp) {
          stamp = entry.used;
          oldest = k;
        }
      map.delete(oldest!);
    },
  };
}

/**
 * better-sqlite3 builds SQLite with SQLITE_ENABLE_STAT4. With it, "if the
 * parameter is compared to an indexed column", SQLite recompiles the statement
 * on the first step after its parameter is bound (sqlite3_prepare_v2's
 * documentation), and better-sqlite3 binds on every run: a kept statement
 * such as the property page's detail (`"p"."id" = ?`, five joins) was
 * compiled afresh each time, 42 µs where it runs in 5. A unary plus makes the
 * value an expression rather than a bare parameter: the same plan (the index
 * is still used) and the same rows (`+` changes no value, and a parameter has
 * no affinity or collation for it to drop), compiled once. Only `<identifier>
 * = ?` of reads is written so, where Kysely writes comparisons.
 */
const COMPARED_PARAMETER = /" = \?/g;

export function unboundPlans(source: string): string {
  return /^\s*select\b/i.test(source) ? source.replace(COMPARED_PARAMETER, '" = +?') : source;
}

export function reuseStatements(database: BetterSqlite3.Database): BetterSqlite3.Database {
  const prepareText = database.prepare.bind(database);
  const prepare = (source: string) => prepareText(unboundPlans(source));
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
