// Sessions: a row per login, found by the SHA-256 of its token. A session ends
// SESSION_DAYS after the login (absolute: the cookie's Max-Age says the same),
// at logout (revoked_at), or when the client's password is reset or changed.
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { SESSION_DAYS, TOKEN_PATTERN } from '../../../shared/accounts.ts';
import { hashToken, newToken } from './tokens.ts';
import { DAY_MS } from '../../../shared/durations.ts';

/** last_seen_at is written at most this often per session: reads stay reads. */
const TOUCH_EVERY_MS = 10 * 60 * 1000;

/** The session a request's token names. */
export interface ActiveSession {
  /** The client's id. */
  id: number;
  sessionId: number;
  expiresAt: string;
}

export async function startSession(db: Kysely<Database>, clientId: number, now: Date): Promise<{ token: string; expiresAt: string }> {
  const token = newToken();
  const at = now.toISOString();
  const expiresAt = new Date(now.getTime() + SESSION_DAYS * DAY_MS).toISOString();
  await db
    .insertInto('sessions')
    .values({ token_hash: hashToken(token), client_id: clientId, created_at: at, expires_at: expiresAt, last_seen_at: at })
    .execute();
  return { token, expiresAt };
}

/** The live session of `token`, or null (malformed, unknown, expired or revoked). */
export async function findSession(db: Kysely<Database>, token: string, now: Date): Promise<ActiveSession | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const at = now.toISOString();
  const row = await db
    .selectFrom('sessions')
    .select(['id', 'client_id', 'expires_at', 'last_seen_at'])
    .where('token_hash', '=', hashToken(token))
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  if (!row) return null;
  if (now.getTime() - Date.parse(row.last_seen_at) > TOUCH_EVERY_MS) {
    await db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', row.id).execute();
  }
  return { id: row.client_id, sessionId: row.id, expiresAt: row.expires_at };
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

/** Ends every session of a client, except `keep` (the one that changed the password). */
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
 * Deletes sessions that expired or were revoked, and reset tokens that expired
 * or were used, more than ENDED_KEPT_DAYS ago: rows no request can use any more.
 */
export async function pruneEnded(db: Kysely<Database>, now: Date): Promise<{ sessions: number; resets: number }> {
  const before = new Date(now.getTime() - ENDED_KEPT_DAYS * DAY_MS).toISOString();
  const sessions = await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<', before), eb('revoked_at', '<', before)]))
    .executeTakeFirst();
  const resets = await db
    .deleteFrom('password_resets')
    .where((eb) => eb.or([eb('expires_at', '<', before), eb('used_at', '<', before)]))
    .executeTakeFirst();
  return { sessions: Number(sessions.numDeletedRows), resets: Number(resets.numDeletedRows) };
}
