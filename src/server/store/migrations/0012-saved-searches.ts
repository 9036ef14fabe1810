// Saved searches (issue 13): an address, its searches, and the tokens of the
// links mailed to it.
//
// - saved_search_addresses.email is stored lower-cased and trimmed (the unique
//   index is the case-insensitive check). `confirmed_at`: the first time the
//   address confirmed a search; `emptied_at`: since when it has none (upkeep
//   forgets it 30 days later, or at once if it never confirmed one).
// - saved_searches: the canonical search (`search`, the address of the search
//   page under /search: shared/saved-searches.ts) and its filters as JSON for
//   matching; `partner_id` null: saved on the main site. status pending →
//   active (confirmed) → stopped (unsubscribed; it can be resumed). `expires_at`
//   holds only for a pending one. `last_alert_at` is for the alert mails to come.
// - saved_search_tokens: one row per link, only the token's SHA-256 (as reset
//   tokens). purpose confirm (one search, 7 days), manage (the address) and
//   unsubscribe (one search; also opens the manage page of its address).
import { sql, type Kysely, type Migration } from 'kysely';

export const savedSearchesMigration: Migration = {
  async up(db: Kysely<any>) {
    const pg = db.getExecutor().adapter.constructor.name.startsWith('Postgres');
    const id = (col: any) => (pg ? col.generatedByDefaultAsIdentity().primaryKey() : col.autoIncrement().primaryKey());

    await db.schema
      .createTable('saved_search_addresses')
      .addColumn('id', 'integer', id)
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('confirmed_at', 'text')
      .addColumn('emptied_at', 'text')
      .execute();

    await db.schema
      .createTable('saved_searches')
      .addColumn('id', 'integer', id)
      .addColumn('address_id', 'integer', (c) => c.notNull().references('saved_search_addresses.id').onDelete('cascade'))
      .addColumn('partner_id', 'integer', (c) => c.references('partners.id').onDelete('cascade'))
      .addColumn('search', 'text', (c) => c.notNull())
      .addColumn('filters', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('frequency', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text')
      .addColumn('confirmed_at', 'text')
      .addColumn('last_alert_at', 'text')
      .execute();
    // One search per address and site: saving it again changes its frequency.
    await sql`create unique index saved_searches_unique on saved_searches (address_id, coalesce(partner_id, 0), search)`.execute(db);
    await db.schema.createIndex('saved_searches_status').on('saved_searches').columns(['status', 'frequency']).execute();

    await db.schema
      .createTable('saved_search_tokens')
      .addColumn('id', 'integer', id)
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('address_id', 'integer', (c) => c.notNull().references('saved_search_addresses.id').onDelete('cascade'))
      .addColumn('search_id', 'integer', (c) => c.references('saved_searches.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('saved_search_tokens_address').on('saved_search_tokens').column('address_id').execute();
    await db.schema.createIndex('saved_search_tokens_search').on('saved_search_tokens').column('search_id').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('saved_search_tokens').execute();
    await db.schema.dropTable('saved_searches').execute();
    await db.schema.dropTable('saved_search_addresses').execute();
  },
};
