// Runs one of the project's command-line tools as a real process, the way
// `npm run <name>` does (`node --import tsx`, without npm's start-up), and
// hands back its exit code and output.
import fs from 'node:fs';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TapTest } from './db.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
  /** With `measureRss`: the process's peak resident set (VmHWM of /proc/<pid>/status), in KiB, as last read before it exited. */
  peakRssKiB?: number;
}

export interface CliOptions {
  /** Node's own flags, before `--import tsx` (e.g. importHeapFlags()). */
  nodeFlags?: string[];
  /** Read the process's peak RSS every 20 ms while it runs. */
  measureRss?: boolean;
}

/** The V8 heap flags `npm run import` runs with (package.json is the one place they are written). */
export function importHeapFlags(): string[] {
  const script = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts
    .import;
  return (script ?? '').split(/\s+/).filter((word) => /^--max-(semi|old)-space-size=\d+$/.test(word));
}

/**
 * `src/server/cli/<name>.ts ...args` in the test environment plus `env`; never rejects.
 * The limit is a safety net for a hung process, not a speed test: a busy machine may take
 * many seconds to start one, so it is generous, and a run stopped by it says so on stderr.
 */
export function runCli(
  name: string,
  args: string[],
  env: Record<string, string>,
  timeout = 240_000,
  options: CliOptions = {},
): Promise<CliRun> {
  return new Promise((resolve) => {
    let peakRssKiB: number | undefined;
    const child = execFile(
      process.execPath,
      [...(options.nodeFlags ?? []), '--import', 'tsx', path.join(ROOT, 'src/server/cli', `${name}.ts`), ...args],
      { cwd: ROOT, env: { ...process.env, NODE_ENV: 'test', ...env }, timeout, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error?.killed) {
          stderr += `\n[test helper] ${name} ${args.join(' ')} was stopped after ${timeout} ms (${error.signal ?? 'killed'})\n`;
        }
        if (poll) clearInterval(poll);
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr, peakRssKiB });
      },
    );
    const poll =
      options.measureRss &&
      setInterval(() => {
        try {
          const hwm = /^VmHWM:\s+(\d+) kB$/m.exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'));
          if (hwm) peakRssKiB = Number(hwm[1]);
        } catch {
          // Gone between two reads: the last figure stands.
        }
      }, 20);
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

/** `npm run import -- …args` on the store the target's `env` names, plus `env`. */
export function importCli(
  target: { env: Record<string, string> },
  args: string[],
  env: Record<string, string> = {},
  options: CliOptions = {},
): Promise<CliRun> {
  return runCli('import', args, { ...target.env, ...env }, 120_000, options);
}

/** Nothing changed: exit 1, nothing on stdout, one line on stderr that matches `message`. */
export function failedInOneLine(t: TapTest, run: CliRun, message: RegExp, name = 'the run'): void {
  t.equal(run.code, 1, `${name}: exit 1 (${run.stderr.trim().slice(0, 300)})`);
  t.equal(run.stdout, '', `${name}: nothing on stdout`);
  t.equal(run.stderr.trimEnd().split('\n').length, 1, `${name}: one line on stderr`);
  t.match(run.stderr.trimEnd(), message, name);
}
