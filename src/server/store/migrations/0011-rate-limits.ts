// Rate-limit counts shared by every instance on one database (issue 11): one
// row per limit and key (a client address, an account), counting the hits of
// a fixed window that ends at window_ends (ISO-8601, as every time in the
// store). The first hit after the end starts a new window (services/rate-limits.ts);
// upkeep deletes the rows whose window has ended.
import type { Kysely, Migration } from 'kysely';

export const rateLimitsMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('rate_limits')
      // Which limit: 'leads', 'POST /api/client-login', 'account:login', …
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('hits', 'integer', (c) => c.notNull())
      .addColumn('window_ends', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('rate_limits_pkey', ['name', 'key'])
      .execute();
    await db.schema.createIndex('rate_limits_window_ends').on('rate_limits').column('window_ends').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('rate_limits').execute();
  },
};
