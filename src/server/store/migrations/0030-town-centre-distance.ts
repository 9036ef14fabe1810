// Each development's straight-line distance to its town's centre (issue 23,
// src/server/geo/town-centres.ts), computed at import and stored; developments
// imported before get theirs here, from their position and their town's name.
import type { Kysely, Migration } from 'kysely';
import { townCentreKm } from '../../geo/town-centres.ts';

export const townCentreDistanceMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('projects').addColumn('centre_km', 'real').execute();
    const placed: Array<{ id: number; lat: number; lng: number; town: string }> = await db
      .selectFrom('projects as p')
      .innerJoin('geo_places as g', 'g.id', 'p.town_id')
      .select(['p.id', 'p.lat', 'p.lng', 'g.name as town'])
      .where('p.lat', 'is not', null)
      .execute();
    for (const p of placed) {
      const km = townCentreKm(p.town, Number(p.lat), Number(p.lng));
      if (km !== null) await db.updateTable('projects').set({ centre_km: km }).where('id', '=', p.id).execute();
    }
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('projects').dropColumn('centre_km').execute();
  },
};
