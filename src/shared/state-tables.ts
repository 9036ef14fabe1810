// The page's embedded state with every list of like objects (the search page's
// cards, each level of the place tree, a property's units) written as a table:
// the keys once, then one row of values per object. JSON repeats every key in
// every object; this way the search page's state is ~2.1 KB lighter. The server
// packs the state it embeds, the browser's entry unpacks it before anything
// reads it, so components see the same objects as before.
//
// A table is `[TABLE, columns, ...rows]`. A list is packed only when it has two
// objects or more, all plain, with the same keys in the same order and no
// `undefined` value (which JSON drops and a row could not). A column whose
// values are all like objects in turn (a card's price `{min, max}`, its
// location) is written `[key, ...its columns]` and its values as rows, so
// their keys are written once too. A real list that starts with the marker is
// written `[TABLE, 0, ...items]`, so any value round-trips.
const TABLE = '\u0001';

type Row = Record<string, unknown>;
/** A key, or a key whose values are like objects with these columns. */
type Column = string | [string, ...Column[]];

const isRow = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The columns every value shares when all are plain objects with the same keys, in order; else null. */
function sharedColumns(values: unknown[]): Column[] | null {
  if (!values.every(isRow)) return null;
  const keys = Object.keys(values[0] as Row);
  const same = (row: Row) => {
    const own = Object.keys(row);
    return own.length === keys.length && own.every((k, i) => k === keys[i] && row[k] !== undefined);
  };
  if (!(values as Row[]).every(same)) return null;
  return keys.map((k): Column => {
    const inner = sharedColumns((values as Row[]).map((row) => row[k]));
    return inner ? [k, ...inner] : k;
  });
}

/** A row's values for `columns` from index `from` on (1 for a nested column, whose first is its key: no copy of it per row). */
function packRow(row: Row, columns: readonly (Column | string)[], from = 0): unknown[] {
  const out: unknown[] = [];
  for (let i = from; i < columns.length; i++) {
    const c = columns[i]!;
    out.push(typeof c === 'string' ? packTables(row[c]) : packRow(row[c[0]] as Row, c, 1));
  }
  return out;
}

/** Like Object.fromEntries of the packed entries (a '__proto__' key defined as data), without the entries' arrays. */
function packObject(value: Row): Row {
  const out: Row = {};
  for (const key of Object.keys(value)) {
    const packed = packTables(value[key]);
    if (key === '__proto__') Object.defineProperty(out, key, { value: packed, enumerable: true, writable: true, configurable: true });
    else out[key] = packed;
  }
  return out;
}

// fromEntries defines each key as data, a '__proto__' key too.
const unpackRow = (values: unknown[], columns: Column[]): Row =>
  Object.fromEntries(
    columns.map((c, i) =>
      typeof c === 'string' ? [c, unpackTables(values[i])] : [c[0], unpackRow(values[i] as unknown[], c.slice(1) as Column[])],
    ),
  );

export function packTables(value: unknown): unknown {
  if (Array.isArray(value)) {
    const columns = value.length >= 2 ? sharedColumns(value) : null;
    if (columns) return [TABLE, columns, ...(value as Row[]).map((row) => packRow(row, columns))];
    const items = value.map(packTables);
    return value[0] === TABLE ? [TABLE, 0, ...items] : items;
  }
  if (isRow(value)) return packObject(value);
  return value;
}

export function unpackTables(value: unknown): unknown {
  if (Array.isArray(value)) {
    if (value[0] !== TABLE) return value.map(unpackTables);
    const [, columns, ...rest] = value as [string, Column[] | 0, ...unknown[]];
    if (columns === 0) return rest.map(unpackTables);
    return (rest as unknown[][]).map((row) => unpackRow(row, columns));
  }
  if (isRow(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, unpackTables(v)]));
  return value;
}
