// A partner's scope (partner_scopes): the regions and the projects its site
// shows. A partner without rows, and the main site, see the whole catalogue.
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../store/schema.ts';

/** null: everything. Otherwise the union of the regions and the projects. */
export type Scope = null | { regions: number[]; projects: number[] };

export async function loadScope(db: Kysely<Database>, partnerId: number | null | undefined): Promise<Scope> {
  if (!partnerId) return null;
  const rows = await db.selectFrom('partner_scopes').select(['kind', 'target_id']).where('partner_id', '=', partnerId).execute();
  if (!rows.length) return null;
  const regions = rows
    .filter((r) => r.kind === 'region')
    .map((r) => r.target_id)
    .sort((a, b) => a - b);
  const projects = rows
    .filter((r) => r.kind === 'project')
    .map((r) => r.target_id)
    .sort((a, b) => a - b);
  return { regions, projects };
}

/** A key that is equal for two scopes exactly when they show the same projects (for caches). */
export function scopeKey(scope: Scope): string {
  return scope ? `r${scope.regions.join(',')};p${scope.projects.join(',')}` : 'all';
}

/** Whether `scope` shows the project (the rule of inScope, for a project already read). */
export function scopeShows(scope: Scope, project: { id: number; regionId: number }): boolean {
  return !scope || scope.projects.includes(project.id) || scope.regions.includes(project.regionId);
}

/**
 * The condition "project `alias` is in the scope", or null for no condition.
 * The ids are integers from the store, inlined as literals: a partner with
 * thousands of projects never meets a limit on bound parameters.
 */
export function inScope(scope: Scope, alias = 'p'): Expression<SqlBool> | null {
  if (!scope) return null;
  const parts = [];
  if (scope.regions.length)
    parts.push(sql`${sql.ref(`${alias}.region_id`)} in (${sql.join(scope.regions.map((id) => sql.lit(Math.trunc(id))))})`);
  if (scope.projects.length)
    parts.push(sql`${sql.ref(`${alias}.id`)} in (${sql.join(scope.projects.map((id) => sql.lit(Math.trunc(id))))})`);
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}
