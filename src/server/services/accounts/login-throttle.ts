// Login throttling per account (OWASP: slow the guesses, never lock the owner
// out). Every attempt is counted as a failure before the password is checked,
// so parallel guesses cannot slip through together, and a success deletes the
// count. The first FREE_FAILURES failures in a row cost nothing; after them,
// each one makes the next attempt wait twice as long as the last (1 s, 2 s,
// 4 s, …), at most MAX_DELAY_MS. A day without failures forgets them.
//
// The key is the account ('email:<email>', known or not, so the answer tells
// nothing about it), or, for a browser with a valid device cookie of that
// client (devices.ts), the browser ('device:<id>'): failures from other
// addresses never slow the owner's own browser, and a stolen cookie's guesses
// are slowed on their own.
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { HttpError, RetryLater } from '../../../shared/errors.ts';
import { t, tp } from '../../../shared/i18n.ts';
import { DAY_MS } from '../../../shared/durations.ts';

export const FREE_FAILURES = 5;
export const MAX_DELAY_MS = 15 * 60_000;
/** Failures older than this are forgotten. */
const FORGET_AFTER_MS = DAY_MS;
/** Tries at taking a turn when other attempts on the same key write at the same moment. */
const RACE_TRIES = 3;

/** 429 with Retry-After: too many attempts on the account (or per address, api/accounts.ts). */
export class TooManyAttempts extends RetryLater {
  constructor(retryAfterMs: number) {
    const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
    super(429, tp('account.errors.rateLimited', seconds, { seconds }), seconds);
  }
}

/** How long the next attempt waits after `failures` failures in a row. */
export function delayAfter(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(MAX_DELAY_MS, 1000 * 2 ** (failures - FREE_FAILURES));
}

/**
 * Takes an attempt on `key`: counts it as a failure and sets when the next may
 * come, or throws TooManyAttempts if this one comes too early.
 */
export async function takeAttempt(db: Kysely<Database>, key: string, now: Date): Promise<void> {
  try {
    await take(db, key, now);
  } catch (error) {
    if (error instanceof TooManyAttempts) throw error;
    throw new ThrottleUnavailable(error);
  }
}

/** 503: the attempt could not be counted, so it is refused (fails closed, as the account calls' rate limits); the error handler logs why. */
class ThrottleUnavailable extends HttpError {
  override name = 'ThrottleUnavailable';
  constructor(override readonly cause: unknown) {
    super(503, t('errors.limitUnavailable'));
  }
}

async function take(db: Kysely<Database>, key: string, now: Date): Promise<void> {
  const at = now.toISOString();
  for (let i = 0; i < RACE_TRIES; i++) {
    const row = await db.selectFrom('login_failures').selectAll().where('key', '=', key).executeTakeFirst();
    const forgotten = !row || now.getTime() - Date.parse(row.last_failed_at) >= FORGET_AFTER_MS;
    if (row && !forgotten && Date.parse(row.next_at) > now.getTime()) throw new TooManyAttempts(Date.parse(row.next_at) - now.getTime());
    const failures = (forgotten ? 0 : row.failures) + 1;
    const next = { failures, next_at: new Date(now.getTime() + delayAfter(failures)).toISOString(), last_failed_at: at };
    // Written only if nobody else took a turn since the read: of two attempts at once, one goes ahead.
    const written = row
      ? Number(
          (
            await db
              .updateTable('login_failures')
              .set(next)
              .where('key', '=', key)
              .where('failures', '=', row.failures)
              .where('last_failed_at', '=', row.last_failed_at)
              .executeTakeFirst()
          ).numUpdatedRows,
        )
      : Number(
          (
            await db
              .insertInto('login_failures')
              .values({ key, ...next })
              .onConflict((conflict) => conflict.column('key').doNothing())
              .executeTakeFirst()
          ).numInsertedOrUpdatedRows ?? 0,
        );
    if (written === 1) return;
  }
  throw new TooManyAttempts(1000);
}

/** A success: the attempt it took was no failure, nor were the ones before it. */
export async function clearFailures(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('login_failures').where('key', '=', key).execute();
}

/** Deletes the counts forgotten by now (upkeep). */
export async function pruneFailures(db: Kysely<Database>, now: Date): Promise<number> {
  const before = new Date(now.getTime() - FORGET_AFTER_MS).toISOString();
  const result = await db.deleteFrom('login_failures').where('last_failed_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
