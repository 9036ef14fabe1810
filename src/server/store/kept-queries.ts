// Kysely builds and compiles a query's SQL on every call: on the search page
// that was about 7 % of the process's CPU, for reads whose text never changes,
// only their values. A kept query is built and compiled once per database and
// shape: `build` gets a marker in place of each value, the compiled query says
// where each marker landed among its parameters, and every later call binds its
// values there and runs the kept SQL text. A value the builder branches on, or
// a list whose length changes the SQL, belongs in the `shape` key, not in the
// values.
import { createQueryId, type Compilable, type CompiledQuery, type Kysely, type RootOperationNode } from 'kysely';
import type { Database } from './schema.ts';
import { boundedMemo, type BoundedMemo } from '../../shared/bounded-memo.ts';

/** Stands for the value at `index` while the query is compiled. */
class Marker {
  constructor(readonly index: number) {}
  // A marker written into the SQL text instead of bound would be a bug in the builder: the check below finds it.
  toString(): string {
    return MARKER_TEXT;
  }
}
const MARKER_TEXT = '\u0000kept-query-marker';

/** Each parameter of the kept SQL: the caller's value at an index, or a constant the builder put there. */
type Binding = { index: number } | { constant: unknown };

interface Kept {
  sql: string;
  /** The built query's tree, kept for what reads a query's kind (the store's metrics label selects apart). */
  query: RootOperationNode;
  bindings: Binding[];
}

/** Shapes kept per database, the oldest out first (id lists of many lengths make many shapes). */
const MAX_SHAPES = 512;

const keptByDb = new WeakMap<object, BoundedMemo<Kept>>();

function compileOnce<V extends readonly unknown[]>(
  db: object,
  shape: string,
  arity: number,
  build: (values: V) => Compilable<unknown>,
): Kept {
  let kept = keptByDb.get(db);
  if (!kept) keptByDb.set(db, (kept = boundedMemo(MAX_SHAPES)));
  return kept(shape, () => compile(shape, arity, build));
}

function compile<V extends readonly unknown[]>(shape: string, arity: number, build: (values: V) => Compilable<unknown>): Kept {
  const markers = Array.from({ length: arity }, (_, i) => new Marker(i)) as unknown as V;
  const compiled = build(markers).compile();
  if (compiled.sql.includes(MARKER_TEXT)) throw new Error(`kept query ${shape}: a value was written into the SQL text`);
  const bindings = compiled.parameters.map((p): Binding => (p instanceof Marker ? { index: p.index } : { constant: p }));
  return { sql: compiled.sql, query: compiled.query, bindings };
}

/**
 * Runs the query `build` makes for `values`, compiled once per database and
 * `shape`. `build` must make the same SQL for every values of one shape.
 * A null shape (SQL not worth keeping: a partner's scope written into it) is
 * built and run as usual.
 */
export async function runKept<V extends readonly unknown[], R>(
  db: Kysely<Database>,
  shape: string | null,
  values: V,
  build: (values: V) => Compilable<R>,
): Promise<R[]> {
  if (shape === null) return (await db.executeQuery(build(values))).rows;
  const { sql, query, bindings } = compileOnce(db, shape, values.length, build);
  const parameters = bindings.map((b) => ('index' in b ? values[b.index] : b.constant));
  const compiled: CompiledQuery<R> = { sql, query, parameters, queryId: createQueryId() };
  const result = await db.executeQuery(compiled);
  return result.rows;
}
