// Long inserts keep their prepared statement (sqlite-statements.ts); other statements are prepared afresh.
import t from 'tap';
import Database from 'better-sqlite3';
import { reuseLongInserts } from '../../../src/server/store/sqlite-statements.ts';

t.test('a long insert is prepared once; short statements and reads each time', async (t) => {
  const db = reuseLongInserts(new Database(':memory:'));
  t.teardown(() => db.close());
  db.exec('create table t (a integer, b text)');
  const rows = Array.from({ length: 400 }, () => '(?, ?)').join(', ');
  const insert = `insert into t (a, b) values ${rows}`;
  const first = db.prepare(insert);
  t.equal(db.prepare(insert), first, 'the same statement again');
  first.run(...Array.from({ length: 800 }, (_, i) => (i % 2 ? `v${i}` : i)));
  db.prepare(insert).run(...Array.from({ length: 800 }, (_, i) => (i % 2 ? 'x' : i)));
  t.equal((db.prepare('select count(*) as n from t').get() as { n: number }).n, 800, 'both inserts ran');
  t.not(db.prepare('insert into t (a, b) values (1, 2)'), db.prepare('insert into t (a, b) values (1, 2)'), 'a short insert is not kept');
  const longSelect = `select * from t where a in (${Array.from({ length: 1000 }, (_, i) => i).join(', ')})`;
  t.not(db.prepare(longSelect), db.prepare(longSelect), 'a read is not kept, however long');
});

t.test('at most eight are kept, the least recently used dropped first', async (t) => {
  const db = reuseLongInserts(new Database(':memory:'));
  t.teardown(() => db.close());
  db.exec('create table t (a integer)');
  const insert = (n: number) => `insert into t (a) values ${Array.from({ length: 500 + n }, () => '(?)').join(', ')}`;
  const kept = db.prepare(insert(0));
  for (let n = 1; n <= 7; n++) db.prepare(insert(n));
  t.equal(db.prepare(insert(0)), kept, 'used again: now the most recent');
  db.prepare(insert(8));
  t.equal(db.prepare(insert(0)), kept, 'still kept after a ninth');
  t.not(db.prepare(insert(1)), db.prepare(insert(100)), 'distinct texts, distinct statements');
});
