// Whether a development's position is only approximate (issue 23): given
// with fewer than three decimals, or shared exactly with another listed
// development (a town's or an area's point, not a home's). The property page
// says its distances are from an approximate position. Developments imported
// before are marked here from what they hold.
import { sql, type Kysely, type Migration } from 'kysely';
import { coarsePosition } from '../../geo/distances.ts';
import { placedProjects } from './placed-projects.ts';

export const positionApproxMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('projects')
      .addColumn('position_approx', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    const placed = await placedProjects(db);
    const coarse = placed.filter((p) => coarsePosition(p.lat, p.lng)).map((p) => p.id);
    for (let i = 0; i < coarse.length; i += 500)
      await db
        .updateTable('projects')
        .set({ position_approx: 1 })
        .where('id', 'in', coarse.slice(i, i + 500))
        .execute();
    await sql`update projects set position_approx = 1 where lat is not null and exists (select 1 from projects q
      where q.lat = projects.lat and q.lng = projects.lng and q.id <> projects.id and q.withdrawn_at is null)`.execute(db);
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('projects').dropColumn('position_approx').execute();
  },
};
