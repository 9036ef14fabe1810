// Statements keep their prepared form (sqlite-statements.ts): short ones up to
// 256, long inserts up to eight; a busy statement is never handed out twice.
import t from 'tap';
import Database from 'better-sqlite3';
import { reuseStatements, unboundPlans } from '../../../src/server/store/sqlite-statements.ts';

t.test('a statement is prepared once, reads and short writes alike', async (t) => {
  const db = reuseStatements(new Database(':memory:'));
  t.teardown(() => db.close());
  db.exec('create table t (a integer, b text)');
  const read = db.prepare('select b from t where a = ?');
  t.equal(db.prepare('select b from t where a = ?'), read, 'the same read again');
  t.equal(db.prepare('insert into t (a, b) values (?, ?)'), db.prepare('insert into t (a, b) values (?, ?)'), 'a short insert too');
  db.prepare('insert into t (a, b) values (?, ?)').run(1, 'one');
  t.same(read.all(1), [{ b: 'one' }], 'the kept read sees the insert');
  db.prepare('update t set b = ? where a = ?').run('uno', 1);
  t.same(db.prepare('select b from t where a = ?').all(1), [{ b: 'uno' }], 'and the update: it runs afresh each time');
});

t.test('a statement that is being iterated is not handed out again', async (t) => {
  const db = reuseStatements(new Database(':memory:'));
  t.teardown(() => db.close());
  db.exec('create table t (a integer); insert into t values (1), (2)');
  const source = 'select a from t order by a';
  const busy = db.prepare(source);
  const iterating = busy.iterate();
  iterating.next();
  const other = db.prepare(source);
  t.not(other, busy, 'not the busy statement');
  t.same(other.all(), [{ a: 1 }, { a: 2 }], 'a fresh statement runs beside the busy one');
  iterating.return?.();
  t.equal(db.prepare(source), db.prepare(source), 'kept again once it is free');
});

t.test('long texts: inserts kept (eight at most, least recently used first), reads not', async (t) => {
  const db = reuseStatements(new Database(':memory:'));
  t.teardown(() => db.close());
  db.exec('create table t (a integer)');
  const insert = (n: number) => `insert into t (a) values ${Array.from({ length: 500 + n }, () => '(?)').join(', ')}`;
  const kept = db.prepare(insert(0));
  for (let n = 1; n <= 7; n++) db.prepare(insert(n));
  t.equal(db.prepare(insert(0)), kept, 'used again: now the most recent');
  db.prepare(insert(8));
  t.equal(db.prepare(insert(0)), kept, 'still kept after a ninth');
  t.not(db.prepare(insert(1)), db.prepare(insert(100)), 'distinct texts, distinct statements');
  const longSelect = `select * from t where a in (${Array.from({ length: 1000 }, (_, i) => i).join(', ')})`;
  t.not(db.prepare(longSelect), db.prepare(longSelect), 'a long read is not kept');
});

t.test('at most 256 short statements are kept', async (t) => {
  const db = reuseStatements(new Database(':memory:'));
  t.teardown(() => db.close());
  const first = db.prepare('select 0');
  for (let n = 1; n <= 256; n++) db.prepare(`select ${n}`);
  t.not(db.prepare('select 0'), first, 'the oldest was dropped');
  t.equal(db.prepare('select 256'), db.prepare('select 256'), 'a recent one is kept');
});

const SCHEMA = `create table "p" ("id" integer primary key, "c" integer not null, "ref" text not null, "n" integer);
    create table "c" ("id" integer primary key, "key" text not null);
    create index "p_ref" on "p" ("ref");
    insert into "c" values (1, 'one'), (2, 'two');
    insert into "p" values (1, 1, '12', 5), (2, 2, 'x', null), (3, 1, '012', 12)`;

t.test('a compared parameter of a read is prepared as an expression: the same plan and rows, compiled once', async (t) => {
  t.equal(unboundPlans('select "a" from "t" where "t"."id" = ? and "b" = ?'), 'select "a" from "t" where "t"."id" = +? and "b" = +?');
  for (const untouched of ['update "t" set "b" = ? where "id" = ?', 'select "a" from "t" where "id" in (?, ?) and "b" >= ? limit ?'])
    t.equal(unboundPlans(untouched), untouched);

  // The same tables, one store's statements kept and written as reads are, the other's as given.
  const [db, bare] = [reuseStatements(new Database(':memory:')), new Database(':memory:')];
  for (const d of [db, bare]) {
    t.teardown(() => d.close());
    d.exec(SCHEMA);
  }
  const read = 'select "p"."id", "c"."key" from "p" inner join "c" on "c"."id" = "p"."c" where "p"."id" = ?';
  t.match(db.prepare(read).source, /"p"\."id" = \+\?$/, 'the text prepared');
  const plan = (d: Database.Database, sql: string) =>
    d
      .prepare(`explain query plan ${sql}`)
      .all(1)
      .map((r) => (r as { detail: string }).detail);
  t.same(plan(db, unboundPlans(read)), plan(bare, read), 'the same plan: the primary key still looked up');
  t.same(plan(db, unboundPlans(read)), ['SEARCH p USING INTEGER PRIMARY KEY (rowid=?)', 'SEARCH c USING INTEGER PRIMARY KEY (rowid=?)']);
  // The column's affinity still applies to the value: a number against text, text against a number.
  for (const [sql, value] of [
    ['select "id" from "p" where "ref" = ? order by "id"', 12],
    ['select "id" from "p" where "n" = ? order by "id"', '12'],
    ['select "id" from "p" where "n" = ? order by "id"', '5.0'],
    ['select "id" from "p" where "id" = ? order by "id"', '3'],
    ['select "id" from "p" where "ref" = ? order by "id"', '012'],
  ] as const)
    t.same(db.prepare(sql).all(value), bare.prepare(sql).all(value), `${sql} with ${JSON.stringify(value)}`);
});
