// The site as `npm start` runs it (`node <flags> dist/server/main.js`, built by
// the test command before the tests), as a real process: the one place that
// says how, started on a free loopback port and stopped when the test ends.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startProcess, type Started } from './processes.ts';
import { SITE_ENTRY, startEnv, startFlags } from './start-flags.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** What `npm start` runs, without npm's own start-up: `env` on top of the caller's. */
export const SITE_COMMAND = { command: process.execPath, args: [...startFlags(), SITE_ENTRY], env: startEnv(), cwd: ROOT };

/** A booting server may migrate, seed the demo and build its caches on a busy machine: minutes, not seconds. */
export const BOOT_LIMIT_MS = 180_000;

export interface SiteProcess {
  process: Started;
  port: number;
}

export interface SiteOptions {
  /** The folder to run in (one laid out like the image's, say); the checkout by default. */
  cwd?: string;
  /** Node options before the entry, e.g. `--import` of a test hook. */
  nodeArgs?: string[];
}

/** Starts the site with `env` (on top of the test's), listening on 127.0.0.1 and a port of its choosing. */
export async function startSite(
  t: { teardown(fn: () => unknown): void },
  name: string,
  env: Record<string, string>,
  options: SiteOptions = {},
): Promise<SiteProcess> {
  const started = startProcess(t, name, SITE_COMMAND.command, [...(options.nodeArgs ?? []), ...SITE_COMMAND.args], {
    cwd: options.cwd ?? SITE_COMMAND.cwd,
    // No photo job unless the caller asks for one: on the demo store it would
    // derive its 690 drawings (minutes of CPU) behind every test server.
    env: { PREPARE_PHOTOS: 'false', ...SITE_COMMAND.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
  });
  const [, port] = await started.waitForOutput(/listening at http:\/\/127\.0\.0\.1:(\d+)/, BOOT_LIMIT_MS);
  return { process: started, port: Number(port) };
}
