// How search engines treat a partner's copies of the listings (its
// /{partner}/for-sale/… and /{partner}/search/… pages, and the same on its own
// domain): 'canonical' (the default) points them at the main site's page of the
// same listing; 'noindex' keeps them out of the index. The values are
// LISTING_INDEXING in src/shared/partner.ts; docs/decisions/partner-listing-indexing.md says why.
import { sql, type Kysely, type Migration } from 'kysely';

export const partnerIndexingMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('partners')
      .addColumn('listing_indexing', 'text', (c) =>
        c
          .notNull()
          .defaultTo('canonical')
          .check(sql`listing_indexing in ('noindex', 'canonical')`),
      )
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('partners').dropColumn('listing_indexing').execute();
  },
};
