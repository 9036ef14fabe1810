// The calls that change saved searches (issue 13; bodies in src/shared/saved-search-bodies.ts):
//
//   POST /api/saved-searches         {email, search, frequency, partner?}
//                                    201 {data: {status: 'pending'}}: a confirmation mail is queued
//                                    201 {data: {status: 'active'}}: a logged-in client's, saved at once
//                                    400 a field is wrong (the message names it); 429 too many
//   POST /api/saved-searches/change  {token?, action, id?, frequency?} → 200 the list as it now is;
//                                    with a mailed link's token, or as a logged-in client
//
// A save under a language's prefix (`/nl/api/saved-searches`, as the browser's
// pages post, or the form of a `/nl/…` page) is that language's search: its
// mails are written in it (services/saved-searches).
//
// The reads are in api/saved-search-reads.ts; the pages' forms without
// JavaScript and the mails' links in render/saved-search-posts.ts, which count
// under the same limits. Every answer is `private, no-store`.
//
// Limits, as the leads' (@fastify/rate-limit over the store's counts, shared
// by every instance): LEAD_RATE_LIMIT saves a minute per client address, and
// EMAIL_LIMIT an hour per address mailed, so nobody can make the site mail one
// address over and over.
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { create, type Struct } from 'superstruct';
import { ClientSaveSearchBody, MANAGE_BODIES, ManageEnvelope, SaveSearchBody } from '../../shared/saved-search-bodies.ts';
import {
  readSavedSearch,
  type ManageBody,
  type SaveAnswer,
  type SavedSearchList,
  type SavedSearchStatus,
} from '../../shared/saved-searches.ts';
import { fieldError, HttpError, RetryLater } from '../../shared/errors.ts';
import { t } from '../../shared/i18n.ts';
import { privateNoStore } from '../http/caching.ts';
import { rateLimitKey } from '../http/client-address.ts';
import { rateLimitStore } from '../http/rate-limit-store.ts';
import { visitorLanguage } from '../http/language.ts';

const MINUTE = 60_000;
const EMAIL_LIMIT = { max: 5, timeWindow: 60 * MINUTE };

/** A save, however it came: what was sent, already checked, and where from. */
export interface SaveInput {
  email: string | undefined;
  search: string;
  frequency: SaveSearchBody['frequency'];
  /** The slug of the partner's path, if any (the host decides first). */
  partner?: string;
}

/** What the forms without JavaScript share with the API: the limits and the save itself. */
export interface SavedSearchSending {
  /** Counts a save from this client address (and, once known, to this email): the seconds to wait when over a limit, else 0. */
  limit(request: FastifyRequest, email: string | null): Promise<number>;
  save(request: FastifyRequest, input: SaveInput): Promise<SavedSearchStatus>;
  manage(request: FastifyRequest, body: ManageBody): Promise<SavedSearchList>;
}

export interface SavedSearchRouteOptions {
  forms?: FastifyPluginAsync<SavedSearchSending>;
}

export async function savedSearchRoutes(app: FastifyInstance, options: SavedSearchRouteOptions = {}): Promise<void> {
  const { savedSearches, partners, accounts } = app.services;
  // Counted in the store like the leads, so every instance counts together; a failing count lets the save through.
  const count = { limits: app.services.rateLimits, onFailure: 'open' as const, log: app.log };
  await app.register(rateLimit, { global: false, store: rateLimitStore(count, 'saved-searches') });
  const perAddress = app.createRateLimit({
    max: app.config.LEAD_RATE_LIMIT,
    timeWindow: MINUTE,
    keyGenerator: (r) => `ip:${rateLimitKey(r.ip)}`,
  });
  const emails = new WeakMap<FastifyRequest, string>();
  const perEmail = app.createRateLimit({ ...EMAIL_LIMIT, keyGenerator: (r) => `email:${emails.get(r)}` });

  const sending: SavedSearchSending = {
    async limit(request, email) {
      const first = await perAddress(request);
      if (!first.isAllowed && first.isExceeded) return first.ttlInSeconds;
      if (email === null) return 0;
      emails.set(request, email.trim().toLowerCase());
      const second = await perEmail(request);
      return !second.isAllowed && second.isExceeded ? second.ttlInSeconds : 0;
    },
    async save(request, input) {
      const session = await request.client();
      const email = session ? (await accounts.user(session.id)).email : input.email;
      if (!email)
        throw new HttpError(400, `email ${t('errors.field.required')}`, { field: 'email', fieldMessage: t('forms.errors.required') });
      const partner = await partners.resolve(request.hostname, input.partner ?? null);
      if (input.partner && !partner) throw fieldError('partner', t('errors.field.partner'));
      const filters = readSavedSearch(input.search)!;
      const status = await savedSearches.save({
        email,
        filters,
        frequency: input.frequency,
        partner,
        fromAccount: session !== null,
        language: await visitorLanguage(request, partners),
      });
      if (status === 'pending') app.outbox.kick();
      return status;
    },
    async manage(request, body) {
      if (body.token) return savedSearches.manage({ token: body.token }, body);
      const session = await request.client();
      if (!session) throw new HttpError(401, t('savedSearches.errors.loginRequired'));
      return savedSearches.manage({ email: (await accounts.user(session.id)).email }, body);
    },
  };

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/saved-searches')) privateNoStore(reply);
    return payload;
  });

  app.post('/api/saved-searches', async (request, reply): Promise<SaveAnswer> => {
    const signedIn = (await request.client()) !== null;
    const body = create(request.body ?? {}, (signedIn ? ClientSaveSearchBody : SaveSearchBody) as unknown as Struct<SaveInput>);
    const wait = await sending.limit(request, signedIn ? null : body.email!);
    if (wait) throw new RetryLater(429, t('savedSearches.errors.rateLimited'), wait);
    const status = await sending.save(request, body);
    reply.code(201);
    return { data: { status } };
  });

  app.post('/api/saved-searches/change', async (request): Promise<SavedSearchList> => {
    const { action } = create(pickAction(request.body), ManageEnvelope);
    return sending.manage(request, create(request.body, MANAGE_BODIES[action]) as ManageBody);
  });

  if (options.forms) await app.register(options.forms, sending);
}

/** Only `action`, so the first check names it alone; the full body is checked next. */
function pickAction(body: unknown): unknown {
  return body && typeof body === 'object' && !Array.isArray(body) ? { action: (body as { action?: unknown }).action } : body;
}
