// What the instances of the site share to work together: the feeds' pulls
// and their leases (migration 0009), the rate limits' windows (0011), the
// claims of scheduled work (0014), the exchange rates pulled (0031).
import type { Selectable } from 'kysely';

export type FeedPullResult = 'imported' | 'unchanged' | 'failed';

/** One source of FEEDS: how its last pull went, what the next one sends, and its lease. */
export interface FeedPullsTable {
  source: string;
  /** The feed's URL without its password. */
  url: string;
  include_resales: number;
  /** `;new-build`: properties without <new_build> are taken as new build (migration 0018). */
  new_build: number;
  /** Validators of the last successfully imported answer, sent back as If-None-Match / If-Modified-Since. */
  etag: string | null;
  last_modified: string | null;
  /** When the last pull started; null: never pulled (a row is made when a pull is first tried). */
  pulled_at: string | null;
  duration_ms: number | null;
  result: FeedPullResult | null;
  /** The last pull's reason for failing; null unless result is 'failed'. */
  error: string | null;
  /** When the feed was last imported (answered 200 and imported), and that import's counts (JSON). */
  imported_at: string | null;
  counts: string | null;
  next_pull_at: string | null;
  /** The lease: the instance pulling it now, until when (a crashed instance's lease lapses). */
  locked_by: string | null;
  locked_until: string | null;
}

export interface CoordinationTables {
  feed_pulls: FeedPullsTable;
  rate_limits: RateLimitsTable;
  scheduled_runs: ScheduledRunsTable;
  exchange_rates: ExchangeRatesTable;
}

export type FeedPullRow = Selectable<FeedPullsTable>;

/** The hits of one limit's key in its current fixed window (services/rate-limits.ts). */
export interface RateLimitsTable {
  name: string;
  key: string;
  hits: number;
  /** ISO-8601: when this window ends; the next hit after it starts a new one. */
  window_ends: string;
}

/** A period's work done once across instances (periods/claim-period.ts). */
export interface ScheduledRunsTable {
  job: string;
  /** The period's name, e.g. the local date of a daily run (periods/local-hour.ts). */
  period: string;
  ran_at: string;
}

/** The last good rates of a source (the ECB's), and how its last pull went (services/exchange-rates). */
export interface ExchangeRatesTable {
  source: string;
  /** The rates' own date, YYYY-MM-DD, and the rates by currency (JSON: units per euro). */
  date: string;
  rates: string;
  /** Validators of the answer the rates came from, sent back as If-None-Match / If-Modified-Since. */
  etag: string | null;
  last_modified: string | null;
  /** When the rates were last stored, and when the source was last asked. */
  updated_at: string;
  pulled_at: string;
  /** The last pull's reason for failing; null when it succeeded (or answered "not modified"). */
  error: string | null;
}
