// What importFeed is asked (ImportOptions) and what it answers (ImportSummary),
// and the error for a feed whose ids are stored under another source.
import type { Transaction } from 'kysely';
import type { DialectName } from '../store/db.ts';
import type { Database } from '../store/schema.ts';
import type { ReadReport } from './kyero.ts';

export interface Rejection {
  /** The property's <id>; null when it has none. */
  id: string | null;
  /** Where the property starts in the feed. */
  line: number;
  reason: string;
}

export interface ImportSummary {
  /** Units new to the catalogue, or back after having been withdrawn. */
  added: number;
  /** Units whose content changed (whatever their <date> says), re-keyed ones included. */
  updated: number;
  /** Units the feed lists under a new id but the same ref and development: kept, with their history (unit-rekey.ts). */
  rekeyed: number;
  /** Units whose content is the one already stored: not written. */
  unchanged: number;
  /** Resales (<new_build>0</new_build>) left out, because the source does not take them. */
  skippedResales: number;
  /** Properties without <new_build> left out, because the source is not declared new-build (newBuildSource). */
  skippedUnknown: number;
  /** Properties whose type is not a home (commercial premises, garages, parking, offices…): never imported. */
  skippedNotHomes: number;
  /** Units of this source missing from the feed: withdrawn (kept, not shown). */
  withdrawn: number;
  /** Properties refused, with the reason (the first MAX_REJECTIONS_KEPT; see rejectedTotal). */
  rejected: Rejection[];
  rejectedTotal: number;
  /** Projects whose derived columns were recomputed. */
  projectsTouched: number;
  /** What reading had to mend: bytes that were not UTF-8, text encoded twice. */
  read: ReadReport;
  /** Alert mails queued for instant saved searches (when ImportOptions.alerts asked for them). */
  alertMails?: number;
}

export interface ImportOptions {
  /** The feed's name, e.g. 'demo' or the URL's host: units are keyed by (source, feed id). */
  source: string;
  /** The import's clock (tests pin it). */
  now?: Date;
  /** Import <new_build>0</new_build> properties as resale homes (default: skip and count them). */
  includeResales?: boolean;
  /**
   * The source is a new-build source (`;new-build`, `--new-build`): a property
   * without <new_build> is new build. Otherwise it is unknown, skipped and counted.
   */
  newBuildSource?: boolean;
  /**
   * Refuse (changing nothing) a feed under a source name never imported before
   * when most of its ids are stored under another source: a date-stamped file
   * name would otherwise duplicate a catalogue. The CLI sets it when no --source is given.
   */
  checkSourceIdentity?: boolean;
  /**
   * Refuse (WithdrawGuardError, changing nothing) an import that would withdraw
   * more than this percentage of the source's listed units (withdraw-guard.ts).
   * The CLI and the pulls pass FEED_MAX_WITHDRAW unless told to force;
   * undefined: no guard (the importer's own tests, benchmarks, the demo seed).
   */
  maxWithdrawPercent?: number;
  /**
   * Queues the instant alerts of saved searches in the import's transaction.
   * The CLI and the scheduled pulls set it (`instantAlerts(SITE_URL)` of
   * services/saved-searches/alerts.ts); without it none are queued
   * (benchmarks, the importer's own tests).
   */
  alerts?: QueueInstantAlerts;
}

/**
 * What an import notifies when it touched a project: called last, inside its
 * transaction (a failed import mails nothing), dated by the import's clock;
 * answers how many mails it queued (ImportSummary.alertMails).
 */
export type QueueInstantAlerts = (trx: Transaction<Database>, dialect: DialectName, now: Date) => Promise<{ mails: number }>;

/** A new source name for a feed whose properties are mostly stored under another. */
export class SourceIdentityError extends Error {
  override name = 'SourceIdentityError';
  constructor(
    readonly source: string,
    readonly storedUnder: string,
    readonly matching: number,
    readonly total: number,
  ) {
    super(
      `${matching} of the feed's ${total} properties are already stored under source '${storedUnder}', not '${source}': ` +
        `to update them, import with --source ${storedUnder}; to keep both, name this one with --source`,
    );
  }
}
