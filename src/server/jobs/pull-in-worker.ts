// Runs a scheduled pull's download and import (a PullJob) in a worker thread
// (pull-worker.ts), so that parsing a large feed never holds up a page, and
// with a bounded heap, so that no feed takes the server's memory with it.
//
//   - The worker opens its own connection to the same store: the SQLite file
//     (WAL: pages read on while it writes) or the PostgreSQL URL.
//   - An abort (the server closing) terminates it: its connection closes, its
//     transaction rolls back, and the PullRunner rejects.
//   - A worker that dies (out of memory, an error it did not catch) rejects
//     with one line; its transaction never committed, so the catalogue is unchanged.
import v8 from 'node:v8';
import { Worker, type ResourceLimits, type WorkerOptions } from 'node:worker_threads';
import type { StoreOptions } from '../store/db.ts';
import { serverEntry } from '../paths.ts';
import type { PullRunner } from '../catalogue-import/pull-import.ts';
import { WithdrawGuardError } from '../catalogue-import/withdraw-guard.ts';
import type { PullWorkerAnswer, PullWorkerData } from './pull-worker.ts';

/**
 * The worker's heap: a streaming import needs a few tens of MB at any size; V8
 * would grow a larger heap before collecting, and the server's RSS with it
 * (docs/decisions/pull-in-a-worker-thread.md).
 */
export const PULL_WORKER_LIMITS: ResourceLimits = { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16 };

/** The worker thread's nice value (pull-worker.ts): the lowest priority, so that pages go first. */
export const PULL_THREAD_NICE = 19;

export interface PullWorkerOptions {
  /** SITE_URL: the import queues the instant alerts of saved searches, their links here. */
  alertsSiteUrl?: string;
  /** Default: PULL_WORKER_LIMITS. */
  resourceLimits?: ResourceLimits;
}

export const pullInWorker =
  (location: StoreOptions, options: PullWorkerOptions = {}): PullRunner =>
  (job, signal) =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(new Error('interrupted'));
      const resourceLimits = options.resourceLimits ?? PULL_WORKER_LIMITS;
      const data: PullWorkerData = { store: location, job, alertsSiteUrl: options.alertsSiteUrl };
      const worker = boundedWorker(serverEntry('jobs/pull-worker'), { workerData: data, resourceLimits });
      let answer: PullWorkerAnswer | undefined;
      let crash: Error | undefined;
      const stop = () => void worker.terminate();
      signal?.addEventListener('abort', stop, { once: true });
      worker.on('message', (message: PullWorkerAnswer) => (answer = message));
      worker.on('error', (error) => (crash = error));
      worker.on('exit', (code) => {
        signal?.removeEventListener('abort', stop);
        // An answer first: an import that committed before the abort is recorded as such.
        if (answer?.ok) resolve(answer.result);
        else if (answer?.refused) reject(new WithdrawGuardError(...answer.refused));
        else if (answer) reject(new Error(answer.error));
        else if (signal?.aborted) reject(new Error('interrupted'));
        else reject(new Error(crashLine(crash, code, resourceLimits)));
      });
    });

/**
 * Starts a worker thread whose heap is bounded by its `resourceLimits`, whatever node was given.
 * V8 reads a `--max-old-space-size` given to node (on its command line or in NODE_OPTIONS, meant
 * for the main thread) over a worker's own limit, which would let the worker grow as far as the
 * main thread may (docs/decisions/pull-in-a-worker-thread.md). An isolate reads the flag once, as it is created: cleared
 * here, the main thread keeps the heap it was started with and the worker gets its limits.
 */
export function boundedWorker(file: string | URL, options: WorkerOptions & { resourceLimits: ResourceLimits }): Worker {
  v8.setFlagsFromString('--max-old-space-size=0');
  return new Worker(file, options);
}

function crashLine(crash: Error | undefined, code: number, limits: ResourceLimits): string {
  if ((crash as NodeJS.ErrnoException | undefined)?.code === 'ERR_WORKER_OUT_OF_MEMORY')
    return `the import ran out of memory (its worker thread's heap is limited to ${limits.maxOldGenerationSizeMb} MB)`;
  if (crash) return `the import's worker thread failed: ${crash.message.split('\n')[0]}`;
  return `the import's worker thread stopped (exit code ${code})`;
}
