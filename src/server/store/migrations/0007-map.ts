// The search by map (issue 4): a search may be limited to an area (bbox on
// projects.lat and lng), and /api/map-markers lists a search's projects with
// their coordinates. The four search indexes of 0003 get lat and lng as
// columns, so that a search with an area, and the markers' choice of
// projects, still read only the index and never a table row; and one more
// index, led by the coordinates, counts the projects of a small area without
// walking the whole catalogue (measured at 50,000 projects: see
// src/server/services/catalogue/README.md).
import { sql, type Kysely, type Migration } from 'kysely';

const LISTED = sql<boolean>`withdrawn_at is null and units_available > 0`;
const FILTERS = ['country_id', 'region_id', 'town_id', 'beds_max', 'baths_max', 'price_min', 'price_max', 'category_mask'];
const rest = (first: string) => [...FILTERS.filter((c) => c !== first), 'updated_at'];

/** The columns of each search index before and after this migration (0003 wrote the former). */
function searchIndexes(position: string[]): Array<[string, string[]]> {
  return [
    ['projects_search_place', [...FILTERS, 'updated_at', 'id', ...position]],
    ['projects_search_newest', ['updated_at', 'id', ...FILTERS, ...position]],
    ['projects_search_price_asc', ['price_min', 'id', ...rest('price_min'), ...position]],
    ['projects_search_price_desc', ['price_max', 'id', ...rest('price_max'), ...position]],
  ];
}

const index = (db: Kysely<any>, name: string, columns: string[]) =>
  db.schema
    .createIndex(name)
    .on('projects')
    .columns([...columns, 'withdrawn_at', 'units_available'])
    .where(LISTED)
    .execute();

async function rebuild(db: Kysely<any>, position: string[]): Promise<void> {
  for (const [name, columns] of searchIndexes(position)) {
    await db.schema.dropIndex(name).execute();
    await index(db, name, columns);
  }
}

export const mapMigration: Migration = {
  async up(db: Kysely<any>) {
    await rebuild(db, ['lat', 'lng']);
    await index(db, 'projects_search_map', ['lat', 'lng', ...FILTERS, 'updated_at', 'id']);
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('projects_search_map').execute();
    await rebuild(db, []);
  },
};
