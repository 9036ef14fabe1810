// Login throttling that cannot be aimed at a client (issue 20):
//
// - login_failures: one row per throttled key, an account ('email:<email>') or
//   a trusted browser ('device:<id>'): its failures in a row and when the next
//   attempt may be made (services/accounts/login-throttle.ts). A success
//   deletes the row; upkeep deletes rows a day after their last failure.
// - site_secrets: secrets the instances on one database share, made once by
//   the first that needs one (services/site-secrets.ts); the device cookie's
//   HMAC key is the first.
import type { Kysely, Migration } from 'kysely';

export const loginThrottleMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('login_failures')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('failures', 'integer', (c) => c.notNull())
      .addColumn('next_at', 'text', (c) => c.notNull())
      .addColumn('last_failed_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('login_failures_last_failed_at').on('login_failures').column('last_failed_at').execute();
    await db.schema
      .createTable('site_secrets')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('site_secrets').execute();
    await db.schema.dropTable('login_failures').execute();
  },
};
