// Builds the app for a test: a fresh temporary data folder, the demo data, no
// logs. `startServer` listens on 127.0.0.1 with a free port. Both close
// themselves when the test ends.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../../src/server/config.ts';
import { pathToFileURL } from 'node:url';
import { buildApp, type AppOptions } from '../../src/server/app.ts';
import { DIST_DIR } from '../../src/server/paths.ts';
import type { SsrEntry } from '../../src/shared/ssr.ts';

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

export async function testApp(t: Teardown, options: AppOptions & { env?: Record<string, string> } = {}): Promise<FastifyInstance> {
  const { env, ...rest } = options;
  const app = await buildApp(testConfig(t, env), { logger: false, ...rest });
  t.teardown(() => app.close());
  return app;
}

export async function startServer(
  t: Teardown,
  options: AppOptions & { env?: Record<string, string> } = {},
): Promise<{ app: FastifyInstance; url: string }> {
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
