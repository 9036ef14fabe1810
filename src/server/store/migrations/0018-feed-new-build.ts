// A FEEDS source's `;new-build` option, kept with its pull like
// include_resales: a pull whose options differ from the last import's sends
// no validators, so toggling it re-imports the feed rather than getting a 304.
import type { Kysely, Migration } from 'kysely';

export const feedNewBuildMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('feed_pulls')
      .addColumn('new_build', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('feed_pulls').dropColumn('new_build').execute();
  },
};
