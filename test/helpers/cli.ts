// Runs one of the project's command-line tools as a real process, the way
// `npm run <name>` does (`node --import tsx`, without npm's start-up), and
// hands back its exit code and output.
import path from 'node:path';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** `src/server/cli/<name>.ts ...args` in the test environment plus `env`; never rejects. */
export function runCli(name: string, args: string[], env: Record<string, string>, timeout = 30_000): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'src/server/cli', `${name}.ts`), ...args],
      { cwd: ROOT, env: { ...process.env, NODE_ENV: 'test', ...env }, timeout },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}
