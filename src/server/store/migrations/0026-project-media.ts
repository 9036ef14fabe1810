// A development's videos and virtual tours (issue 23): the feed's
// <video_url> and <virtual_tour_url> of its lead unit, as JSON
// ([{ kind, url, lang }]), like its other per-language fields. Projects
// imported before have none until their feed is imported again.
import { sql, type Kysely, type Migration } from 'kysely';

export const projectMediaMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('projects')
      .addColumn('media', 'text', (c) => c.notNull().defaultTo(sql.lit('[]')))
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('projects').dropColumn('media').execute();
  },
};
