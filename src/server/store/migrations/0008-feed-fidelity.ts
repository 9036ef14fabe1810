// What a real feed says that the store did not keep (issue 9):
//   - projects.description_html: the shown description as sanitised rich text
//     (projects.description stays its plain text);
//   - projects.descriptions: every language's description, JSON
//     { "en": { "text": …, "html": … }, "es": … };
//   - projects.urls: the listing's <url> per language, JSON { "en": "https://…" };
//   - units.content_hash: a hash of everything the feed says about the unit, so
//     that a change is seen whatever its <date> says. Rows from before have
//     none: the first import after this migration rewrites them once.
import type { Kysely, Migration } from 'kysely';

export const feedFidelityMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('projects')
      .addColumn('description_html', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('projects')
      .addColumn('descriptions', 'text', (c) => c.notNull().defaultTo('{}'))
      .execute();
    await db.schema
      .alterTable('projects')
      .addColumn('urls', 'text', (c) => c.notNull().defaultTo('{}'))
      .execute();
    await db.schema.alterTable('units').addColumn('content_hash', 'text').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('units').dropColumn('content_hash').execute();
    for (const column of ['urls', 'descriptions', 'description_html']) await db.schema.alterTable('projects').dropColumn(column).execute();
  },
};
