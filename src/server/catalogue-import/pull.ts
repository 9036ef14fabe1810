// A pull: one FEEDS source fetched with a conditional GET and, when it changed,
// imported (importFeed: one transaction, so a pull that fails anywhere changes
// nothing in the catalogue). Used by the schedule in a running server and by
// `npm run import -- --pull`.
//
//   - The source's lease is taken first (pull-store.ts): of several instances
//     on one store, one pulls it; the others skip it.
//   - If-None-Match / If-Modified-Since come from the last successful import,
//     and only while the URL and its options are the ones that import used:
//     a 304 then means "nothing to do", one request.
//   - Accept-Encoding: gzip (fetch decompresses); a body that is itself a
//     gzip file (feed.xml.gz served as is) is decompressed too.
//   - FEED_TIMEOUT_MS covers the connection and the whole body.
//   - A failed pull is recorded ('failed' and its reason), logged at warn, and
//     tried again at the next interval; its validators are kept. A pull refused
//     by the withdrawal guard (withdraw-guard.ts) is such a failure, marked
//     `refused` for the metrics.
import crypto from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Store } from '../store/db.ts';
import type { FeedPullResult } from '../store/schema.ts';
import type { AfterImport } from './after-import.ts';
import type { ImportSummary } from './import-types.ts';
import { importInline, type PullRunner } from './pull-import.ts';
import { acquireLease, ensureFeedRow, recordPull, releaseLease } from './pull-store.ts';
import { publicUrl, type FeedSource } from '../feed-sources.ts';
import { summaryCounts } from './summary.ts';
import { WithdrawGuardError } from './withdraw-guard.ts';

/** Beyond the time-out, how long a pull may go on importing what it downloaded before its lease lapses. */
export const LEASE_MARGIN_MS = 15 * 60 * 1000;
const ERROR_MAX = 1000;

export type PullLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export interface PullOptions {
  /** Who pulls (the lease's holder); one per process. */
  token?: string;
  /** Pull even if the last pull is recent (by hand); the lease is still respected. */
  force?: boolean;
  /** The clock (tests move it). */
  now?: () => Date;
  /** Default: FEED_REFRESH_MINUTES. */
  refreshMs?: number;
  /** Default: FEED_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Default: FEED_MAX_BYTES. */
  maxBytes?: number;
  /** Default: the time-out plus LEASE_MARGIN_MS. */
  leaseMs?: number;
  /** Import even if the feed withdraws more than FEED_MAX_WITHDRAW of the source (`--pull --force`). */
  ignoreWithdrawGuard?: boolean;
  /** Aborts a pull in flight (the server closing): nothing is imported or recorded, the lease is let go. */
  signal?: AbortSignal;
  log?: PullLog;
  /**
   * Where the download and the import run: the server's schedule gives a
   * worker thread (pull-in-worker.ts); by default, this thread, on `store`.
   */
  runner?: PullRunner;
}

export type PullOutcome =
  | { source: string; result: 'imported'; summary: ImportSummary; durationMs: number; after: AfterImport }
  | { source: string; result: 'unchanged'; durationMs: number }
  /** `refused`: the import was refused by the withdrawal guard. */
  | { source: string; result: 'failed'; error: string; durationMs: number; refused?: 'withdrawals' }
  /** Not pulled: another instance holds its lease ('busy'), its last pull is recent ('not due'), or the server is closing. */
  | { source: string; result: 'skipped'; reason: 'busy' | 'not due' | 'interrupted' };

