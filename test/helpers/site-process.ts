// The site as `npm start` runs it, as a real process: the one place that says
// how (the server's entry moves here when it changes), started on a free
// loopback port and stopped when the test ends.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startProcess, type Started } from './processes.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** What `npm start` runs, without npm's own start-up. */
export const SITE_COMMAND = { command: process.execPath, args: ['--import', 'tsx', 'src/server/main.ts'], cwd: ROOT };

/** A booting server may migrate, seed the demo and build its caches on a busy machine: minutes, not seconds. */
const BOOT_LIMIT_MS = 180_000;

export interface SiteProcess {
  process: Started;
  port: number;
}

/** Starts the site with `env` (on top of the test's), listening on 127.0.0.1 and a port of its choosing. */
export async function startSite(t: { teardown(fn: () => unknown): void }, name: string, env: Record<string, string>): Promise<SiteProcess> {
  const started = startProcess(t, name, SITE_COMMAND.command, SITE_COMMAND.args, {
    cwd: SITE_COMMAND.cwd,
    env: { HOST: '127.0.0.1', PORT: '0', ...env },
  });
  const [, port] = await started.waitForOutput(/listening at http:\/\/127\.0\.0\.1:(\d+)/, BOOT_LIMIT_MS);
  return { process: started, port: Number(port) };
}
