// Statements keep their prepared form (sqlite-statements.ts): short ones up to
// 256, long inserts up to eight, the oldest out first; a busy statement is
// never handed out twice.
import t from 'tap';
import Database from 'better-sqlite3';
import { reuseStatements } from '../../../src/server/store/sqlite-statements.ts';

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

t.test('long texts: inserts kept (eight at most, the oldest out first), reads not', async (t) => {
  const db = reuseStatements(new Database(':memory:'));
  t.teardown(() => db.close());
  db.exec('create table t (a integer)');
  const insert = (n: number) => `insert into t (a) values ${Array.from({ length: 500 + n }, () => '(?)').join(', ')}`;
  const first = db.prepare(insert(0));
  for (let n = 1; n <= 6; n++) db.prepare(insert(n));
  const last = db.prepare(insert(7));
  t.equal(db.prepare(insert(0)), first, 'eight are kept');
  db.prepare(insert(8));
  t.equal(db.prepare(insert(7)), last, 'a ninth keeps the newer ones');
  t.not(db.prepare(insert(0)), first, 'and drops the oldest');
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
