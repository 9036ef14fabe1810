// Rate-limit counts in the store (issue 11), so that every instance on one
// database counts together: a fixed window per limit name and key, counted by
// one atomic upsert (INSERT … ON CONFLICT DO UPDATE, the same statement on
// SQLite and PostgreSQL). The first hit after a window's end starts the next
// one; prune() deletes ended windows (jobs/upkeep.ts).
//
// Times are each instance's clock: a window's end is written by the instance
// that opened it, so clocks a few seconds apart make a window a few seconds
// longer or shorter, no more.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';

export interface RateHit {
  /** Hits in the current window, this one included. */
  current: number;
  /** Milliseconds until the window ends. */
  ttlMs: number;
}

export class RateLimitService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one hit of `key` under the limit `name`, whose windows last `windowMs`. */
  async hit(name: string, key: string, windowMs: number): Promise<RateHit> {
    const now = this.now();
    const at = new Date(now).toISOString();
    const nextEnd = new Date(now + windowMs).toISOString();
    const ended = sql<boolean>`rate_limits.window_ends <= ${at}`;
    const row = await this.db
      .insertInto('rate_limits')
      .values({ name, key, hits: 1, window_ends: nextEnd })
      .onConflict((conflict) =>
        conflict.columns(['name', 'key']).doUpdateSet({
          // Both read the row as it was before this update, on either engine.
          hits: sql<number>`case when ${ended} then 1 else rate_limits.hits + 1 end`,
          window_ends: sql<string>`case when ${ended} then ${nextEnd} else rate_limits.window_ends end`,
        }),
      )
      .returning(['hits', 'window_ends'])
      .executeTakeFirstOrThrow();
    return { current: Number(row.hits), ttlMs: Math.max(0, Date.parse(row.window_ends) - now) };
  }

  /** Deletes the windows that have ended; returns how many. */
  async prune(): Promise<number> {
    const result = await this.db
      .deleteFrom('rate_limits')
      .where('window_ends', '<=', new Date(this.now()).toISOString())
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
