// Feed photos prepared for the pages (issue 21, feed-images/prepare-photos.ts):
// one row per photo address, whatever listings show it. `status` 'ready' has
// the variants' key and the upright size and colour; 'failed' has the reason
// and when to try again; 'working' is claimed by an instance until
// next_attempt_at (a lease that lapses if that instance dies).
import type { Kysely, Migration } from 'kysely';

export const photosMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('photos')
      .addColumn('url', 'text', (c) => c.primaryKey())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('key', 'text')
      .addColumn('width', 'integer')
      .addColumn('height', 'integer')
      .addColumn('colour', 'text')
      .addColumn('reason', 'text')
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'text')
      .addColumn('prepared_at', 'text')
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('photos').execute();
  },
};
