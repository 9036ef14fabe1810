// The app over a store holding the fixture catalogue (200 projects, seeded),
// for the catalogue's API tests. No demo data: the tests own every row.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { testApp } from '../../helpers/app.ts';
import { buildCatalogue, type Fixture } from '../../helpers/catalogue.ts';
import type { TapTest } from '../../helpers/db.ts';
import type { Store } from '../../../src/server/store/db.ts';

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
