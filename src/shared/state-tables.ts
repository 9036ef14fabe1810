// The page's embedded state with every list of like objects (the search page's
// cards, each level of the place tree, a property's units) written as a table:
// the keys once, then one row of values per object. JSON repeats every key in
// every object; this way the search page's state is ~2.1 KB lighter. The server
// packs the state it embeds, the browser's entry unpacks it before anything
// reads it, so components see the same objects as before.
//
// A table is `[TABLE, keys, ...rows]`. A list is packed only when it has two
// objects or more, all plain, with the same keys in the same order and no
// `undefined` value (which JSON drops and a row could not). A real list that
// starts with the marker is written `[TABLE, 0, ...items]`, so any value
// round-trips.
const TABLE = '\u0001';

type Row = Record<string, unknown>;

const isRow = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);

function tableKeys(list: unknown[]): string[] | null {
  if (list.length < 2 || !list.every(isRow)) return null;
  const keys = Object.keys(list[0] as Row);
  const same = (row: Row) => {
    const own = Object.keys(row);
    return own.length === keys.length && own.every((k, i) => k === keys[i] && row[k] !== undefined);
  };
  return (list as Row[]).every(same) ? keys : null;
}

export function packTables(value: unknown): unknown {
  if (Array.isArray(value)) {
    const keys = tableKeys(value);
    if (keys) return [TABLE, keys, ...(value as Row[]).map((row) => keys.map((k) => packTables(row[k])))];
    const items = value.map(packTables);
    return value[0] === TABLE ? [TABLE, 0, ...items] : items;
  }
  // fromEntries defines each key as data, a '__proto__' key too.
  if (isRow(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, packTables(v)]));
  return value;
}

export function unpackTables(value: unknown): unknown {
  if (Array.isArray(value)) {
    if (value[0] !== TABLE) return value.map(unpackTables);
    const [, keys, ...rest] = value as [string, string[] | 0, ...unknown[]];
    if (keys === 0) return rest.map(unpackTables);
    return (rest as unknown[][]).map((row) => Object.fromEntries(keys.map((k, i) => [k, unpackTables(row[i])])));
  }
  if (isRow(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, unpackTables(v)]));
  return value;
}
