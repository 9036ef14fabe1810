// "Beach within N km" (issue 23) on the search indexes: projects.beach_km
// (0027) becomes a column of the five covering search indexes and of the
// price-per-m² index (0025), so that a search by distance to the beach still
// reads only an index, never a table row.
import type { Kysely, Migration } from 'kysely';
import { NEW, priceM2Index, rebuild } from './0025-search-indexes-new-filters.ts';

const BEACH = ['beach_km'];

export const searchIndexesBeachMigration: Migration = {
  async up(db: Kysely<any>) {
    await rebuild(db, [...NEW, ...BEACH]);
    await db.schema.dropIndex('projects_search_price_m2_asc').execute();
    await priceM2Index(BEACH).execute(db);
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('projects_search_price_m2_asc').execute();
    await priceM2Index().execute(db);
    await rebuild(db, NEW);
  },
};
