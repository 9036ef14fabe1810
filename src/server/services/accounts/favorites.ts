// A client's favorites: projects, kept as (client, project) pairs. Ids of
// projects that do not exist are skipped when merged (a browser's list may be
// old) and refused when added one at a time.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import type { ProjectCard } from '../../../shared/catalogue.ts';
import { inScope, type Scope } from '../catalogue/scope.ts';
import { loadCards } from '../catalogue/cards.ts';

/** The client's favorite project ids, oldest first. */
export async function favoriteIds(db: Kysely<Database>, clientId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('favorites')
    .select('project_id')
    .where('client_id', '=', clientId)
    .orderBy('created_at')
    .orderBy('project_id')
    .execute();
  return rows.map((r) => r.project_id);
}

/** Adds the ids that name a project and are not favorites yet. */
export async function mergeFavorites(db: Kysely<Database>, clientId: number, ids: number[], now: Date): Promise<void> {
  const unique = [...new Set(ids)];
  if (!unique.length) return;
  await db
    .insertInto('favorites')
    .columns(['client_id', 'project_id', 'created_at'])
    .expression(
      db
        .selectFrom('projects')
        .select([sql<number>`${clientId}`.as('client_id'), 'id as project_id', sql<string>`${now.toISOString()}`.as('created_at')])
        .where('id', 'in', unique),
    )
    .onConflict((oc) => oc.columns(['client_id', 'project_id']).doNothing())
    .execute();
}

/** Whether `id` is a project a client may add now: in the feed (not withdrawn). */
export async function listedProject(db: Kysely<Database>, id: number): Promise<boolean> {
  return Boolean(await db.selectFrom('projects').select('id').where('id', '=', id).where('withdrawn_at', 'is', null).executeTakeFirst());
}

export async function removeFavorite(db: Kysely<Database>, clientId: number, projectId: number): Promise<void> {
  await db.deleteFrom('favorites').where('client_id', '=', clientId).where('project_id', '=', projectId).execute();
}

/** The client's favorites as result cards, newest first: in the feed and in the site's scope only. */
export async function favoriteCards(db: Kysely<Database>, clientId: number, scope: Scope): Promise<ProjectCard[]> {
  const scoped = inScope(scope);
  const rows = await db
    .selectFrom('favorites as f')
    .innerJoin('projects as p', 'p.id', 'f.project_id')
    .select('p.id')
    .where('f.client_id', '=', clientId)
    .where('p.withdrawn_at', 'is', null)
    .$if(scoped !== null, (qb) => qb.where(scoped!))
    .orderBy('f.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .execute();
  return loadCards(
    db,
    rows.map((r) => r.id),
  );
}
