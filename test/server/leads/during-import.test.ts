// A lead sent while an import holds SQLite's write lock (a scheduled pull, on
// its own connection) waits for the import's commit and is stored; the server
// answers pages meanwhile, as it would not if the lead's write waited in place
// (store/sqlite-waiting-driver.ts).
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import t from 'tap';
import { importFeed } from '../../../src/server/catalogue-import/importer.ts';
import { openStore, SQLITE_FILE } from '../../../src/server/store/db.ts';
import { testApp } from '../../helpers/app.ts';
import { waitFor } from '../../helpers/wait.ts';
import { feed, heldFeed, property } from '../catalogue-import/feeds.ts';
import { contactBody } from './helpers.ts';

/** Whether another connection holds the file's write lock: a BEGIN IMMEDIATE that does not wait fails. */
function writeLockTaken(file: string): boolean {
  const probe = new Sqlite(file, { timeout: 0 });
  try {
    probe.exec('BEGIN IMMEDIATE');
    probe.exec('ROLLBACK');
    return false;
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_BUSY') return true;
    throw error;
  } finally {
    probe.close();
  }
}

t.test('a lead sent during an import is stored once it commits, pages answering meanwhile', async (t) => {
  const app = await testApp(t);
  const file = path.join(app.config.DATA_DIR, SQLITE_FILE);
  const importer = await openStore({ dataDir: app.config.DATA_DIR });
  t.teardown(() => importer.close());
  const project = await app.store.db.selectFrom('projects').select('id').where('withdrawn_at', 'is', null).executeTakeFirstOrThrow();

  const held = heldFeed(feed(property({ id: 'HELD-1', dev: 'HELD', name: 'Residencial Held', price: 210000 })));
  const importing = importFeed(importer, held.input, { source: 'held-feed' });
  await waitFor('the import to hold the write lock', async () => writeLockTaken(file), 30_000);

  let answered = false;
  const body = contactBody({ email: 'during.import@example.com' });
  const lead = app.inject({ method: 'POST', url: '/api/leads', payload: body }).finally(() => (answered = true));
  const page = await app.inject({ method: 'GET', url: `/for-sale/${project.id}` });
  t.equal(page.statusCode, 200, 'a property page answers while the lead waits');
  t.notOk(answered, 'the lead waits for the import');

  held.release();
  const summary = await importing;
  t.equal(summary.added, 1, 'the import commits');
  const res = await lead;
  t.equal(res.statusCode, 201, 'the lead is thanked');
  const stored = await app.store.db.selectFrom('leads').select('email').where('email', '=', 'during.import@example.com').execute();
  t.equal(stored.length, 1, 'and stored once');
});
