// Indexes for the catalogue search (issue 3), measured at 50,000 projects:
// see src/server/services/catalogue/README.md for the plans and the figures.
//
// 1. projects.category_mask: the unit types a project offers (project_categories)
//    as bits of one integer, kept up to date by triggers on project_categories,
//    so that the category filter is a test on an index column instead of one
//    lookup in another table per candidate project (which made a category
//    search cost 10 to 25 ms at 50,000 projects). Category id n < 62 is bit n;
//    every id from 62 up shares bit 62, and a search for such a category also
//    checks project_categories (correct, only slower for those rare types).
//    Whoever writes project_categories needs to know nothing about it. A
//    trigger writes the project row only when its mask changes.
//
// 2. Partial indexes over listed projects only (in the feed, something
//    available), each holding every filter column so that a search never
//    reads the wide projects rows (descriptions) to count or to pick a page:
//    one led by the places, for the count and for searches in a town, and
//    one per sort order, walked in order until the page is full.
//
// 3. The five indexes of 0002 on (withdrawn_at | place, price_min) are
//    dropped: they cover neither the filters nor the other sort orders, and
//    SQLite's planner preferred them (an equality on withdrawn_at looks
//    selective) and then read 40,000 table rows per search (~50 ms).
import { sql, type Kysely, type Migration } from 'kysely';

/** The WHERE of every search index; a search repeats it literally (services/catalogue/search.ts). */
const LISTED = sql<boolean>`withdrawn_at is null and units_available > 0`;
const FILTERS = ['country_id', 'region_id', 'town_id', 'beds_max', 'baths_max', 'price_min', 'price_max', 'category_mask'];
const OLD_INDEXES = ['projects_listed_price', 'projects_listed_updated', 'projects_region', 'projects_town', 'projects_country'];

/** Bit of a category id, in each dialect's integer arithmetic. */
const bit = (pg: boolean, column: string) =>
  pg
    ? `(case when ${column} < 62 then 1::bigint << ${column} else 1::bigint << 62 end)`
    : `(case when ${column} < 62 then 1 << ${column} else 1 << 62 end)`;
/** The OR of the bits of a project's categories (distinct bits: their sum is their OR). */
const maskOf = (pg: boolean, project: string) =>
  pg
    ? `(select coalesce(bit_or(${bit(pg, 'category_id')}), 0) from project_categories where project_id = ${project})`
    : `(select coalesce(sum(distinct ${bit(pg, 'category_id')}), 0) from project_categories where project_id = ${project})`;

export const searchIndexesMigration: Migration = {
  async up(db: Kysely<any>) {
    const pg = db.getExecutor().adapter.constructor.name.startsWith('Postgres');

    await db.schema
      .alterTable('projects')
      .addColumn('category_mask', pg ? 'bigint' : 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await sql.raw(`update projects set category_mask = ${maskOf(pg, 'projects.id')}`).execute(db);
    if (pg) {
      await sql
        .raw(
          `
        create function project_categories_mask() returns trigger language plpgsql as $$
        begin
          if tg_op in ('DELETE', 'UPDATE') then
            update projects set category_mask = ${maskOf(pg, 'old.project_id')}
              where id = old.project_id and category_mask <> ${maskOf(pg, 'old.project_id')};
          end if;
          if tg_op in ('INSERT', 'UPDATE') then
            update projects set category_mask = category_mask | ${bit(pg, 'new.category_id')}
              where id = new.project_id and (category_mask & ${bit(pg, 'new.category_id')}) = 0;
          end if;
          return null;
        end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger project_categories_mask after insert or update or delete on project_categories
        for each row execute function project_categories_mask()`,
        )
        .execute(db);
    } else {
      await sql
        .raw(
          `create trigger project_categories_mask_insert after insert on project_categories begin
          update projects set category_mask = category_mask | ${bit(pg, 'new.category_id')}
            where id = new.project_id and (category_mask & ${bit(pg, 'new.category_id')}) = 0;
        end`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger project_categories_mask_delete after delete on project_categories begin
          update projects set category_mask = ${maskOf(pg, 'old.project_id')}
            where id = old.project_id and category_mask <> ${maskOf(pg, 'old.project_id')};
        end`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger project_categories_mask_update after update on project_categories begin
          update projects set category_mask = ${maskOf(pg, 'old.project_id')}
            where id = old.project_id and category_mask <> ${maskOf(pg, 'old.project_id')};
          update projects set category_mask = ${maskOf(pg, 'new.project_id')}
            where id = new.project_id and category_mask <> ${maskOf(pg, 'new.project_id')};
        end`,
        )
        .execute(db);
    }

    for (const name of OLD_INDEXES) await db.schema.dropIndex(name).execute();
    // withdrawn_at and units_available close every index: the WHERE already
    // implies them, but only with them does SQLite call an index covering and
    // skip even its deferred row seek (~40 % faster to count).
    const index = (name: string, columns: string[]) =>
      db.schema
        .createIndex(name)
        .on('projects')
        .columns([...columns, 'withdrawn_at', 'units_available'])
        .where(LISTED)
        .execute();
    // The count, and the page of a search in a town (its few hundred projects sorted).
    await index('projects_search_place', [...FILTERS, 'updated_at', 'id']);
    // One per sort order, the id second: the tie-breaker, so the index is the order.
    // Each holds every column a search reads (updated_at too), so whichever the
    // planner takes, it never reads a table row.
    const rest = (first: string) => [...FILTERS.filter((c) => c !== first), 'updated_at'];
    await index('projects_search_newest', ['updated_at', 'id', ...FILTERS]);
    await index('projects_search_price_asc', ['price_min', 'id', ...rest('price_min')]);
    await index('projects_search_price_desc', ['price_max', 'id', ...rest('price_max')]);
  },

  async down(db: Kysely<any>) {
    const pg = db.getExecutor().adapter.constructor.name.startsWith('Postgres');
    for (const name of ['projects_search_place', 'projects_search_newest', 'projects_search_price_asc', 'projects_search_price_desc'])
      await db.schema.dropIndex(name).execute();
    if (pg) {
      await sql`drop trigger project_categories_mask on project_categories`.execute(db);
      await sql`drop function project_categories_mask()`.execute(db);
    } else {
      for (const op of ['insert', 'delete', 'update']) await sql.raw(`drop trigger project_categories_mask_${op}`).execute(db);
    }
    await db.schema.alterTable('projects').dropColumn('category_mask').execute();
    await db.schema.createIndex('projects_listed_price').on('projects').columns(['withdrawn_at', 'price_min']).execute();
    await db.schema.createIndex('projects_listed_updated').on('projects').columns(['withdrawn_at', 'updated_at']).execute();
    await db.schema.createIndex('projects_region').on('projects').columns(['region_id', 'price_min']).execute();
    await db.schema.createIndex('projects_town').on('projects').columns(['town_id', 'price_min']).execute();
    await db.schema.createIndex('projects_country').on('projects').columns(['country_id', 'price_min']).execute();
  },
};
