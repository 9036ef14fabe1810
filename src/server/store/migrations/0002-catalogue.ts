// The catalogue (DESIGN §5): places, categories, projects (developments) and
// their units, images and files, and the partners' scopes.
//
// Projects carry ranges derived from their available units (price, bedrooms,
// bathrooms, areas) and denormalised place ids, so a search filters and sorts
// one table; project_categories lists the unit types a project offers.
import { sql, type Kysely, type Migration } from 'kysely';

export const catalogueMigration: Migration = {
  async up(db: Kysely<any>) {
    const pg = db.getExecutor().adapter.constructor.name.startsWith('Postgres');
    const id = (col: any) => (pg ? col.generatedByDefaultAsIdentity().primaryKey() : col.autoIncrement().primaryKey());
    const real = pg ? 'double precision' : 'real';

    await db.schema
      .createTable('geo_places')
      .addColumn('id', 'integer', id)
      .addColumn('kind', 'text', (c) => c.notNull()) // country | region | town
      .addColumn('parent_id', 'integer', (c) => c.references('geo_places.id'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('slug', 'text', (c) => c.notNull())
      // 'spain', 'spain/alicante', 'spain/alicante/torrevieja': the SEO path.
      .addColumn('path', 'text', (c) => c.notNull().unique())
      .addColumn('lat', real)
      .addColumn('lng', real)
      .execute();
    await db.schema.createIndex('geo_places_parent').on('geo_places').column('parent_id').execute();

    await db.schema
      .createTable('categories')
      .addColumn('id', 'integer', (c) => c.primaryKey()) // the spec's type ids; 100+ for types the import meets
      .addColumn('key', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull()) // as first met in a feed; labels come from en.json
      .execute();

    await db.schema
      .createTable('projects')
      .addColumn('id', 'integer', id)
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('ref', 'text', (c) => c.notNull()) // the development's key within its source
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('developer', 'text')
      .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id'))
      .addColumn('stage', 'text', (c) => c.notNull()) // off_plan | under_construction | key_ready
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('amenities', 'text', (c) => c.notNull().defaultTo('[]')) // JSON array of strings
      .addColumn('country_id', 'integer', (c) => c.notNull().references('geo_places.id'))
      .addColumn('region_id', 'integer', (c) => c.notNull().references('geo_places.id'))
      .addColumn('town_id', 'integer', (c) => c.notNull().references('geo_places.id'))
      .addColumn('location_detail', 'text')
      .addColumn('lat', real)
      .addColumn('lng', real)
      .addColumn('delivery_date', 'text') // YYYY-MM
      // Ranges over the project's available units; null when none is available.
      .addColumn('price_min', 'integer')
      .addColumn('price_max', 'integer')
      .addColumn('beds_min', 'integer')
      .addColumn('beds_max', 'integer')
      .addColumn('baths_min', 'integer')
      .addColumn('baths_max', 'integer')
      .addColumn('built_min', 'integer')
      .addColumn('built_max', 'integer')
      .addColumn('plot_min', 'integer')
      .addColumn('plot_max', 'integer')
      .addColumn('units_total', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('units_available', 'integer', (c) => c.notNull().defaultTo(0))
      // Set when every unit has left the feed: the project is kept, not shown.
      .addColumn('withdrawn_at', 'text')
      .addColumn('listed_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull()) // newest feed `date` of its units
      .addUniqueConstraint('projects_source_ref', ['source', 'ref'])
      .execute();
    // Searches filter listed projects by place and ranges and sort by price or date.
    await db.schema.createIndex('projects_listed_price').on('projects').columns(['withdrawn_at', 'price_min']).execute();
    await db.schema.createIndex('projects_listed_updated').on('projects').columns(['withdrawn_at', 'updated_at']).execute();
    await db.schema.createIndex('projects_region').on('projects').columns(['region_id', 'price_min']).execute();
    await db.schema.createIndex('projects_town').on('projects').columns(['town_id', 'price_min']).execute();
    await db.schema.createIndex('projects_country').on('projects').columns(['country_id', 'price_min']).execute();

    await db.schema
      .createTable('project_categories')
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id'))
      .addPrimaryKeyConstraint('project_categories_pk', ['project_id', 'category_id'])
      .execute();
    await db.schema.createIndex('project_categories_category').on('project_categories').columns(['category_id', 'project_id']).execute();

    await db.schema
      .createTable('units')
      .addColumn('id', 'integer', id)
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('feed_id', 'text', (c) => c.notNull()) // Kyero <id>: the stable key
      .addColumn('ref', 'text')
      .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id'))
      .addColumn('bedrooms', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('bathrooms', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('built_area', 'integer')
      .addColumn('plot_area', 'integer')
      .addColumn('terrace_area', 'integer')
      .addColumn('solarium_area', 'integer')
      .addColumn('garden_area', 'integer')
      .addColumn('floor', 'text')
      .addColumn('price', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull()) // available | reserved | sold
      .addColumn('pool', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('feed_date', 'text', (c) => c.notNull()) // Kyero <date>: unchanged means skip
      .addColumn('withdrawn_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('units_source_feed_id', ['source', 'feed_id'])
      .execute();
    await db.schema.createIndex('units_project').on('units').columns(['project_id', 'status']).execute();

    await db.schema
      .createTable('images')
      .addColumn('id', 'integer', id)
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('unit_id', 'integer', (c) => c.references('units.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('caption', 'text')
      .addColumn('floorplan', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('images_project').on('images').columns(['project_id', 'position']).execute();

    await db.schema
      .createTable('project_files')
      .addColumn('id', 'integer', id)
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull()) // price_list | floor_plan | brochure
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('registered_only', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('project_files_project').on('project_files').column('project_id').execute();

    // A partner limited to some regions or projects sees only those (none: all).
    await db.schema
      .createTable('partner_scopes')
      .addColumn('partner_id', 'integer', (c) => c.notNull().references('partners.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull()) // region | project
      .addColumn('target_id', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('partner_scopes_pk', ['partner_id', 'kind', 'target_id'])
      .execute();

    // Bumped by every import, so caches of derived data (the place tree with
    // counts) know when to refresh, across processes.
    await db.schema
      .createTable('catalogue_meta')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute();
    await sql`insert into catalogue_meta (key, value) values ('version', '0')`.execute(db);
  },
  async down(db: Kysely<any>) {
    for (const table of [
      'catalogue_meta',
      'partner_scopes',
      'project_files',
      'images',
      'units',
      'project_categories',
      'projects',
      'categories',
      'geo_places',
    ])
      await db.schema.dropTable(table).execute();
  },
};
