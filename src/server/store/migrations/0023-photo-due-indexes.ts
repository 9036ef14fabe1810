// The photo job's reads without a scan of every picture (feed-images/prepare-photos.ts):
// a pass walks the pictures in (position, url) order from where its last batch
// ended, and a photo already known that is due is matched to the pictures
// showing it by address (also what pruning looks up).
import type { Kysely, Migration } from 'kysely';

export const photoDueIndexesMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createIndex('images_position_url').on('images').columns(['position', 'url']).execute();
    await db.schema.createIndex('images_url').on('images').column('url').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('images_url').execute();
    await db.schema.dropIndex('images_position_url').execute();
  },
};
