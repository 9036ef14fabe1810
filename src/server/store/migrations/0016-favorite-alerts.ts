// Alerts on favorites (issue 13): a client's daily mail about their favorite
// projects (services/favorite-alerts).
//
// - clients.favorite_alerts: the profile's switch, 1 on (the default for every
//   client, old and new) or 0 off.
// - clients.favorite_alerts_since: changes dated after it go in the next mail;
//   the newest change the last mail told of, or when the switch was turned back
//   on (so a month off does not come back as one mail). null: since each
//   favorite was added.
// - clients.favorite_alert_sent_at: when the last such mail was queued.
// - favorite_alert_links: the one-click unsubscribe link of each mail
//   (RFC 8058), only its token's SHA-256 kept, as every mailed link; a year.
import type { Kysely, Migration } from 'kysely';

export const favoriteAlertsMigration: Migration = {
  async up(db: Kysely<any>) {
    const pg = db.getExecutor().adapter.constructor.name.startsWith('Postgres');
    await db.schema
      .alterTable('clients')
      .addColumn('favorite_alerts', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema.alterTable('clients').addColumn('favorite_alerts_since', 'text').execute();
    await db.schema.alterTable('clients').addColumn('favorite_alert_sent_at', 'text').execute();
    await db.schema
      .createTable('favorite_alert_links')
      .addColumn('id', 'integer', (c) => (pg ? c.generatedByDefaultAsIdentity().primaryKey() : c.autoIncrement().primaryKey()))
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('favorite_alert_links_client').on('favorite_alert_links').column('client_id').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('favorite_alert_links').execute();
    await db.schema.alterTable('clients').dropColumn('favorite_alert_sent_at').execute();
    await db.schema.alterTable('clients').dropColumn('favorite_alerts_since').execute();
    await db.schema.alterTable('clients').dropColumn('favorite_alerts').execute();
  },
};
