// The languages a partner's site offers and the one its own domain's root serves
// (issue 24; docs/decisions/partner-languages.md): `languages` is a comma-separated
// list of codes in the site's order, null for every language the site has (so a
// partner that chose none gets a language the site adds later); `root_language` is
// one of them. Partners from before offer every language, English at the root.
import type { Kysely, Migration } from 'kysely';

export const partnerLanguagesMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('partners').addColumn('languages', 'text').execute();
    await db.schema
      .alterTable('partners')
      .addColumn('root_language', 'text', (c) => c.notNull().defaultTo('en'))
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('partners').dropColumn('root_language').execute();
    await db.schema.alterTable('partners').dropColumn('languages').execute();
  },
};
