// Shared by the account tests: an app on a given store with a small catalogue,
// a cheap password hash (SCRYPT_LOG_N=10, allowed only with NODE_ENV=test),
// mails kept in memory, and helpers to register, log in and read cookies.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Store } from '../../../src/server/store/db.ts';
import { testApp, type TestAppOptions } from '../../helpers/app.ts';
import { buildCatalogue, type Fixture } from '../../helpers/catalogue.ts';
import type { TapTest } from '../../helpers/db.ts';
import { MemoryTransport } from '../leads/helpers.ts';
import { manualClock } from '../../helpers/clock.ts';

export const PASSWORD = 'correct horse battery staple';
export const TEST_ENV = { SEED_DEMO: 'false', SCRYPT_LOG_N: '10' };

export interface AccountsApp {
  app: FastifyInstance;
  transport: MemoryTransport;
  fixture: Fixture;
}

/** The app on `store` (seeded with the demo partners by forEachStore) and 20 projects. */
export async function accountsApp(
  t: TapTest,
  store: Store,
  env: Record<string, string> = {},
  options: Pick<TestAppOptions, 'accountClock' | 'logger' | 'logStream' | 'feedImages'> = {},
): Promise<AccountsApp> {
  const fixture = await buildCatalogue(store.db, { projects: 20, seed: 5 });
  const transport = new MemoryTransport();
  const app = await testApp(t, { store, mailTransport: transport, env: { ...TEST_ENV, ...env }, ...options });
  return { app, transport, fixture };
}

type Headers = Record<string, string>;

export function post(
  app: FastifyInstance,
  url: string,
  payload: unknown,
  headers: Headers = {},
  remoteAddress?: string,
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url, payload: payload as object, headers, ...(remoteAddress ? { remoteAddress } : {}) });
}

export function registerBody(email: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { email, password: PASSWORD, password_repeat: PASSWORD, terms: true, ...extra };
}

export const bearer = (token: string): Headers => ({ authorization: `Bearer ${token}` });
export const withCookie = (token: string): Headers => ({ cookie: `sid=${token}` });

/** The Set-Cookie header for the session cookie, as sent. */
export function sessionCookie(res: LightMyRequestResponse): string | undefined {
  const header = res.headers['set-cookie'];
  const all = Array.isArray(header) ? header : header ? [header] : [];
  return all.find((c) => c.startsWith('sid='));
}

/** Registers and returns the token (the test fails loudly otherwise). */
export async function registered(
  app: FastifyInstance,
  email: string,
  extra: Record<string, unknown> = {},
  headers: Headers = {},
): Promise<string> {
  const res = await post(app, '/api/client-register', registerBody(email, extra), headers);
  if (res.statusCode !== 201) throw new Error(`register ${email}: ${res.statusCode} ${res.body}`);
  return res.json().meta.token as string;
}

export const listed = (fixture: Fixture) => fixture.projects.filter((p) => !p.withdrawn);

/** The value of a cookie the answer sets, or undefined. */
export function cookieValue(res: LightMyRequestResponse, name: string): string | undefined {
  return res.cookies.find((c) => c.name === name)?.value;
}

/** The accounts tests' clock (test/helpers/clock.ts), from a fixed moment. */
export const testClock = () => manualClock(new Date('2030-03-01T10:00:00Z'));
