// What a lead's mail needs beyond the form (issue 10): the full address of the
// page it was sent from, built when it arrived (SITE_URL, or the partner's
// domain when it came from there); the logged-in client who sent it; and the
// client's favorites as they were then (JSON, see src/shared/leads.ts
// FavoriteSnapshot), so a mail sent or retried later says what the client saw.
// `kind` has no CHECK constraint: the new kind 'favorites' needs no change.
import type { Kysely, Migration } from 'kysely';

export const leadMailsMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('leads').addColumn('page_url', 'text').execute();
    await db.schema
      .alterTable('leads')
      .addColumn('client_id', 'integer', (c) => c.references('clients.id').onDelete('set null'))
      .execute();
    await db.schema.alterTable('leads').addColumn('favorites', 'text').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('leads').dropColumn('favorites').execute();
    await db.schema.alterTable('leads').dropColumn('client_id').execute();
    await db.schema.alterTable('leads').dropColumn('page_url').execute();
  },
};
