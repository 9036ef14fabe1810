// Each development's straight-line distances to the coast and to the nearest
// airport (issue 23, src/server/geo/distances.ts): computed at import from its
// position and stored, never per request. Developments imported before get
// theirs here, from the position they hold.
import type { Kysely, Migration } from 'kysely';
import { distancesOf } from '../../geo/distances.ts';
import { placedProjects } from './placed-projects.ts';

export const projectDistancesMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('projects').addColumn('beach_km', 'real').execute();
    await db.schema.alterTable('projects').addColumn('airport', 'text').execute();
    await db.schema.alterTable('projects').addColumn('airport_km', 'integer').execute();
    const placed = await placedProjects(db);
    for (const p of placed) await db.updateTable('projects').set(distancesOf(p.lat, p.lng)).where('id', '=', p.id).execute();
  },
  async down(db: Kysely<any>) {
    for (const column of ['airport_km', 'airport', 'beach_km']) await db.schema.alterTable('projects').dropColumn(column).execute();
  },
};
