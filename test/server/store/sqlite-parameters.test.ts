// Parameters written `+?` (sqlite-parameters.ts): the planner cannot look into
// their values, so SQLite plans a statement once instead of before every run.
// The rewrite touches parameters only, and the answers stay what they were.
import t from 'tap';
import Database from 'better-sqlite3';
import { planParametersOnce, plannedOnce } from '../../../src/server/store/sqlite-parameters.ts';
import { sql } from 'kysely';
import { openStore } from '../../../src/server/store/db.ts';
import { tempDir } from '../../helpers/app.ts';

t.test('each parameter is written +?, nothing else changes', async (t) => {
  t.equal(plannedOnce('select a from t where b = ? order by c'), 'select a from t where b = +? order by c');
  t.equal(plannedOnce('insert into t (a, b) values (?,?)'), 'insert into t (a, b) values (+?,+?)');
  t.equal(plannedOnce('select * from t where a in (?, ?) limit ? offset ?'), 'select * from t where a in (+?, +?) limit +? offset +?');
  t.equal(plannedOnce('select ?1, ?12'), 'select +?1, +?12', 'numbered');
  t.equal(plannedOnce('select a + ? from t where b = +?'), 'select a +? from t where b = +?', 'a plus already there is kept');
});

t.test('a ? inside a string, a quoted name or a comment is left alone', async (t) => {
  const cases = [
    "select 'what?' as q, ? as p",
    "select 'it''s ?' as q, ? as p",
    'select "a?b" as q, ? as p',
    'select `a?b` as q, ? as p',
    'select [a?b] as q, ? as p',
    'select 1 as q, -- why?\n? as p',
    'select /* ? */ 1 as q, ? as p',
  ];
  for (const source of cases) {
    const planned = plannedOnce(source);
    t.equal(planned.replace('+?', '?'), source, source);
    t.equal(planned.split('+?').length, 2, `one parameter rewritten: ${planned}`);
  }
});

t.test('a database prepares the rewritten text and answers as it would the original', async (t) => {
  const open = () => {
    const db = new Database(':memory:');
    db.exec(`create table t (a integer, b text, c real, d);
      create index t_a on t (a, c);
      insert into t values (1, 'x', 3, 'x'), (1, 'y', 1, 1), (2, 'z', 2, 2.5), (1, '5', 2, '5'), (null, null, null, null)`);
    return db;
  };
  const plain = open();
  const planned = planParametersOnce(open());
  t.teardown(() => (plain.close(), planned.close()));
  const read = planned.prepare('select b from t where a = ? order by c');
  t.equal(read.source, 'select b from t where a = +? order by c', 'SQLite is given the rewritten text');
  t.same(read.all(1), [{ b: 'y' }, { b: '5' }, { b: 'x' }], 'the rows, in order');
  t.match(
    planned.prepare('explain query plan select b from t where a = ? order by c').all(1),
    [{ detail: /USING INDEX t_a \(a=\?\)/ }],
    'on the index',
  );
  // Whatever the value's type, against a column of each affinity and none: a bare ? has no affinity, nor has +?.
  const values = [1, '1', 5, '5', 2.5, '2.5', 'x', null, 1n];
  const queries = [
    'select a, b from t where a = ? order by a, b',
    'select a, b from t where b = ? order by a, b',
    'select a, b from t where c = ? order by a, b',
    'select a, b from t where d = ? order by a, b',
    'select a, b from t where a in (?, 2) order by a, b',
    'select a, b from t where b > ? order by a, b',
    'select a, b from t where d is ? order by a, b',
    'select ? is null as n, typeof(?) as type',
  ];
  for (const query of queries)
    for (const value of values) {
      const params = query.split('?').length - 1;
      const args = Array(params).fill(value);
      t.same(planned.prepare(query).all(...args), plain.prepare(query).all(...args), `${query} with ${String(value)}`);
    }
  planned.prepare('insert into t (a, b) values (?, ?)').run('7', 8);
  plain.prepare('insert into t (a, b) values (?, ?)').run('7', 8);
  const inserted = 'select typeof(a) as ta, typeof(b) as tb from t where rowid = last_insert_rowid()';
  t.same(planned.prepare(inserted).all(), plain.prepare(inserted).all(), "an insert stores the column's type");
});

t.test("the store's SQLite connection prepares what it runs planned once", async (t) => {
  const store = await openStore({ dataDir: tempDir(t) });
  t.teardown(() => store.close());
  // SQLite names a column without a name by its text: the text it was given.
  const { rows } = await sql`select ${7}`.execute(store.db);
  t.same(rows, [{ '+?': 7 }]);
});
