// Builds the app for a test: a fresh temporary data folder, the demo data, no
// logs. `startServer` listens on 127.0.0.1 with a free port. Both close
// themselves when the test ends.
//
// The demo store is a copy of one seeded once (store-templates.ts), so the app
// finds the demo there and does not import it again; `emptyStore: true` gives
// it an empty folder instead, for a test of the seeding on start itself.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../../src/server/config.ts';
import { pathToFileURL } from 'node:url';
import { buildApp, type AppOptions } from '../../src/server/app.ts';
import { DIST_DIR } from '../../src/server/paths.ts';
import { SQLITE_FILE } from '../../src/server/store/db.ts';
import type { SsrEntry } from '../../src/shared/ssr.ts';
import { copySqliteTemplate } from './store-templates.ts';

interface Teardown {
  teardown(fn: () => unknown): void;
}

export function tempDir(t: Teardown, prefix = 'site-test-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export function testConfig(t: Teardown, env: Record<string, string> = {}): Config {
  return loadConfig({ DATA_DIR: tempDir(t), LOG_LEVEL: 'silent', NODE_ENV: 'test', ...env });
}

export interface TestAppOptions extends AppOptions {
  env?: Record<string, string>;
  emptyStore?: boolean;
}

export async function testApp(t: Teardown, options: TestAppOptions = {}): Promise<FastifyInstance> {
  const { env, emptyStore, ...rest } = options;
  const config = testConfig(t, env);
  const newSqliteStore = !rest.store && !config.DATABASE_URL && !fs.existsSync(path.join(config.DATA_DIR, SQLITE_FILE));
  if (config.SEED_DEMO && newSqliteStore && !emptyStore) await copySqliteTemplate('demo', config.DATA_DIR);
  const app = await buildApp(config, { logger: false, ...rest });
  t.teardown(() => app.close());
  return app;
}

export async function startServer(t: Teardown, options: TestAppOptions = {}): Promise<{ app: FastifyInstance; url: string }> {
  const app = await testApp(t, options);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return { app, url: `http://127.0.0.1:${address.port}` };
}

/** The built server entry, to wrap in tests of the renderer's failure paths. */
export async function builtSsr(): Promise<SsrEntry> {
  return (await import(pathToFileURL(path.join(DIST_DIR, 'server', 'ssr.js')).href)) as SsrEntry;
}
