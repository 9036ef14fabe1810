// The language a visitor's mails are written in (issue 24): a client's
// (the account's pages they last registered, logged in or saved the profile
// from) and a saved search's (the page it was saved from). Rows from before
// were made on the English site.
import type { Kysely, Migration } from 'kysely';

const TABLES = ['clients', 'saved_searches'] as const;

export const mailLanguagesMigration: Migration = {
  async up(db: Kysely<any>) {
    for (const table of TABLES)
      await db.schema
        .alterTable(table)
        .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
        .execute();
  },
  async down(db: Kysely<any>) {
    for (const table of TABLES) await db.schema.alterTable(table).dropColumn('language').execute();
  },
};
