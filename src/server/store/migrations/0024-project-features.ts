// What buyers filter new builds by (issue 22): each project's features in the
// site's vocabulary as a bit set (src/shared/features.ts; the import writes
// it from its lead unit's <features>, and any unit's pool or outdoor areas),
// and the lowest price per m² of its available units. Projects imported
// before get both from what they hold.
import { sql, type Kysely, type Migration } from 'kysely';
import { propertyFeatures } from '../../../shared/feature-words.ts';
import { PRICE_M2 } from '../price-per-m2.ts';

export const projectFeaturesMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('projects')
      .addColumn('features', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('projects').addColumn('price_m2_min', 'integer').execute();
    const rows: Array<{
      id: number;
      amenities: string;
      pool: number;
      garden: number | null;
      terrace: number | null;
      solarium: number | null;
    }> = await sql`select p.id, p.amenities, max(u.pool) as pool, max(u.garden_area) as garden, max(u.terrace_area) as terrace,
          max(u.solarium_area) as solarium
        from projects p left join units u on u.project_id = p.id and u.withdrawn_at is null
        group by p.id, p.amenities`
      .execute(db)
      .then((r) => r.rows as never);
    for (const row of rows) {
      const features = propertyFeatures({ ...row, features: amenities(row.amenities), pool: Number(row.pool) === 1 });
      if (features) await db.updateTable('projects').set({ features }).where('id', '=', row.id).execute();
    }
    await sql`update projects set price_m2_min = (select ${PRICE_M2} from units u where u.project_id = projects.id)`.execute(db);
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('projects').dropColumn('price_m2_min').execute();
    await db.schema.alterTable('projects').dropColumn('features').execute();
  },
};

function amenities(json: string): string[] {
  try {
    const list: unknown = JSON.parse(json);
    return Array.isArray(list) ? list.filter((s): s is string => typeof s === 'string') : [];
  } catch {
    return [];
  }
}
