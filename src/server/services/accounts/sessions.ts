// Sessions: a row per login, found by the SHA-256 of its token. A session ends
// SESSION_DAYS after the login (absolute: the cookie's Max-Age says the same),
// after `idleDays` (SESSION_IDLE_DAYS) without a request, at logout
// (revoked_at), when the client's password is reset (all of them), or when the
// email or password is changed or the client logs out everywhere else (all but
// the one that asked).
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { SESSION_DAYS, TOKEN_PATTERN } from '../../../shared/accounts.ts';
import { hashToken, newToken } from './tokens.ts';
import { DAY_MS } from '../../../shared/durations.ts';

/**
 * last_seen_at is written at most this often per session: a request is a read,
 * not a write, and the idle time-out (days) and "last seen" need no finer clock.
 */
const TOUCH_EVERY_MS = 60 * 60 * 1000;
const USER_AGENT_MAX = 512;

/** The session a request's token names. */
export interface ActiveSession {
  /** The client's id. */
  id: number;
  sessionId: number;
  expiresAt: string;
}

export async function startSession(
  db: Kysely<Database>,
  clientId: number,
  now: Date,
  userAgent: string | null = null,
): Promise<{ token: string; expiresAt: string }> {
  const token = newToken();
  const at = now.toISOString();
  const expiresAt = new Date(now.getTime() + SESSION_DAYS * DAY_MS).toISOString();
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      client_id: clientId,
      created_at: at,
      expires_at: expiresAt,
      last_seen_at: at,
      user_agent: userAgent?.slice(0, USER_AGENT_MAX) || null,
    })
    .execute();
  return { token, expiresAt };
}

/** Seen since this, or ended by the idle time-out. */
const idleSince = (now: Date, idleDays: number) => new Date(now.getTime() - idleDays * DAY_MS).toISOString();

/** The live session of `token`, or null (malformed, unknown, expired, idle too long or revoked). */
export async function findSession(db: Kysely<Database>, token: string, now: Date, idleDays: number): Promise<ActiveSession | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const at = now.toISOString();
  const row = await db
    .selectFrom('sessions')
    .select(['id', 'client_id', 'expires_at', 'last_seen_at'])
    .where('token_hash', '=', hashToken(token))
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', at)
    .where('last_seen_at', '>', idleSince(now, idleDays))
    .executeTakeFirst();
  if (!row) return null;
  if (now.getTime() - Date.parse(row.last_seen_at) >= TOUCH_EVERY_MS) {
    await db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', row.id).execute();
  }
  return { id: row.client_id, sessionId: row.id, expiresAt: row.expires_at };
}

/** The client's live sessions, the most recently seen first. */
export function clientSessions(db: Kysely<Database>, clientId: number, now: Date, idleDays: number) {
  return db
    .selectFrom('sessions')
    .select(['id', 'user_agent', 'last_seen_at'])
    .where('client_id', '=', clientId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .where('last_seen_at', '>', idleSince(now, idleDays))
    .orderBy('last_seen_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function revokeToken(db: Kysely<Database>, token: string, now: Date): Promise<void> {
  if (!TOKEN_PATTERN.test(token)) return;
  await db
    .updateTable('sessions')
    .set({ revoked_at: now.toISOString() })
    .where('token_hash', '=', hashToken(token))
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every session of a client, except `keep` (the one that asked). */
export async function revokeClientSessions(db: Kysely<Database>, clientId: number, now: Date, keep?: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now.toISOString() })
    .where('client_id', '=', clientId)
    .where('revoked_at', 'is', null)
    .$if(keep !== undefined, (qb) => qb.where('id', '!=', keep!))
    .execute();
}

/** Ended sessions and reset tokens are kept this long (for support questions), then deleted. */
export const ENDED_KEPT_DAYS = 7;

/**
 * Deletes sessions that expired, were revoked or went idle, and reset tokens
 * that expired or were used, more than ENDED_KEPT_DAYS ago: rows no request
 * can use any more.
 */
export async function pruneEnded(db: Kysely<Database>, now: Date, idleDays: number): Promise<{ sessions: number; resets: number }> {
  const before = new Date(now.getTime() - ENDED_KEPT_DAYS * DAY_MS).toISOString();
  const idleBefore = new Date(now.getTime() - (ENDED_KEPT_DAYS + idleDays) * DAY_MS).toISOString();
  const sessions = await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<', before), eb('revoked_at', '<', before), eb('last_seen_at', '<', idleBefore)]))
    .executeTakeFirst();
  const resets = await db
    .deleteFrom('password_resets')
    .where((eb) => eb.or([eb('expires_at', '<', before), eb('used_at', '<', before)]))
    .executeTakeFirst();
  return { sessions: Number(sessions.numDeletedRows), resets: Number(resets.numDeletedRows) };
}
