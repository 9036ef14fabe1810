// Each unit's price and status changes (issue 13), written by the import in
// its own transaction: one row per change, with what it was before and what it
// is now, at the import's time. A unit first met writes no row (its first
// price is the one before its first change, or its price now; its first date
// is units.created_at), so a first import of a big feed writes nothing here.
// status 'withdrawn': the feed stopped listing the unit; a row from
// 'withdrawn' back to a status is the unit listed again.
// projects.price_dropped_at: the newest drop of an available unit's price, for
// the cards' "Price reduced" (kept by the import's recompute, not read from
// here on every search).
import type { Kysely, Migration } from 'kysely';

export const unitHistoryMigration: Migration = {
  async up(db: Kysely<any>) {
    const pg = db.getExecutor().adapter.constructor.name.startsWith('Postgres');
    await db.schema
      .createTable('unit_history')
      .addColumn('id', 'integer', (c) => (pg ? c.generatedByDefaultAsIdentity().primaryKey() : c.autoIncrement().primaryKey()))
      .addColumn('unit_id', 'integer', (c) => c.notNull().references('units.id').onDelete('cascade'))
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('changed_at', 'text', (c) => c.notNull())
      .addColumn('price_before', 'integer', (c) => c.notNull())
      .addColumn('price', 'integer', (c) => c.notNull())
      .addColumn('status_before', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('unit_history_unit').on('unit_history').columns(['unit_id', 'id']).execute();
    await db.schema.createIndex('unit_history_project').on('unit_history').columns(['project_id', 'changed_at']).execute();
    await db.schema.createIndex('unit_history_changed_at').on('unit_history').column('changed_at').execute();
    await db.schema.alterTable('projects').addColumn('price_dropped_at', 'text').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('projects').dropColumn('price_dropped_at').execute();
    await db.schema.dropTable('unit_history').execute();
  },
};
