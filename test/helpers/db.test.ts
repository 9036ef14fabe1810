// The store helpers: a PostgreSQL database a test is done with goes to the
// process's next test only as it was made (rows, the rows migrations insert,
// sequences), and never once a test changed its tables.
import t from 'tap';
import { sql } from 'kysely';
import { createTarget, dialects, type TapTest } from './db.ts';
import type { Store } from '../../src/server/store/db.ts';

const onPostgres = dialects().includes('postgres');

async function used(t: TapTest, change: (store: Store) => Promise<void>): Promise<string> {
  let url = '';
  await t.test('a test that changes its store', async (t) => {
    const target = await createTarget(t, 'postgres', { template: 'empty' });
    url = target.databaseUrl!;
    await change(await target.open());
  });
  return url;
}

const addPartner = async (store: Store, slug: string) => {
  const at = new Date().toISOString();
  const colours = { color_primary: '#000000', color_secondary: '#ffffff', color_heading: '#000000' };
  const row = { slug, name: slug, ...colours, created_at: at, updated_at: at };
  return (await store.db.insertInto('partners').values(row).returning('id').executeTakeFirstOrThrow()).id;
};

const contents = async (store: Store) => ({
  partners: await store.db.selectFrom('partners').select('id').execute(),
  meta: await store.db.selectFrom('catalogue_meta').selectAll().orderBy('key').execute(),
});

t.test('the next test gets the database as it was made', { skip: !onPostgres && 'no TEST_DATABASE_URL' }, async (t) => {
  let fresh: Awaited<ReturnType<typeof contents>> | undefined;
  const url = await used(t, async (store) => {
    fresh = await contents(store);
    await addPartner(store, 'one');
    await sql`update catalogue_meta set value = '7'`.execute(store.db);
    await sql`delete from catalogue_meta where key = 'partners'`.execute(store.db);
  });
  await t.test('the next', async (t) => {
    const target = await createTarget(t, 'postgres', { template: 'empty' });
    t.equal(target.databaseUrl, url, 'the same database');
    const store = await target.open();
    t.same(await contents(store), fresh, 'no rows of the last test; the rows a migration inserted, as they were');
    t.equal(await addPartner(store, 'two'), 1, 'ids start again from 1');
  });
});

t.test('a database whose tables a test changed is not given again', { skip: !onPostgres && 'no TEST_DATABASE_URL' }, async (t) => {
  const url = await used(t, async (store) => {
    await sql`drop table rate_limits`.execute(store.db);
  });
  await t.test('the next', async (t) => {
    const target = await createTarget(t, 'postgres', { template: 'empty' });
    t.not(target.databaseUrl, url, 'a new database');
    const store = await target.open();
    t.same(await store.db.selectFrom('rate_limits').selectAll().execute(), [], 'with every table');
  });
});
