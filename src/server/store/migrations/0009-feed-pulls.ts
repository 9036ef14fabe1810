// Feeds pulled on a schedule (issue 9): one row per source the site pulls, with
// what the next conditional GET needs (etag, last_modified of the last
// successful pull), what `npm run import -- status` shows (the last pull's
// time, result, error and counts), and a lease (locked_by, locked_until) so
// that of several instances on one PostgreSQL only one pulls a source at a
// time. Times are ISO-8601 strings, as everywhere in the store.
import { sql, type Kysely, type Migration } from 'kysely';

export const feedPullsMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('feed_pulls')
      .addColumn('source', 'text', (c) => c.primaryKey())
      // Without its password, if it had one (the pull reads FEEDS, not this).
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('include_resales', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('etag', 'text')
      .addColumn('last_modified', 'text')
      .addColumn('pulled_at', 'text')
      .addColumn('duration_ms', 'integer')
      .addColumn('result', 'text', (c) => c.check(sql`result in ('imported', 'unchanged', 'failed')`))
      .addColumn('error', 'text')
      .addColumn('imported_at', 'text')
      .addColumn('counts', 'text')
      .addColumn('next_pull_at', 'text')
      .addColumn('locked_by', 'text')
      .addColumn('locked_until', 'text')
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('feed_pulls').execute();
  },
};
