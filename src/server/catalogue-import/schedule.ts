// The schedule of a running server: each FEEDS source is pulled at start when
// it was never pulled or its last pull is older than FEED_REFRESH_MINUTES, then
// every FEED_REFRESH_MINUTES. One source at a time (a pull is mostly parsing:
// two at once would only share the same cores). Sources in feed_pulls that
// FEEDS no longer lists are left alone.
//
// After each round the timer is set for the soonest due source (at least
// MIN_WAIT_MS away, at most one interval). It is unref'd, cleared on stop, and
// a pull in flight is aborted on stop (its import rolls back; the next start
// pulls it again), so nothing fires or holds the process after close.
import type { Config } from '../config.ts';
import type { Store } from '../store/db.ts';
import { instanceToken, pullFeed, type PullLog, type PullOptions, type PullOutcome } from './pull.ts';
import { feedPullRows } from './pull-store.ts';

/** The shortest wait between rounds: a store that fails is not asked again at once. */
export const MIN_WAIT_MS = 30_000;

export interface ScheduleOptions extends Pick<PullOptions, 'token' | 'timeoutMs' | 'leaseMs' | 'runner'> {
  now?: () => Date;
  /** Default: FEED_REFRESH_MINUTES. */
  refreshMs?: number;
  /** The timer (tests call the callback themselves). */
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  log?: PullLog;
  /** Told of every pull's outcome (metrics). */
  onPull?: (outcome: PullOutcome) => void;
}

export class FeedSchedule {
  private readonly now: () => Date;
  private readonly token: string;
  private readonly refreshMs: number;
  private readonly setTimer: (fn: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;
  private timer: unknown = null;
  private running: Promise<unknown> = Promise.resolve();
  private readonly stopping = new AbortController();
  /** The delay the timer was last set for (tests read it). */
  nextWaitMs: number | null = null;

  constructor(
    private readonly store: Store,
    private readonly config: Config,
    private readonly options: ScheduleOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
    this.token = options.token ?? instanceToken();
    this.refreshMs = options.refreshMs ?? config.FEED_REFRESH_MINUTES * 60_000;
    this.setTimer =
      options.setTimer ??
      ((fn, ms) => {
        const handle = setTimeout(fn, ms);
        handle.unref();
        return handle;
      });
    this.clearTimer = options.clearTimer ?? ((handle) => clearTimeout(handle as NodeJS.Timeout));
  }

  /** Starts the first round now (not awaited: the server does not wait for feeds to listen). */
  start(): void {
    if (this.config.FEEDS.length) this.kick();
  }

  /** Resolves when no round is in flight. */
  idle(): Promise<void> {
    return this.running.then(() => undefined);
  }

  /** Stops the timer and aborts a pull in flight, then waits for the round to end. */
  async stop(): Promise<void> {
    this.stopping.abort();
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
    await this.idle();
  }

  /** One round: every due source, one at a time; then the timer for the next. */
  async round(): Promise<PullOutcome[]> {
    const outcomes: PullOutcome[] = [];
    for (const feed of this.config.FEEDS) {
      if (this.stopping.signal.aborted) break;
      try {
        const outcome = await pullFeed(this.store, this.config, feed, {
          token: this.token,
          now: this.now,
          refreshMs: this.refreshMs,
          timeoutMs: this.options.timeoutMs,
          leaseMs: this.options.leaseMs,
          signal: this.stopping.signal,
          log: this.options.log,
          runner: this.options.runner,
        });
        this.options.onPull?.(outcome);
        outcomes.push(outcome);
      } catch (error) {
        // The store failed (pullFeed records a feed's own failures): next round.
        this.options.log?.error({ source: feed.name, err: error }, 'feed pull could not run');
      }
    }
    await this.arm();
    return outcomes;
  }

  private kick(): void {
    const round = this.running.then(() => this.round());
    this.running = round.catch((error: unknown) => this.options.log?.error({ err: error }, 'feed schedule failed'));
  }

  /** Sets the timer for the soonest due source. */
  private async arm(): Promise<void> {
    if (this.stopping.signal.aborted) return;
    let wait = this.refreshMs;
    try {
      const now = this.now().getTime();
      const rows = new Map((await feedPullRows(this.store.db)).map((r) => [r.source, r]));
      for (const feed of this.config.FEEDS) {
        const row = rows.get(feed.name);
        let due = row?.pulled_at ? Date.parse(row.pulled_at) + this.refreshMs : now;
        // Held by another instance: it will have pulled by then, or its lease lapses.
        if (row?.locked_until && row.locked_by !== this.token) due = Math.max(due, Date.parse(row.locked_until));
        wait = Math.min(wait, due - now);
      }
    } catch (error) {
      this.options.log?.error({ err: error }, 'feed schedule could not read feed_pulls');
    }
    if (this.stopping.signal.aborted) return;
    this.nextWaitMs = Math.max(MIN_WAIT_MS, Math.min(wait, this.refreshMs));
    this.timer = this.setTimer(() => {
      this.timer = null;
      this.kick();
    }, this.nextWaitMs);
  }
}
