// POST /api/leads: a contact, broker or property form (SPEC §3), or a logged-in
// client's favorites sent to their broker (kind 'favorites': 401 anonymous,
// 400 'favorites …' when there are none). The body is
// checked with the structs the browser checks the form with (src/shared/leads.ts);
// the lead and its mail are stored in one transaction before the answer:
//   201 {data: {id}}  stored now
//   200 {data: {id}}  this idempotency_key was stored before (a retry)
//   400               a field is missing or wrong: the message names it
//   429               too many submissions from this address this minute
// Every answer is `private, no-store`: it is about one visitor's request.
// The forms posted without JavaScript (render/form-post.ts) are registered here
// too, so they store through the same service and count under the same limit.
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { create, type Struct } from 'superstruct';
import { LEAD_BODIES, LeadEnvelope, type LeadBody, type LeadCreated } from '../../shared/leads.ts';
import { t } from '../../shared/i18n.ts';
import { LeadService } from '../services/leads.ts';
import { privateNoStore } from '../http/caching.ts';
import { rateLimitKey } from '../http/client-address.ts';
import { rateLimitStore } from '../http/rate-limit-store.ts';

const RATE_WINDOW_MS = 60_000;

/** What another way of sending a lead gets: the service, and the limit shared with POST /api/leads. */
export interface LeadSending {
  leads: LeadService;
  /** Counts this request; true when it is over the limit (then `retryAfterS` says when to try again). */
  limit(request: FastifyRequest): Promise<{ exceeded: boolean; retryAfterS: number }>;
}

export interface LeadRouteOptions {
  /** The forms posted without JavaScript (render/form-post.ts). */
  forms?: FastifyPluginAsync<LeadSending>;
}

export async function leadRoutes(app: FastifyInstance, options: LeadRouteOptions = {}): Promise<void> {
  const leads = new LeadService(app.store.db, app.services.partners, app.config.OFFICE_EMAIL, {
    siteUrl: app.config.SITE_URL,
    accounts: app.services.accounts,
  });

  // Only the lead routes are limited (global: false), together (one count, 'leads'); the count is per
  // client address, request.ip, which honours TRUST_PROXY (an IPv6 one by its /64). Counted in the
  // store, so every instance on one database counts together; a failing count lets the lead through.
  const count = { limits: app.services.rateLimits, onFailure: 'open' as const, log: app.log };
  await app.register(rateLimit, { global: false, store: rateLimitStore(count, 'leads') });

  app.addHook('onSend', async (_request, reply, payload) => {
    privateNoStore(reply);
    return payload;
  });

  app.post(
    '/api/leads',
    {
      config: {
        rateLimit: {
          max: app.config.LEAD_RATE_LIMIT,
          timeWindow: RATE_WINDOW_MS,
          keyGenerator: (request) => rateLimitKey(request.ip),
          // Thrown, then answered by the app's error handler as any 4xx.
          errorResponseBuilder: (_request, context) => ({ statusCode: context.statusCode, message: t('forms.errors.rateLimited') }),
        },
      },
    },
    async (request, reply): Promise<LeadCreated> => {
      const body = request.body ?? {};
      const { kind } = create(pickKind(body), LeadEnvelope);
      const lead = create(body, LEAD_BODIES[kind] as Struct<LeadBody, unknown>);
      const result = await leads.submit(lead, {
        host: request.hostname,
        ip: request.ip ?? null,
        userAgent: request.headers['user-agent'] ?? null,
        clientId: (await request.client())?.id ?? null,
      });
      if (result.created) {
        app.outbox.kick();
        reply.code(201);
      }
      return { data: { id: result.id } };
    },
  );

  if (options.forms) {
    const limiter = app.createRateLimit({
      max: app.config.LEAD_RATE_LIMIT,
      timeWindow: RATE_WINDOW_MS,
      keyGenerator: (request) => rateLimitKey(request.ip),
    });
    const limit = async (request: FastifyRequest) => {
      const result = await limiter(request);
      return result.isAllowed ? { exceeded: false, retryAfterS: 0 } : { exceeded: result.isExceeded, retryAfterS: result.ttlInSeconds };
    };
    await app.register(options.forms, { leads, limit });
  }
}

/** Only `kind`, so the first check names it alone; the full body is checked next. */
function pickKind(body: unknown): unknown {
  return body && typeof body === 'object' && !Array.isArray(body) ? { kind: (body as { kind?: unknown }).kind } : body;
}
