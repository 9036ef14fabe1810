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

/**
 * `src/server/cli/<name>.ts ...args` in the test environment plus `env`; never rejects.
 * The limit is a safety net for a hung process, not a speed test: a busy machine may take
 * many seconds to start one, so it is generous, and a run stopped by it says so on stderr.
 */
export function runCli(name: string, args: string[], env: Record<string, string>, timeout = 240_000): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'src/server/cli', `${name}.ts`), ...args],
      { cwd: ROOT, env: { ...process.env, NODE_ENV: 'test', ...env }, timeout, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error?.killed) {
          stderr += `\n[test helper] ${name} ${args.join(' ')} was stopped after ${timeout} ms (${error.signal ?? 'killed'})\n`;
        }
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
      },
    );
  });
}

/** Runs `jobs` at most `limit` at a time, keeping their order: side by side without swamping a small machine. */
export async function inBatches<T>(jobs: Array<() => Promise<T>>, limit = 2): Promise<T[]> {
  const results: T[] = new Array(jobs.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < jobs.length) {
      const i = next++;
      results[i] = await jobs[i]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker));
  return results;
}
