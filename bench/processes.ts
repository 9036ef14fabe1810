// The processes a load bench runs: a server pinned to core 0 and the load
// generator (bench/load.ts, its own process) pinned to core 1 when `taskset`
// exists and there are two cores, so the two do not fight over one CPU; and
// the CPU time a process has used, from /proc/<pid>/stat.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LoadOptions, LoadResult } from './load.ts';
import { splitStartWords, startWords } from '../test/helpers/start-flags.ts';

export { splitStartWords, startWords };

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 15_000;

export function hasTaskset(): boolean {
  return spawnSync('taskset', ['-V'], { stdio: 'ignore' }).status === 0;
}

export const cores = os.availableParallelism();
/** BENCH_PIN=false leaves the server and the load on all cores, as a server runs in production. */
export const pin = process.env.BENCH_PIN !== 'false' && hasTaskset() && cores >= 2;

/** The command, pinned to `core` when pinning is possible (taskset execs it: the pid stays the command's). */
export function pinned(core: number, command: string, args: string[]): [string, string[]] {
  return pin ? ['taskset', ['-c', String(core), command, ...args]] : [command, args];
}

/** One line on the machine and the pinning, for the top of a bench's output. */
export function machineLine(): string {
  const where = pin
    ? 'server pinned to core 0, load generator to core 1 (taskset)'
    : `not pinned (${process.env.BENCH_PIN === 'false' ? 'BENCH_PIN=false' : hasTaskset() ? 'only one core' : 'taskset not found'}): server and load generator share the CPUs, figures are lower and noisier`;
  return `# node ${process.version}, ${cores} cores, ${os.cpus()[0]?.model ?? 'unknown CPU'}; ${where}`;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Polls `url` until it answers 2xx, or throws when `server` exits or the time is up. */
export async function waitUntilReady(url: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode} before it was ready`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} was not ready within ${START_TIMEOUT_MS} ms`);
}

export function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => server.kill('SIGKILL'), STOP_TIMEOUT_MS);
    server.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    server.kill('SIGTERM');
  });
}

/** The load generator running now, stopped by `stopLoad` on an interrupt. */
let loadChild: ChildProcess | null = null;

export function stopLoad(): void {
  if (loadChild && loadChild.exitCode === null) loadChild.kill('SIGTERM');
}

/** One run of bench/load.ts on core 1. */
export function runLoad(options: LoadOptions): Promise<LoadResult> {
  const [command, args] = pinned(1, process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/load.ts'), JSON.stringify(options)]);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    loadChild = child;
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (loadChild === child) loadChild = null;
      if (code !== 0) return reject(new Error(`the load generator exited with code ${code}`));
      try {
        resolve(JSON.parse(out.trim().split('\n').pop() ?? '') as LoadResult);
      } catch {
        reject(new Error(`the load generator printed no result: ${out}`));
      }
    });
  });
}

let ticksPerSecond: number | undefined;

/** User + system CPU seconds of process `pid`, every thread of it (fields 14 and 15 of /proc/<pid>/stat). */
export function cpuSeconds(pid: number): number {
  ticksPerSecond ??= Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
}

/** Memory figures of process `pid` in MB, by their names in /proc/<pid>/status (VmRSS, VmHWM, RssAnon, …). */
export function memoryMb<F extends string>(pid: number, fields: readonly F[]): Record<F, number> {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kB = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return Object.fromEntries(fields.map((field) => [field, kB(field) / 1024])) as Record<F, number>;
}

/**
 * BENCH_NODE_FLAGS: the sets of node flags to compare the server with, `;` between sets, an empty set
 * being none (`;--max-semi-space-size=4` compares V8's defaults with 4 MB semi-spaces); a `NAME=value`
 * word sets the server's environment (`MALLOC_ARENA_MAX=2 --max-semi-space-size=4`). npm start's
 * environment and flags when unset.
 */
export function serverFlagSets(value = process.env.BENCH_NODE_FLAGS): string[][] {
  if (value === undefined) return [startWords()];
  return value.split(';').map((set) => set.split(/\s+/).filter(Boolean));
}

/**
 * How a bench starts the compiled server in `distDir` with `words` (startWords(), or a set of
 * BENCH_NODE_FLAGS): node's arguments, and the environment (`env` on top, a production server on
 * loopback).
 */
export function siteCommand(words: string[], distDir: string, env: Record<string, string>): { args: string[]; env: NodeJS.ProcessEnv } {
  const start = splitStartWords(words);
  return {
    args: [...start.flags, path.join(distDir, 'server/main.js')],
    // No photo job behind a measurement (690 demo drawings, minutes of CPU), unless the bench is run with PREPARE_PHOTOS.
    env: { PREPARE_PHOTOS: 'false', ...process.env, ...start.env, HOST: '127.0.0.1', NODE_ENV: 'production', ...env },
  };
}

/** A flag set's name in a bench's table. */
export const flagsName = (flags: string[]): string => flags.join(' ') || 'V8 defaults';
