// Who is asking: the client of a request, from its session token, taken from
// `Authorization: Bearer …` first (SPEC §7), else from the `sid` cookie that
// server-rendered pages are known by. Resolved at most once per request, and
// only when asked (assets never touch the store). A Bearer header that names
// no live session is anonymous: an explicit credential is not swapped for the
// cookie's.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../../shared/constants.ts';
import { SESSION_DAYS } from '../../shared/accounts.ts';
import type { AccountService, ActiveSession } from '../services/accounts/index.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in client of this request (its id and session), or null. */
    client(): Promise<ActiveSession | null>;
  }
}

const BEARER = /^Bearer[ \t]+([^\s,]+)[ \t]*$/i;
const BEARER_SCHEME = /^Bearer(?:[ \t]|$)/i;

/**
 * The session token a request carries, if any. Only the Bearer scheme is ours:
 * another one (e.g. Basic, in front of a staging site) leaves the cookie to decide.
 */
export function requestToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header && BEARER_SCHEME.test(header)) return BEARER.exec(header)?.[1] ?? null;
  const cookie = request.cookies?.[SESSION_COOKIE];
  return cookie || null;
}

/** Every session token a request carries, the Bearer's and the cookie's: a logout ends both. */
export function carriedTokens(request: FastifyRequest): string[] {
  const tokens = [requestToken(request), request.cookies?.[SESSION_COOKIE] || null];
  return [...new Set(tokens.filter((token): token is string => token !== null))];
}

export function installSession(app: FastifyInstance, accounts: AccountService): void {
  const resolved = new WeakMap<FastifyRequest, Promise<ActiveSession | null>>();
  app.decorateRequest('client', function (this: FastifyRequest) {
    let found = resolved.get(this);
    if (!found) {
      const token = requestToken(this);
      found = token ? accounts.session(token) : Promise.resolve(null);
      resolved.set(this, found);
    }
    return found;
  });
}

/** Sets the session cookie: HttpOnly, Secure, SameSite=Lax, for the whole site, as long as the session lasts. */
export function setSessionCookie(reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, { httpOnly: true, secure: true, sameSite: 'lax', path: '/', maxAge: SESSION_DAYS * 24 * 60 * 60 });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, secure: true, sameSite: 'lax', path: '/' });
}

/** The device cookie (services/accounts/devices.ts): sent only to the login call, kept a year. */
export const DEVICE_COOKIE = 'did';
const DEVICE_COOKIE_DAYS = 365;

export function setDeviceCookie(reply: FastifyReply, value: string): void {
  reply.setCookie(DEVICE_COOKIE, value, {
    httpOnly: true,
    secure: true,
    sameSite: 'strict',
    path: '/api/client-login',
    maxAge: DEVICE_COOKIE_DAYS * 24 * 60 * 60,
  });
}
