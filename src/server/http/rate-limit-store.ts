// The rate limits' counts, kept in the store (services/rate-limits.ts) so that
// every instance on one database shares them, and what a failing store means:
//   'open'   the request goes through (leads: a lead must never be lost to a
//            counter that could not be written);
//   'closed' the request is refused with 503 (login, registration, forgot and
//            reset: a limit that an attacker could switch off by loading the
//            database is no limit).
// rateLimitStore() is the same count as a store for @fastify/rate-limit.
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { HttpError } from '../../shared/errors.ts';
import { t } from '../../shared/i18n.ts';
import type { RateHit, RateLimitService } from '../services/rate-limits.ts';
import { isStoreBusy } from '../store/errors.ts';
import { withoutWaiting } from '../store/sqlite-waiting-driver.ts';

export type OnStoreFailure = 'open' | 'closed';

export interface RateCount {
  limits: RateLimitService;
  onFailure: OnStoreFailure;
  log: FastifyBaseLogger;
}

/** Counts one hit; on a store failure, lets it through (as the window's first) or throws a 503. */
export async function countHit(count: RateCount, name: string, key: string, windowMs: number): Promise<RateHit> {
  try {
    // Failing open, a count does not wait for an import's lock: the request's own write will.
    const hit = () => count.limits.hit(name, key, windowMs);
    return await (count.onFailure === 'open' ? withoutWaiting(hit) : hit());
  } catch (err) {
    // An import holding SQLite's lock: refused as every write then is (api/errors.ts: 503, Retry-After).
    if (count.onFailure === 'closed' && isStoreBusy(err)) throw err;
    count.log.error({ err, limit: name }, `rate limit not counted: failing ${count.onFailure}`);
    if (count.onFailure === 'open') return { current: 0, ttlMs: windowMs };
    throw new HttpError(503, t('errors.limitUnavailable'));
  }
}

/**
 * A store for @fastify/rate-limit. With `name`, every route of the plugin's
 * registration counts under it, together (the lead routes: the API and the
 * forms posted without JavaScript); without, each route under its own
 * 'METHOD /url' (the plugin's default: a count per route).
 */
export function rateLimitStore(count: RateCount, name?: string): FastifyRateLimitStoreCtor {
  class StoreRateLimit implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly limitName = name ?? 'global',
    ) {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      countHit(count, this.limitName, key, timeWindow).then(
        (hit) => callback(null, { current: hit.current, ttl: hit.ttlMs }),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: unknown): FastifyRateLimitStore {
      // The plugin passes the route's merged settings, the route itself under routeInfo.
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      return new StoreRateLimit(undefined, name ?? `${String(route?.method)} ${String(route?.url)}`);
    }
  }
  return StoreRateLimit;
}
