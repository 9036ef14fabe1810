// The embedded state's lists of like objects travel as tables and come back
// exactly as they were, whatever the values; the search page's state is smaller.
import t from 'tap';
import { packTables, unpackTables } from '../../src/shared/state-tables.ts';
import { testApp } from '../helpers/app.ts';
import { stateOf, stateScriptOf } from '../helpers/html.ts';

const VALUES: unknown[] = [
  [],
  [{ a: 1 }],
  [
    {
      a: 1,
      b: [
        { x: 'y', z: null },
        { x: 'w', z: { deep: [1, 2] } },
      ],
    },
    { a: 2, b: [] },
  ],
  [
    { a: 1, b: 2 },
    { b: 2, a: 1 },
  ], // same keys, other order: left as objects
  [{ a: 1 }, { a: 1, b: 2 }],
  [{ a: 1 }, null, { a: 2 }],
  [{ a: 1 }, [1]],
  ['\u0001', 'a real list that starts with the marker'],
  ['\u0001', ['a', 'b'], [1, 2]],
  [['\u0001', 0]],
  [
    { id: 1, price: { min: 1, max: 2 }, place: { town: { name: 'a' } }, empty: {} },
    { id: 2, price: { min: 3, max: 4 }, place: { town: { name: 'b' } }, empty: {} },
  ],
  [{ p: { min: 1 } }, { p: null }], // a column of objects and null: left as it is
  [{ p: { a: 1, b: 2 } }, { p: { b: 2, a: 1 } }],
  [{ p: ['\u0001', 0] }, { p: ['\u0001'] }],
  {
    tree: [
      {
        name: 'Spain',
        children: [
          { name: 'Alicante', children: [] },
          { name: 'Málaga', children: [] },
        ],
      },
    ],
  },
  'text',
  42,
  null,
];

t.test('every value comes back the same through JSON', async (t) => {
  for (const value of VALUES) {
    const back = unpackTables(JSON.parse(JSON.stringify(packTables(value))));
    t.same(back, value, JSON.stringify(value));
    t.equal(JSON.stringify(back), JSON.stringify(value), 'keys in the same order');
  }
});

t.test('a list of like objects is written as a table, its keys once', async (t) => {
  const packed = JSON.stringify(
    packTables([
      { id: 1, name: 'a' },
      { id: 2, name: 'b' },
      { id: 3, name: 'c' },
    ]),
  );
  t.equal(packed, '["\\u0001",["id","name"],[1,"a"],[2,"b"],[3,"c"]]');
  t.same(packTables([{ a: undefined }, { a: 1 }]), [{ a: undefined }, { a: 1 }], 'an undefined value leaves the list as it is');
  t.same(
    packTables([{ p: { a: undefined } }, { p: { a: 1 } }]),
    ['\u0001', ['p'], [{ a: undefined }], [{ a: 1 }]],
    'nor a column of objects',
  );
});

t.test('the search page embeds its cards as a table and reads them back whole', async (t) => {
  const app = await testApp(t);
  const html = (await app.inject('/search')).body;
  const script = stateScriptOf(html);
  t.equal(script.split('"price_reduced"').length - 1, 1, "a card's keys written once for the twelve");
  t.equal(script.split('"max"').length - 1, 4, "a range's keys written once for each of a card's four ranges");
  const state = stateOf(html);
  const cards = Object.entries(state.data).find(([k]) => k.startsWith('/api/properties'))?.[1] as {
    data: Array<{ id: number; name: string }>;
  };
  t.equal(cards.data.length, 12, 'twelve cards');
  t.ok(
    cards.data.every((c) => typeof c.id === 'number' && typeof c.name === 'string'),
    'each card an object again',
  );
});

t.test("a key named '__proto__' round-trips as data, setting no prototype", async (t) => {
  const value = JSON.parse('{"descriptions":{"__proto__":{"polluted":true},"en":"Sea views"},"list":[{"__proto__":1},{"__proto__":2}]}');
  const back = unpackTables(JSON.parse(JSON.stringify(packTables(value)))) as Record<string, Record<string, unknown>>;
  t.same(JSON.stringify(back), JSON.stringify(value));
  t.equal(Object.getPrototypeOf(back.descriptions), Object.prototype);
  t.equal((back.descriptions as { polluted?: boolean }).polluted, undefined);
});
