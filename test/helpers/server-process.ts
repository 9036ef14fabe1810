// Starts the server as a real process (from source under tsx, or compiled) and
// waits until it logs the port it listens on. The process is killed when the
// test ends if it is still running.
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';

interface Teardown {
  teardown(fn: () => unknown): void;
}

export interface ServerProcess {
  child: ChildProcessByStdio<null, Readable, Readable>;
  port: number;
  /** Everything it has written so far, stdout then stderr. */
  output(): string;
}

/**
 * `node ...args` with `env` on top of this process's, listening on a free port of 127.0.0.1.
 * Rejects with its output when it exits before listening.
 */
export function startServerProcess(t: Teardown, args: string[], env: Record<string, string>, options: { cwd?: string } = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, args, {
    cwd: options.cwd,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  t.teardown(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  let stdout = '';
  let stderr = '';
  const output = () => stdout + stderr;
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const m = /listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(stdout);
      if (m) resolve({ child, port: Number(m[1]), output });
    });
    child.once('exit', (code, signal) => reject(new Error(`exited ${code ?? signal} before listening: ${output()}`)));
  });
}
