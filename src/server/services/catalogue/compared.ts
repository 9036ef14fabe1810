// The developments of a comparison (/api/compare, issue 22): their cards, in
// the order asked, with the features their feeds state.
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import type { ComparedProject } from '../../../shared/compare.ts';
import { featuresOf } from '../../../shared/features.ts';
import { listedCards } from './cards.ts';
import type { Scope } from './scope.ts';

export async function comparedProjects(db: Kysely<Database>, ids: number[], scope: Scope): Promise<ComparedProject[]> {
  const cards = await listedCards(db, ids, scope);
  if (!cards.length) return [];
  const rows = await db
    .selectFrom('projects')
    .select(['id', 'features'])
    .where(
      'id',
      'in',
      cards.map((c) => c.id),
    )
    .execute();
  const features = new Map(rows.map((r) => [r.id, featuresOf(Number(r.features))]));
  return cards.map((card) => ({ ...card, features: features.get(card.id) ?? [] }));
}
