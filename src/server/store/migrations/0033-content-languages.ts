// Content pages in every language (issue 24): each row is one page in one
// language, so the main site and each partner hold one page per slug and
// language. The rows stored before are English (the only language pages were
// written in). docs/decisions/content-in-every-language.md says how a page is chosen.
import { sql, type Kysely, type Migration } from 'kysely';

async function uniquePerSlug(db: Kysely<any>, languages: boolean): Promise<void> {
  // The slug last: a violation names the column it reports (store/errors.ts uniqueViolation).
  const partnerColumns = languages ? ['partner_id', 'language', 'slug'] : ['partner_id', 'slug'];
  const mainColumns = languages ? ['language', 'slug'] : ['slug'];
  // NULLs are distinct in unique indexes on both engines: the main site's pages get an index of their own.
  await db.schema
    .createIndex('content_pages_partner_slug')
    .on('content_pages')
    .columns(partnerColumns)
    .unique()
    .where(sql.ref('partner_id'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('content_pages_main_slug')
    .on('content_pages')
    .columns(mainColumns)
    .unique()
    .where(sql.ref('partner_id'), 'is', null)
    .execute();
}

async function dropUniquePerSlug(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('content_pages_partner_slug').execute();
  await db.schema.dropIndex('content_pages_main_slug').execute();
}

export const contentLanguagesMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('content_pages')
      .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
      .execute();
    await dropUniquePerSlug(db);
    await uniquePerSlug(db, true);
  },
  async down(db: Kysely<any>) {
    await db.deleteFrom('content_pages').where('language', '<>', 'en').execute();
    await dropUniquePerSlug(db);
    await db.schema.alterTable('content_pages').dropColumn('language').execute();
    await uniquePerSlug(db, false);
  },
};
