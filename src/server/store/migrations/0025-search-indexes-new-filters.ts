// The filters of issue 22 on the search indexes: built area, features, stage,
// delivery and price per m² become columns of the five covering search
// indexes (0003, 0007), so that a search using them still reads only an index,
// never a table row (a search for a pool among key-ready homes read one ~2 KB
// row per candidate: 85 ms a page at 50,000 projects on SQLite); and the sort
// by price per m² gets an index of its own, led by its ORDER BY (unknown
// prices last), so that its page walks it and stops when full instead of
// sorting every match (87 ms at 50,000).
import { sql, type Kysely, type Migration } from 'kysely';

const LISTED = sql<boolean>`withdrawn_at is null and units_available > 0`;
const FILTERS = ['country_id', 'region_id', 'town_id', 'beds_max', 'baths_max', 'price_min', 'price_max', 'category_mask'];
const POSITION = ['lat', 'lng'];
export const NEW = ['built_max', 'features', 'stage', 'delivery_date', 'price_m2_min'];
const rest = (first: string) => [...FILTERS.filter((c) => c !== first), 'updated_at'];

/** The five search indexes, with the columns of 0007 and, after this migration, the new filters'. */
function searchIndexes(added: string[]): Array<[string, string[]]> {
  return [
    ['projects_search_place', [...FILTERS, 'updated_at', 'id', ...POSITION, ...added]],
    ['projects_search_newest', ['updated_at', 'id', ...FILTERS, ...POSITION, ...added]],
    ['projects_search_price_asc', ['price_min', 'id', ...rest('price_min'), ...POSITION, ...added]],
    ['projects_search_price_desc', ['price_max', 'id', ...rest('price_max'), ...POSITION, ...added]],
    ['projects_search_map', [...POSITION, ...FILTERS, 'updated_at', 'id', ...added]],
  ];
}

export async function rebuild(db: Kysely<any>, added: string[]): Promise<void> {
  for (const [name, columns] of searchIndexes(added)) {
    await db.schema.dropIndex(name).execute();
    await db.schema
      .createIndex(name)
      .on('projects')
      .columns([...columns, 'withdrawn_at', 'units_available'])
      .where(LISTED)
      .execute();
  }
}

/** Led by the sort's expression exactly as search.ts's ORDER writes it (unqualified here); `added`: later filters' columns. */
export const priceM2Index = (added: string[] = []) => sql`create index projects_search_price_m2_asc on projects (
  (case when price_m2_min is null then 1 else 0 end), price_m2_min, id,
  ${sql.raw([...FILTERS, 'updated_at', ...POSITION, ...NEW.filter((c) => c !== 'price_m2_min'), ...added, 'withdrawn_at', 'units_available'].join(', '))}
) where withdrawn_at is null and units_available > 0`;

export const searchIndexesNewFiltersMigration: Migration = {
  async up(db: Kysely<any>) {
    await rebuild(db, NEW);
    await priceM2Index().execute(db);
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('projects_search_price_m2_asc').execute();
    await rebuild(db, []);
  },
};
