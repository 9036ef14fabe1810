// Kysely's SQLite driver prepares a statement for every query it runs, and
// preparing costs about as much as running a page's small reads (a profile of
// the search page under load: better-sqlite3's prepare 8.5 % of the process's
// CPU; without the kept statements the property page served 18–22 % fewer
// requests per CPU-second: docs/decisions/kept-statements-and-queries.md). So
// the statements the site runs again and again keep their prepared statement
// (shared/bounded-memo.ts: KEPT of them, the oldest out first). A kept
// statement is handed out only when it is not busy: the driver runs one query
// at a time, but one that streams (iterate) holds its statement until done.
//
// Long texts are kept only for inserts: the catalogue import runs the same
// multi-row inserts (up to 1,000 rows of 20 columns: a text of 60,000
// placeholders) hundreds of times per feed, a few sizes of them (KEPT_LONG);
// a long read is a list of ids, seldom the same twice.
import type BetterSqlite3 from 'better-sqlite3';
import { boundedMemo } from '../../shared/bounded-memo.ts';

const LONG = 2000;
const KEPT = 256;
const KEPT_LONG = 8;

export function reuseStatements(database: BetterSqlite3.Database): BetterSqlite3.Database {
  const prepare = database.prepare.bind(database);
  const kept = boundedMemo<BetterSqlite3.Statement>(KEPT);
  const keptLong = boundedMemo<BetterSqlite3.Statement>(KEPT_LONG);
  database.prepare = ((source: string) => {
    const cache = source.length < LONG ? kept : /^\s*insert\b/i.test(source) ? keptLong : null;
    if (!cache) return prepare(source);
    const statement = cache(source, () => prepare(source));
    return statement.busy ? prepare(source) : statement;
  }) as typeof database.prepare;
  return database;
}
