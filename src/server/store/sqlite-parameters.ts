// SQLite compiles a statement again before a run when its planner looked at a
// bound value while planning it, so that the plan may follow the value. The
// SQLite of better-sqlite3 (3.54, built with STAT4) does so for most of the
// site's reads, every read of a property page among them, however long their
// statement has been kept (sqlite-statements.ts): 2 to 4 times the cost of the
// run itself (`npx tsx bench/sqlite-parameters.ts`), and the property page
// served 20 % more requests per CPU-second once its reads were planned once
// (docs/decisions/sqlite-parameters-planned-once.md). A parameter written `+?`
// is an expression the planner does not look into; it has the same value and,
// like a bare `?`, no affinity, so every comparison and every index use stays
// as it was. (SQLite's QPSG setting says the same for a whole connection;
// better-sqlite3 cannot set it.)
import type BetterSqlite3 from 'better-sqlite3';

/**
 * A quoted string or name, a comment (each left as it is), or a parameter:
 * `?`, `?NNN`, with any `+` already before it.
 */
const TOKEN = /'(?:[^']|'')*'|"(?:[^"]|"")*"|`(?:[^`]|``)*`|\[[^\]]*\]|--[^\n]*|\/\*[\s\S]*?\*\/|(\+\s*)?\?(\d*)/g;

/** `source` with each `?` parameter written `+?`; quoted strings, names and comments are left as they are. */
export function plannedOnce(source: string): string {
  return source.replace(TOKEN, (token, _plus: string | undefined, number: string | undefined) =>
    number === undefined ? token : `+?${number}`,
  );
}

/** `database` preparing every statement with its parameters planned once (plannedOnce). */
export function planParametersOnce(database: BetterSqlite3.Database): BetterSqlite3.Database {
  const prepare = database.prepare.bind(database);
  database.prepare = ((source: string) => prepare(plannedOnce(source))) as typeof database.prepare;
  return database;
}
