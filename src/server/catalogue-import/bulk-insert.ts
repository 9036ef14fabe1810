// The import's multi-row inserts, as SQL text written once per shape (table,
// columns, row count) and one flat list of parameters. Kysely's builder made a
// node per value and compiled them again for every statement: with 1,000 rows
// of 20 columns per batch, that was a tenth of the import's time and much of
// its garbage. Only for the import's own rows, whose columns are its own code's.
import { CompiledQuery } from 'kysely';
import type { DialectName } from '../store/db.ts';
import type { Trx } from './import-tables.ts';

const texts = new Map<string, string>();

/**
 * `insert into table (columns of the first row) values (…), (…) tail`, where
 * tail is an `on conflict …` and/or `returning …` clause. Rows must all have
 * the first row's keys; undefined is written as null. Resolves with the rows returned.
 */
export async function insertRows<Returned = unknown>(
  db: Trx,
  dialect: DialectName,
  table: string,
  rows: object[],
  tail = '',
): Promise<Returned[]> {
  if (!rows.length) return [];
  const columns = Object.keys(rows[0]!);
  const key = `${dialect} ${table} ${columns.join(',')} ${rows.length} ${tail}`;
  let text = texts.get(key);
  if (text === undefined) {
    text = statement(dialect, table, columns, rows.length, tail);
    if (texts.size >= 64) texts.clear();
    texts.set(key, text);
  }
  const parameters: unknown[] = new Array(rows.length * columns.length);
  let k = 0;
  for (const row of rows) for (const column of columns) parameters[k++] = (row as Record<string, unknown>)[column] ?? null;
  const result = await db.executeQuery<Returned>(CompiledQuery.raw(text, parameters));
  return result.rows;
}

function statement(dialect: DialectName, table: string, columns: string[], count: number, tail: string): string {
  let n = 0;
  const placeholder = dialect === 'postgres' ? () => `$${++n}` : () => '?';
  const tuples: string[] = new Array(count);
  for (let r = 0; r < count; r++) tuples[r] = `(${columns.map(placeholder).join(', ')})`;
  return `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values ${tuples.join(', ')} ${tail}`;
}
