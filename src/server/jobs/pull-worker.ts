// A scheduled pull's worker thread (started by pull-in-worker.ts): the
// download, the parsing and the writing of one feed, off the thread that
// serves pages and at the lowest scheduling priority. It opens its own
// connection to the store (a small pool on PostgreSQL), runs the PullJob it
// was given, answers one message and ends.
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { openStore, type StoreOptions } from '../store/db.ts';
import { importInline, type PullJob, type PullJobResult } from '../catalogue-import/pull-import.ts';
import { WithdrawGuardError } from '../catalogue-import/withdraw-guard.ts';
import { PULL_THREAD_NICE } from './pull-in-worker.ts';
import { instantAlerts } from '../services/saved-searches/alerts.ts';

export interface PullWorkerData {
  store: StoreOptions;
  job: PullJob;
  /** SITE_URL: instant alerts are queued in the import's transaction, their links here; none without. */
  alertsSiteUrl?: string;
}

export type PullWorkerAnswer =
  | { ok: true; result: PullJobResult }
  /** `refused`: the withdrawal guard's figures, to throw the same WithdrawGuardError on the other side. */
  | { ok: false; error: string; refused?: ConstructorParameters<typeof WithdrawGuardError> };

// A pull is background work. On Linux a thread's nice value is its own, and
// setPriority(0, …) sets the calling thread's: when the pull and the pages
// share a core the pages go first, while an idle core still runs the pull at
// full speed. (Elsewhere it would be the whole server's: left alone.)
if (process.platform === 'linux') os.setPriority(0, PULL_THREAD_NICE);

const { store: location, job, alertsSiteUrl } = workerData as PullWorkerData;
// The server migrated the store before it started any pull.
const store = await openStore({ ...location, migrations: 'leave' });
let answer: PullWorkerAnswer;
try {
  const alerts = alertsSiteUrl === undefined ? undefined : instantAlerts(alertsSiteUrl);
  answer = { ok: true, result: await importInline(store, alerts)(job) };
} catch (error) {
  answer = {
    ok: false,
    error: error instanceof Error ? error.message : String(error),
    ...(error instanceof WithdrawGuardError ? { refused: error.figures() } : {}),
  };
}
// Answered before the store closes: a committed import is reported as such whatever the closing does.
parentPort!.postMessage(answer);
await store.close();
