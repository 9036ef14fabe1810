// Kept queries (kept-queries.ts): built and compiled once per database and
// shape, run with each call's values, on SQLite and PostgreSQL.
import t from 'tap';
import { sql } from 'kysely';
import { runKept } from '../../../src/server/store/kept-queries.ts';
import { forEachStore } from '../../helpers/db.ts';

forEachStore(t, 'a kept query is compiled once and binds each call its own values', async (t, store) => {
  const { db } = store;
  await db
    .insertInto('catalogue_meta')
    .values([
      { key: 'kept-a', value: 'one' },
      { key: 'kept-b', value: 'two' },
    ])
    .execute();
  let builds = 0;
  const read = (keys: string[]) =>
    runKept(db, `kept-test:${keys.length}`, keys, (values) => {
      builds++;
      return db.selectFrom('catalogue_meta').select(['key', 'value']).where('key', 'in', values).orderBy('key');
    });

  t.same(await read(['kept-a']), [{ key: 'kept-a', value: 'one' }]);
  t.same(await read(['kept-b']), [{ key: 'kept-b', value: 'two' }], 'the second call reads its own value');
  t.equal(builds, 1, 'one build for one shape');
  t.same(await read(['kept-b', 'kept-a']), [
    { key: 'kept-a', value: 'one' },
    { key: 'kept-b', value: 'two' },
  ]);
  t.equal(builds, 2, 'a list of another length is another shape');

  await db.updateTable('catalogue_meta').set({ value: 'uno' }).where('key', '=', 'kept-a').execute();
  t.same(await read(['kept-a']), [{ key: 'kept-a', value: 'uno' }], 'it keeps the SQL, never the rows');

  const kinds: string[] = [];
  const stop = store.onQuery((event) => kinds.push(event.query.query.kind));
  await read(['kept-a']);
  stop();
  t.same(kinds, ['SelectQueryNode'], "the store's listeners (metrics) still see a select");
});

forEachStore(t, "a builder's own constants stay bound where it put them", async (t, store) => {
  const { db } = store;
  await db.insertInto('catalogue_meta').values({ key: 'kept-c', value: 'three' }).execute();
  const read = (value: string) =>
    runKept(db, 'kept-test:constant', [value] as const, ([v]) =>
      db.selectFrom('catalogue_meta').select('key').where('key', '=', 'kept-c').where('value', '=', v).limit(1),
    );
  t.same(await read('three'), [{ key: 'kept-c' }]);
  t.same(await read('four'), [], 'the constant key and limit, the new value');
});

forEachStore(t, 'a value written into the SQL text is refused, not kept', async (t, store) => {
  const { db } = store;
  const build = ([v]: readonly [string]) =>
    db
      .selectFrom('catalogue_meta')
      .select('key')
      .where(sql<boolean>`key = '${sql.raw(String(v))}'`);
  await t.rejects(runKept(db, 'kept-test:inlined', ['x'] as const, build), /written into the SQL text/);
  await t.rejects(runKept(db, 'kept-test:inlined', ['x'] as const, build), /written into the SQL text/, 'and still refused');
});

forEachStore(t, 'a null shape is built and run as usual, every time', async (t, store) => {
  const { db } = store;
  let builds = 0;
  const read = (key: string) =>
    runKept(db, null, [key] as const, ([k]) => {
      builds++;
      return db.selectFrom('catalogue_meta').select('key').where('key', '=', k);
    });
  t.same(await read('version'), [{ key: 'version' }]);
  t.same(await read('nothing'), []);
  t.equal(builds, 2);
});
