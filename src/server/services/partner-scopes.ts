// A partner's scope (partner_scopes): the regions and projects its site
// shows; none, all listings. What a change accepts, the change, and the
// scope as the partner CLI shows it.
import type { Kysely } from 'kysely';
import { array, coerce, integer, min, object, optional, pattern, size, string, type Struct } from 'superstruct';
import type { Database } from '../store/schema.ts';
import type { PublicPartner } from '../../shared/partner.ts';
import type { AnyStruct } from '../../shared/any-struct.ts';
import { checkInput, InputError, NotFoundError } from '../store/errors.ts';

/** A place path such as spain/alicante (lowercased; slashes at either end dropped). */
const PlacePath = coerce(pattern(size(string(), 1, 200), /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/), string(), (s) =>
  s
    .trim()
    .toLowerCase()
    .replace(/^\/+|\/+$/g, ''),
);
/** A project id; digits given as text (a CLI flag) count. */
const ProjectId = coerce(min(integer(), 1), pattern(string(), /^\s*\d+\s*$/), (s) => Number(s));
const asList = <T, S>(struct: Struct<T, S>) => optional(coerce(array(struct), struct as AnyStruct, (v) => [v]));

/** The regions (paths) and projects (ids) to add to or remove from a scope. */
export const ScopeChange = object({ region: asList(PlacePath), project: asList(ProjectId) });
export type ScopeChange = { region?: string | string[]; project?: number | string | Array<number | string> };

const scopeExpectations: Record<keyof ScopeChange, string> = {
  region: 'a region path such as spain/alicante',
  project: 'a project id such as 12',
};

export interface PartnerScope {
  partner: PublicPartner;
  /** Both empty: the partner shows all listings. */
  regions: Array<{ id: number; path: string; name: string }>;
  projects: Array<{ id: number; name: string }>;
}

export interface ScopeResult {
  /** How many scope entries were added or removed (ones already there, or not there, do not count). */
  changed: number;
  scope: PartnerScope;
}

async function countScope(db: Kysely<Database>, partnerId: number): Promise<number> {
  const { n } = await db
    .selectFrom('partner_scopes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('partner_id', '=', partnerId)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** The partner's scope: its regions by path and its projects. */
export async function readScope(db: Kysely<Database>, partner: PublicPartner): Promise<PartnerScope> {
  const regions = await db
    .selectFrom('partner_scopes as s')
    .innerJoin('geo_places as g', 'g.id', 's.target_id')
    .select(['g.id', 'g.path', 'g.name'])
    .where('s.partner_id', '=', partner.id)
    .where('s.kind', '=', 'region')
    .orderBy('g.path')
    .execute();
  const projects = await db
    .selectFrom('partner_scopes as s')
    .innerJoin('projects as p', 'p.id', 's.target_id')
    .select(['p.id', 'p.name'])
    .where('s.partner_id', '=', partner.id)
    .where('s.kind', '=', 'project')
    .orderBy('p.id')
    .execute();
  return { partner, regions, projects };
}

/** Adds or removes regions (by path) and projects (by id); ones already there (or not there) are left as they are. */
export async function changeScope(
  db: Kysely<Database>,
  partner: PublicPartner,
  input: ScopeChange,
  action: 'add' | 'remove',
): Promise<ScopeResult> {
  const value = checkInput(input, ScopeChange, scopeExpectations);
  const paths = [...new Set(value.region ?? [])];
  const projectIds = [...new Set(value.project ?? [])];
  if (!paths.length && !projectIds.length) throw new InputError('input', 'has nothing to change: give at least one region or project');

  const places = paths.length ? await db.selectFrom('geo_places').select(['id', 'kind', 'path']).where('path', 'in', paths).execute() : [];
  for (const path of paths) {
    const place = places.find((p) => p.path === path);
    if (!place) throw new NotFoundError('region', `"${path}" is not a region (a path such as spain/alicante)`);
    if (place.kind !== 'region') throw new InputError('region', `"${path}" is a ${place.kind}, not a region`);
  }
  const projects = projectIds.length ? await db.selectFrom('projects').select('id').where('id', 'in', projectIds).execute() : [];
  const missing = projectIds.find((id) => !projects.some((p) => p.id === id));
  if (missing !== undefined) throw new NotFoundError('project', `${missing} is not a project`);

  const rows = [
    ...places.map((p) => ({ partner_id: partner.id, kind: 'region' as const, target_id: p.id })),
    ...projectIds.map((id) => ({ partner_id: partner.id, kind: 'project' as const, target_id: id })),
  ];
  const changed = await db.transaction().execute(async (trx) => {
    const before = await countScope(trx, partner.id);
    if (action === 'add')
      await trx
        .insertInto('partner_scopes')
        .values(rows)
        .onConflict((oc) => oc.doNothing())
        .execute();
    else
      for (const kind of ['region', 'project'] as const) {
        const ids = rows.filter((r) => r.kind === kind).map((r) => r.target_id);
        if (ids.length)
          await trx
            .deleteFrom('partner_scopes')
            .where('partner_id', '=', partner.id)
            .where('kind', '=', kind)
            .where('target_id', 'in', ids)
            .execute();
      }
    return Math.abs((await countScope(trx, partner.id)) - before);
  });
  return { changed, scope: await readScope(db, partner) };
}

/** Removes the whole scope; resolves with how many entries went. */
export async function clearScope(db: Kysely<Database>, partner: PublicPartner): Promise<ScopeResult> {
  const result = await db.deleteFrom('partner_scopes').where('partner_id', '=', partner.id).executeTakeFirst();
  return { changed: Number(result.numDeletedRows), scope: await readScope(db, partner) };
}
