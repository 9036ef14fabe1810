// The exchange rates the site converts prices with (issue 24): one row per
// source, its last good rates and its last pull (services/exchange-rates).
import type { Kysely, Migration } from 'kysely';

export const exchangeRatesMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('exchange_rates')
      .addColumn('source', 'text', (c) => c.primaryKey())
      .addColumn('date', 'text', (c) => c.notNull())
      .addColumn('rates', 'text', (c) => c.notNull())
      .addColumn('etag', 'text')
      .addColumn('last_modified', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('pulled_at', 'text', (c) => c.notNull())
      .addColumn('error', 'text')
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('exchange_rates').execute();
  },
};
