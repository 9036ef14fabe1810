// The morning mail jobs (saved-search digests, favorites alerts): looked for
// at start and then every MAIL_JOB_CHECK_MS, on a connection of their own
// (own-connection.ts: pages do not wait for a run on SQLite). What a run queued
// is logged and the outbox kicked to send it; a failure is logged and tried at
// the next check, its claim of the day rolled back with it.
import type { FastifyInstance } from 'fastify';
import type { Store } from '../store/db.ts';
import { runEvery } from './every.ts';
import { ownConnection } from './own-connection.ts';

export const MAIL_JOB_CHECK_MS = 5 * 60 * 1000;

export interface MailJobSchedule {
  /** Default: MAIL_JOB_CHECK_MS. */
  everyMs?: number;
  /** The clock (tests move it). */
  now?: () => Date;
}

/** What a run did (logged whole: its period, its counts); null: nothing was due. */
export interface MailJobRun {
  mails: number;
}

export async function installMailJob(
  app: FastifyInstance,
  what: string,
  { everyMs = MAIL_JOB_CHECK_MS }: MailJobSchedule,
  run: (store: Store) => Promise<MailJobRun | null>,
): Promise<void> {
  const own = await ownConnection(app.store);
  runEvery(app, everyMs, async () => {
    try {
      const done = await run(own.store);
      if (!done) return;
      app.log.info(done, `queued the ${what}`);
      if (done.mails) app.outbox.kick();
    } catch (err) {
      app.log.error({ err }, `${what} failed; will retry`);
    }
  });
  // After runEvery's own preClose: a run in flight has finished.
  app.addHook('preClose', own.close);
}
