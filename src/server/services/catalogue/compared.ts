// The developments of a comparison (/api/compare, issue 22): their cards, in
// the order asked, with the features their feeds state and their distances.
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import type { ComparedProject } from '../../../shared/compare.ts';
import { featuresOf } from '../../../shared/features.ts';
import { listedCards } from './cards.ts';
import type { Scope } from './scope.ts';
import { distancesAnswer } from './distances.ts';

export async function comparedProjects(db: Kysely<Database>, ids: number[], scope: Scope): Promise<ComparedProject[]> {
  const cards = await listedCards(db, ids, scope);
  if (!cards.length) return [];
  const rows = await db
    .selectFrom('projects')
    .select(['id', 'features', 'beach_km', 'airport', 'airport_km', 'centre_km', 'position_approx'])
    .where(
      'id',
      'in',
      cards.map((c) => c.id),
    )
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return cards.map((card) => {
    const row = byId.get(card.id);
    return {
      ...card,
      features: row ? featuresOf(Number(row.features)) : [],
      distances: distancesAnswer(row ?? { beach_km: null, airport: null, airport_km: null, centre_km: null, position_approx: 0 }),
    };
  });
}
