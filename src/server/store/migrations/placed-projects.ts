// The developments that have a position, for migrations that derive something from it (0027, 0029).
import type { Kysely } from 'kysely';

export interface PlacedProject {
  id: number;
  lat: number;
  lng: number;
}

export async function placedProjects(db: Kysely<any>): Promise<PlacedProject[]> {
  const rows: PlacedProject[] = await db
    .selectFrom('projects')
    .select(['id', 'lat', 'lng'])
    .where('lat', 'is not', null)
    .where('lng', 'is not', null)
    .execute();
  return rows.map((r) => ({ id: Number(r.id), lat: Number(r.lat), lng: Number(r.lng) }));
}
