// Daily and weekly digests of saved searches (issue 13): at DIGEST_HOUR local
// time (Europe/Madrid), every day for `daily` searches and on Mondays for
// `weekly` ones too. Every MAIL_JOB_CHECK_MS each instance looks whether today's
// run is due; the first to claim the day's period (scheduled_runs) queues the
// mails in the claim's transaction, the others skip, and a run that fails
// rolls its claim back to be tried at the next check. Before the hour nothing
// runs, whatever was missed: a day without a run is covered by the next one,
// which mails what happened since each search's last alert; a Monday without
// a run sends the weekly digests with the next day's run.
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { Store } from '../store/db.ts';
import type { Database } from '../store/schema.ts';
import { DIGEST_HOUR, DIGEST_TIME_ZONE, WEEKLY_DIGEST_WEEKDAY, type Frequency } from '../../shared/saved-searches.ts';
import { queueAlerts, type AlertsQueued } from '../services/saved-searches/alerts.ts';
import { lockCatalogue } from '../store/catalogue-lock.ts';
import { claimPeriod } from '../periods/claim-period.ts';
import { installMailJob, type MailJobSchedule } from './mail-job.ts';
import { dueToday, weeklyPeriod } from '../periods/local-hour.ts';

export const DIGEST_JOB = 'alerts:daily';
export const WEEKLY_DIGEST_JOB = 'alerts:weekly';

export interface DigestOptions {
  siteUrl: string;
  /** The clock (tests move it). */
  now?: () => Date;
}

export type DigestOutcome =
  { ran: false; reason: 'before the hour' | 'claimed' } | ({ ran: true; period: string; frequencies: Frequency[] } & AlertsQueued);

/** One check: runs the digests of the day's period if it is due and no instance has run them. */
export async function runDigests(store: Store, options: DigestOptions): Promise<DigestOutcome> {
  const now = (options.now ?? (() => new Date()))();
  const period = dueToday(now, DIGEST_HOUR, DIGEST_TIME_ZONE);
  if (!period) return { ran: false, reason: 'before the hour' };
  return store.db.transaction().execute(async (trx): Promise<DigestOutcome> => {
    // An import in progress commits first: its changes fall in this window, not before it.
    await lockCatalogue(trx, store.dialect);
    if (!(await claimPeriod(trx, DIGEST_JOB, period, now))) return { ran: false, reason: 'claimed' };
    const frequencies: Frequency[] = (await weeklyDue(trx, period, now)) ? ['daily', 'weekly'] : ['daily'];
    const queued = await queueAlerts(trx, store.dialect, { kind: 'digest', frequencies, siteUrl: options.siteUrl, now });
    return { ran: true, period, frequencies, ...queued };
  });
}

/**
 * Whether this day's run also sends the weekly digests: on Mondays, and on the
 * first day that runs after a Monday without a run (a server down that morning
 * delays the week's digest a day, not a week). Claimed as WEEKLY_JOB for the
 * Monday's period. A Monday whose daily run was claimed sent them already:
 * today that run claims the week too, but Mondays run before the weekly claim
 * existed (deployed mid-week) have only their daily claim.
 */
async function weeklyDue(trx: Transaction<Database>, today: string, now: Date): Promise<boolean> {
  const monday = weeklyPeriod(now, WEEKLY_DIGEST_WEEKDAY, DIGEST_HOUR, DIGEST_TIME_ZONE);
  if (monday !== today) {
    const mondayRan = await trx
      .selectFrom('scheduled_runs')
      .select('period')
      .where('job', '=', DIGEST_JOB)
      .where('period', '=', monday)
      .executeTakeFirst();
    if (mondayRan) return false;
  }
  return claimPeriod(trx, WEEKLY_DIGEST_JOB, monday, now);
}

/** Installs the digests' check (jobs/mail-job.ts). */
export async function installAlertDigests(app: FastifyInstance, schedule: MailJobSchedule = {}): Promise<void> {
  await installMailJob(app, 'saved-search digests', schedule, async (store) => {
    const outcome = await runDigests(store, { siteUrl: app.config.SITE_URL, now: schedule.now });
    return outcome.ran ? outcome : null;
  });
}
