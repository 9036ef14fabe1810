// How many rows one multi-row statement of the import takes: at most
// MAX_ROWS_PER_STATEMENT, and within the engine's limit of bound parameters
// for rows of that many columns.
import type { DialectName } from '../store/db.ts';

/** PostgreSQL takes at most 65535 parameters per statement, SQLite 32766. */
const PARAMETER_LIMIT: Record<DialectName, number> = { postgres: 65_000, sqlite: 32_000 };
const MAX_ROWS_PER_STATEMENT = 1000;

/** `rows` in statements' worth, for rows of `columns` columns (default: the first row's). */
export function statementRows<T>(
  rows: T[],
  dialect: DialectName,
  columns = rows[0] && typeof rows[0] === 'object' ? Object.keys(rows[0]).length : 1,
): T[][] {
  const size = Math.max(1, Math.min(MAX_ROWS_PER_STATEMENT, Math.floor(PARAMETER_LIMIT[dialect] / columns)));
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}
