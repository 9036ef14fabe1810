// Long-running child processes a test starts (servers, HAProxy, Varnish): each
// in a process group of its own, its output kept for failure messages, and
// stopped when the test ends whatever happened (SIGTERM, then SIGKILL to the
// group, so a child's own children go too). Plus free loopback ports. Only
// for the e2e tier (*.e2e.test.ts): test/tiers.test.ts keeps the fast tier off it.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import { sleep } from './wait.ts';

export { sleep, waitFor } from './wait.ts';

interface Teardown {
  teardown(fn: () => unknown): void;
}

export interface Started {
  name: string;
  child: ChildProcess;
  /** stdout and stderr so far (the last 64 KiB). */
  output(): string;
  /** Resolves with the first match in the output; rejects if the process exits first or after `timeoutMs`. */
  waitForOutput(pattern: RegExp, timeoutMs: number): Promise<RegExpExecArray>;
  /** SIGTERM, SIGKILL to the group after `graceMs`; resolves with the exit code (null: killed by a signal). */
  stop(graceMs?: number): Promise<number | null>;
}

const OUTPUT_KEPT = 64 * 1024;

export function startProcess(
  t: Teardown,
  name: string,
  command: string,
  args: string[],
  options: { env?: Record<string, string>; cwd?: string } = {},
): Started {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-OUTPUT_KEPT);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  child.on('error', (error) => keep(Buffer.from(`\n[test helper] ${name} could not start: ${error.message}\n`)));
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  const killGroup = () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  // If the test process itself ends abruptly, its children must not outlive it.
  process.once('exit', killGroup);

  const started: Started = {
    name,
    child,
    output: () => output,
    async waitForOutput(pattern, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const match = pattern.exec(output);
        if (match) return match;
        if (child.exitCode !== null || child.signalCode !== null)
          throw new Error(`${name} exited (${child.exitCode ?? child.signalCode}) before printing ${pattern}:\n${output}`);
        if (Date.now() > deadline) throw new Error(`${name} did not print ${pattern} within ${timeoutMs / 1000} s:\n${output}`);
        await sleep(100);
      }
    },
    async stop(graceMs = 30_000) {
      if (child.exitCode === null && child.signalCode === null && child.pid) {
        try {
          process.kill(child.pid, 'SIGTERM');
        } catch {
          // already gone
        }
        const timer = setTimeout(killGroup, graceMs);
        const code = await exited;
        clearTimeout(timer);
        killGroup();
        process.removeListener('exit', killGroup);
        return code;
      }
      killGroup();
      process.removeListener('exit', killGroup);
      return exited;
    },
  };
  t.teardown(() => started.stop());
  return started;
}

/** A loopback port nothing listens on now, for a program that must be told its port (HAProxy, Varnish). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
