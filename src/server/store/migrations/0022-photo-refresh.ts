// Prepared photos checked again (feed-images/prepare-photos.ts): the
// validators the photo's server answered (ETag, Last-Modified) for a
// conditional GET, and, for a ready photo, next_attempt_at as when to check
// it: a week after the photos prepared before this change. Indexed, so that
// the photo job tells whether any photo is due without reading the catalogue.
import type { Kysely, Migration } from 'kysely';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

export const photoRefreshMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('photos').addColumn('etag', 'text').execute();
    await db.schema.alterTable('photos').addColumn('last_modified', 'text').execute();
    await db
      .updateTable('photos')
      .set({ next_attempt_at: new Date(Date.now() + WEEK_MS).toISOString() })
      .where('status', '=', 'ready')
      .execute();
    await db.schema.createIndex('photos_next_attempt').on('photos').column('next_attempt_at').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('photos_next_attempt').execute();
    await db.schema.alterTable('photos').dropColumn('last_modified').execute();
    await db.schema.alterTable('photos').dropColumn('etag').execute();
  },
};
