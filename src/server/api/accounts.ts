// The account calls (SPEC §7; bodies and answers in src/shared/accounts.ts):
//
//   POST /api/client-register         201 {data: user, meta: {token}} + the sid cookie
//   POST /api/client-login            200 {data: user, meta: {token}} + the sid and did cookies; 401 'Check your credentials';
//                                     429 with Retry-After while the account (or the device) is throttled
//   GET  /api/client                  200 {data: user}; 401 anonymous, expired or revoked
//   POST /api/client-logout           200 {message}: the Bearer's and the cookie's sessions revoked, the cookie cleared
//   GET  /api/client-sessions         200 {data: sessions}: the client's live sessions (the profile's list); 401 anonymous
//   POST /api/client-logout-others    200 {data: sessions}: every session but the request's revoked; 401 anonymous
//   POST /api/client-forgot-password  200 {message}, whether or not the email has an account (the
//                                     link is written and mailed after answering, so it takes as long)
//   POST /api/client-reset-password   200 {message}; 400 for a bad, used or expired token
//   POST /api/profilesubmit           200 {data: user}; 401 anonymous
//   POST /api/favoritesubmit          200 {data: {favorites}}; 401 anonymous
// (GET /api/favorites is a read: api/account-reads.ts.)
//
// Every answer is `private, no-store`. A bad body is a 400 naming the field.
// Each call answers under a language's prefix too (`/de/api/client-register`,
// as the browser's pages post: client/lib/api.ts): the mails it causes are
// written in that language, and register, login and profile make it the
// account's (services/accounts).
// CSRF: the cookie is SameSite=Lax, and every POST here must be JSON
// (Content-Type: application/json; else 415), which another origin cannot
// send without a CORS preflight that this server never grants. Logout may
// also come without a body, which any page may send: then it must come from
// a page of this site, as the forms posted without JavaScript (403 else;
// http/same-origin.ts).
//
// Rate limits on register, login, forgot and reset (and on profile changes
// that check the password): per client address for each route
// (AUTH_RATE_LIMIT a minute; request.ip honours only the TRUST_PROXY hops),
// counted before the body is read, and per account (the normalised email, or
// the reset token), counted once the body is valid. Counted in the store, so
// every instance on one database counts together; when the count cannot be
// written, the attempt is refused (503), never let through. Logins are not
// limited per account but throttled (services/accounts/login-throttle.ts):
// after a few failures each next attempt waits longer, except from a browser
// whose device cookie (`did`, set by a login) is that client's.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { create, type Struct } from 'superstruct';
import {
  FAVORITE_BODIES,
  FavoriteAction,
  ForgotPasswordBody,
  LoginBody,
  ProfileBody,
  RegisterBody,
  ResetPasswordBody,
  type AuthAnswer,
  type ClientAnswer,
  type FavoriteBody,
  type FavoritesAnswer,
  type MessageAnswer,
  type SessionsAnswer,
} from '../../shared/accounts.ts';
import { HttpError } from '../../shared/errors.ts';
import { t } from '../../shared/i18n.ts';
import { privateNoStore } from '../http/caching.ts';
import { rateLimitKey } from '../http/client-address.ts';
import { countHit, rateLimitStore } from '../http/rate-limit-store.ts';
import { sameOrigin } from '../http/same-origin.ts';
import { visitorLanguage } from '../http/language.ts';
import { carriedTokens, clearSessionCookie, DEVICE_COOKIE, setDeviceCookie, setSessionCookie } from '../http/session.ts';
import { TooManyAttempts } from '../services/accounts/login-throttle.ts';
import { hashToken } from '../services/accounts/tokens.ts';
import type { ActiveSession } from '../services/accounts/index.ts';

const MINUTE = 60_000;

/** Per account: how many attempts in how long (logins: services/accounts/login-throttle.ts). */
const ACCOUNT_LIMITS = {
  register: { max: 5, timeWindow: 60 * MINUTE },
  forgot: { max: 3, timeWindow: 60 * MINUTE },
  reset: { max: 5, timeWindow: 15 * MINUTE },
  /** Profile changes that check the current password: a stolen session must not guess it. */
  password: { max: 10, timeWindow: 15 * MINUTE },
} as const;
type Limited = keyof typeof ACCOUNT_LIMITS;