export const instanceToken = (): string => `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;
const PROCESS_TOKEN = instanceToken();

export async function pullFeed(store: Store, config: Config, feed: FeedSource, options: PullOptions = {}): Promise<PullOutcome> {
  const now = options.now ?? (() => new Date());
  const token = options.token ?? PROCESS_TOKEN;
  const refreshMs = options.refreshMs ?? config.FEED_REFRESH_MINUTES * 60_000;
  const timeoutMs = options.timeoutMs ?? config.FEED_TIMEOUT_MS;
  const log = options.log;
  const source = feed.name;

  await ensureFeedRow(store.db, feed);
  const started = now();
  const row = await acquireLease(store.db, source, {
    token,
    now: started,
    leaseMs: options.leaseMs ?? timeoutMs + LEASE_MARGIN_MS,
    dueBy: options.force ? undefined : new Date(started.getTime() - refreshMs),
  });
  if (!row) {
    const current = await store.db.selectFrom('feed_pulls').select('locked_until').where('source', '=', source).executeTakeFirst();
    const busy = Boolean(current?.locked_until && current.locked_until >= started.toISOString());
    return { source, result: 'skipped', reason: busy ? 'busy' : 'not due' };
  }

  const url = publicUrl(feed.url);
  const sameSettings = row.url === url && Boolean(row.include_resales) === feed.includeResales && Boolean(row.new_build) === feed.newBuild;
  const validators = sameSettings ? { etag: row.etag, lastModified: row.last_modified } : { etag: null, lastModified: null };
  const clock = performance.now();
  const record = (result: FeedPullResult, fields: Parameters<typeof recordPull>[3] = {}) =>
    recordPull(store.db, source, token, {
      url,
      include_resales: feed.includeResales ? 1 : 0,
      new_build: feed.newBuild ? 1 : 0,
      pulled_at: started.toISOString(),
      duration_ms: Math.round(performance.now() - clock),
      result,
      error: null,
      next_pull_at: new Date(started.getTime() + refreshMs).toISOString(),
      ...fields,
    });

  let outcome: PullOutcome;
  try {
    const run = options.runner ?? importInline(store);
    const result = await run(
      {
        url: feed.url,
        validators,
        timeoutMs,
        maxBytes: options.maxBytes ?? config.FEED_MAX_BYTES,
        dataDir: config.DATA_DIR,
        import: {
          source,
          includeResales: feed.includeResales,
          newBuildSource: feed.newBuild,
          maxWithdrawPercent: feed.noWithdrawGuard || options.ignoreWithdrawGuard ? undefined : config.FEED_MAX_WITHDRAW,
          now: started,
        },
      },
      options.signal,
    );
    if (result.status === 304) {
      await record('unchanged');
      outcome = { source, result: 'unchanged', durationMs: elapsed(clock) };
    } else {
      await record('imported', {
        etag: result.etag,
        last_modified: result.lastModified,
        imported_at: started.toISOString(),
        counts: JSON.stringify(summaryCounts(result.summary)),
      });
      outcome = { source, result: 'imported', summary: result.summary, durationMs: elapsed(clock), after: result.after };
    }
  } catch (error) {
    if (options.signal?.aborted) {
      await releaseLease(store.db, source, token);
      log?.info({ source, result: 'skipped', reason: 'interrupted' }, 'feed pull interrupted: the server is closing');
      return { source, result: 'skipped', reason: 'interrupted' };
    }
    const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, ERROR_MAX);
    // Validators that belong to other settings are not kept for the next try.
    await record('failed', { error: reason, ...(sameSettings ? {} : { etag: null, last_modified: null }) });
    outcome = { source, result: 'failed', error: reason, durationMs: elapsed(clock) };
    if (error instanceof WithdrawGuardError) outcome.refused = 'withdrawals';
  }

  if (outcome.result === 'failed')
    log?.warn(
      { source, result: 'failed', refused: outcome.refused, reason: outcome.error, durationMs: outcome.durationMs },
      'feed pull failed; will retry at the next interval',
    );
  else if (outcome.result === 'imported')
    log?.info({ source, result: 'imported', counts: summaryCounts(outcome.summary), durationMs: outcome.durationMs }, 'feed pulled');
  else if (outcome.result === 'unchanged') log?.info({ source, result: 'unchanged', durationMs: outcome.durationMs }, 'feed pulled');

  if (outcome.result === 'imported' && outcome.after.error)
    log?.error({ source, reason: outcome.after.error }, 'work after the import failed');
  return outcome;
}

const elapsed = (since: number) => Math.round(performance.now() - since);
