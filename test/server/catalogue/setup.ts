// The app over a store holding the fixture catalogue (200 projects, seeded),
// for the catalogue's API tests. No demo data: the tests own every row.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { testApp } from '../../helpers/app.ts';
import { buildCatalogue, type Fixture } from '../../helpers/catalogue.ts';
import type { TapTest } from '../../helpers/db.ts';
import type { Store } from '../../../src/server/store/db.ts';
import { sql } from 'kysely';
import { featureMask, type Feature } from '../../../src/shared/features.ts';
import { NEW_BUILD_STAGES } from '../../../src/shared/catalogue-terms.ts';
import { PRICE_M2 } from '../../../src/server/store/price-per-m2.ts';

export const SEED = 20261121;
export const PROJECTS = 200;

export async function catalogueApp(t: TapTest, store: Store): Promise<{ app: FastifyInstance; fixture: Fixture }> {
  const fixture = await buildCatalogue(store.db, { projects: PROJECTS, seed: SEED });
  const app = await testApp(t, { store, env: { SEED_DEMO: 'false' } });
  return { app, fixture };
}

export function post(
  app: FastifyInstance,
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url, payload: payload as object, headers });
}

/** Issue 22's features, by a project's id: each true of some projects and not of others. */
export function featuresFor(id: number): Feature[] {
  const pattern: Array<[number, Feature]> = [
    [2, 'pool'],
    [6, 'private-pool'],
    [3, 'sea-view'],
    [5, 'lift'],
  ];
  return pattern.filter(([n]) => id % n === 0).map(([, f]) => f);
}

/**
 * Gives the fixture's projects issue 22's columns by their id: features
 * (featuresFor), a stage, a delivery month in this year or the next three (none
 * for the key-ready ones), and their price per m² from their units.
 */
export async function giveFilterColumns(store: Store, fixture: Fixture): Promise<void> {
  const year = new Date().getUTCFullYear();
  for (const p of fixture.projects)
    await store.db
      .updateTable('projects')
      .set({
        features: featureMask(featuresFor(p.id)),
        stage: NEW_BUILD_STAGES[p.id % 3]!,
        delivery_date: p.id % 3 === 2 ? null : `${year + (p.id % 4)}-${String(1 + (p.id % 12)).padStart(2, '0')}`,
        // From the beach front to inland, and one in five unknown (issue 23's "beach within").
        beach_km: p.id % 5 === 4 ? null : [0.3, 1.5, 4, 12][p.id % 5]!,
      })
      .where('id', '=', p.id)
      .execute();
  await sql`update projects set price_m2_min = (select ${PRICE_M2} from units u where u.project_id = projects.id)`.execute(store.db);
}
