// The floor plans a client is given (issue 21): a listed project's
// registered-only `floor_plan` file on another server is fetched once, as the
// proxy fetches a photo (cache.ts, the same address checks), and kept as one
// JPEG made for reading on a screen (FLOOR_PLAN_RESIZE: upright, at most
// 2400 px wide, without metadata), never as the original. It is kept under
// DATA_DIR/floor-plans, named by the file's id and address, which no public
// route serves: only /api/files/{id} reads it, after its login check.
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { FLOOR_PLAN_RESIZE } from './derive.ts';
import { resizeNames } from './files.ts';
import { atWebAddress } from './shown-pictures.ts';

export const floorPlanDir = (dataDir: string) => path.join(dataDir, 'floor-plans');

/** The name of the kept resize of the floor plan `key` (feedImageKey of the file's id and address) names. */
export const floorPlanName = resizeNames(FLOOR_PLAN_RESIZE);

/** Whether a listed project's file is one a client is given a resize of: a floor plan on another server (as clientFloorPlans). */
export function keptForClients(file: { kind: string; url: string }): boolean {
  return file.kind === 'floor_plan' && /^https?:\/\//i.test(file.url);
}

/** The floor plans a client may be given a resize of: listed projects' floor-plan files on other servers. */
export function clientFloorPlans(db: Kysely<Database>) {
  return db
    .selectFrom('project_files as f')
    .innerJoin('projects as p', 'p.id', 'f.project_id')
    .where('f.kind', '=', 'floor_plan')
    .where('p.withdrawn_at', 'is', null)
    .where(atWebAddress('f.url'));
}