const bodyOf = (request: FastifyRequest): Record<string, unknown> =>
  (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;

const userAgentOf = (request: FastifyRequest) => request.headers['user-agent'] ?? null;

/** The account an attempt is about: the email as stored, the reset token's hash, or the client. */
const ACCOUNT_KEYS: Record<Limited, (request: FastifyRequest) => string | Promise<string>> = {
  register: (r) => String(bodyOf(r).email).trim().toLowerCase(),
  forgot: (r) => String(bodyOf(r).email).trim().toLowerCase(),
  reset: (r) => hashToken(String(bodyOf(r).token)),
  password: async (r) => `client:${(await r.client())?.id}`,
};

export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const { accounts } = app.services;

  const count = { limits: app.services.rateLimits, onFailure: 'closed' as const, log: app.log };
  await app.register(rateLimit, { global: false, store: rateLimitStore(count) });
  const perAddress = {
    max: app.config.AUTH_RATE_LIMIT,
    timeWindow: MINUTE,
    keyGenerator: (request: FastifyRequest) => rateLimitKey(request.ip),
    // Thrown, then answered by the app's error handler as any 4xx (Retry-After is already set).
    errorResponseBuilder: (_request: FastifyRequest, context: { statusCode: number; ttl: number }) => ({
      statusCode: context.statusCode,
      message: new TooManyAttempts(context.ttl).message,
    }),
  };
  /** Counts an attempt on the account; a 429 with Retry-After once there were too many. */
  async function limitAccount(name: Limited, request: FastifyRequest): Promise<void> {
    const { max, timeWindow } = ACCOUNT_LIMITS[name];
    const hit = await countHit(count, `account:${name}`, await ACCOUNT_KEYS[name](request), timeWindow);
    if (hit.current > max) throw new TooManyAttempts(hit.ttlMs);
  }

  async function signedIn(request: FastifyRequest): Promise<ActiveSession> {
    const session = await request.client();
    if (!session) throw new HttpError(401, t('account.errors.loginRequired'));
    return session;
  }

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'POST') return;
    const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (type === 'application/json') return;
    const empty =
      !request.headers['content-type'] && !request.headers['transfer-encoding'] && !Number(request.headers['content-length'] ?? 0);
    if (empty && request.url.split('?')[0] === '/api/client-logout') {
      if (sameOrigin(request)) return;
      reply.header('cache-control', 'no-store');
      throw new HttpError(403, t('account.errors.crossSite'));
    }
    reply.header('cache-control', 'no-store');
    throw new HttpError(415, t('account.errors.jsonOnly'));
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    privateNoStore(reply);
    return payload;
  });

  const limited = { config: { rateLimit: perAddress } };
  /** Forgot-password work still running after its answer; a closing app waits for it. */
  const pending = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...pending]);
  });

  app.post('/api/client-register', limited, async (request, reply): Promise<AuthAnswer> => {
    const body = create(request.body ?? {}, RegisterBody);
    await limitAccount('register', request);
    const { user, token, device } = await accounts.register(body, {
      host: request.hostname,
      address: request.ip,
      userAgent: userAgentOf(request),
      language: await visitorLanguage(request, app.services.partners),
    });
    app.outbox.kick();
    setSessionCookie(reply, token);
    setDeviceCookie(reply, device);
    reply.code(201);
    return { data: user, meta: { token } };
  });

  app.post('/api/client-login', limited, async (request, reply): Promise<AuthAnswer> => {
    const body = create(request.body ?? {}, LoginBody);
    const origin = {
      host: request.hostname,
      address: request.ip,
      userAgent: userAgentOf(request),
      device: request.cookies[DEVICE_COOKIE],
      language: await visitorLanguage(request, app.services.partners),
    };
    const result = await accounts.login(body, origin);
    if (!result) throw new HttpError(401, t('messages.loginFailed'));
    setSessionCookie(reply, result.token);
    setDeviceCookie(reply, result.device);
    return { data: result.user, meta: { token: result.token } };
  });

  app.get('/api/client', async (request): Promise<ClientAnswer> => {
    const session = await signedIn(request);
    return { data: await accounts.user(session.id) };
  });

  app.post('/api/client-logout', async (request, reply): Promise<MessageAnswer> => {
    // The cookie's session too: a login in another tab may have replaced the cookie this tab's Bearer came with.
    for (const token of carriedTokens(request)) await accounts.logout(token);
    clearSessionCookie(reply);
    return { message: t('account.loggedOut') };
  });

  app.get('/api/client-sessions', async (request): Promise<SessionsAnswer> => {
    const session = await signedIn(request);
    return { data: await accounts.sessions(session) };
  });

  app.post('/api/client-logout-others', async (request): Promise<SessionsAnswer> => {
    const session = await signedIn(request);
    await accounts.logOutOthers(session);
    return { data: await accounts.sessions(session) };
  });

  app.post('/api/client-forgot-password', limited, async (request): Promise<MessageAnswer> => {
    const body = create(request.body ?? {}, ForgotPasswordBody);
    await limitAccount('forgot', request);
    // Done after answering: writing an account's link and mail must not make its answer slower than none's.
    const work = accounts.forgotPassword(body.email, await visitorLanguage(request, app.services.partners)).then(
      () => app.outbox.kick(),
      (error: unknown) => request.log.error({ err: error }, 'reset link not written'),
    );
    pending.add(work);
    void work.finally(() => pending.delete(work));
    return { message: t('messages.resetLinkSent') };
  });

  app.post('/api/client-reset-password', limited, async (request, reply): Promise<MessageAnswer> => {
    const body = create(request.body ?? {}, ResetPasswordBody);
    await limitAccount('reset', request);
    await accounts.resetPassword(body.token, body.password, request.ip);
    // A cookie of a session this just ended is of no use any more.
    clearSessionCookie(reply);
    return { message: t('messages.passwordReset') };
  });

  app.post('/api/profilesubmit', async (request): Promise<ClientAnswer> => {
    const session = await signedIn(request);
    const body = create(request.body ?? {}, ProfileBody);
    if (body.current_password !== undefined) await limitAccount('password', request);
    return { data: await accounts.updateProfile(session, body, request.ip, await visitorLanguage(request, app.services.partners)) };
  });

  app.post('/api/favoritesubmit', async (request): Promise<FavoritesAnswer> => {
    const session = await signedIn(request);
    const { action } = create({ action: bodyOf(request).action }, FavoriteAction);
    const body = create(request.body, FAVORITE_BODIES[action] as Struct<FavoriteBody, unknown>);
    const favorites =
      'ids' in body
        ? await accounts.mergeFavorites(session.id, body.ids)
        : body.action === 'add'
          ? await accounts.addFavorite(session.id, body.id)
          : await accounts.removeFavorite(session.id, body.id);
    return { data: { favorites } };
  });
}
