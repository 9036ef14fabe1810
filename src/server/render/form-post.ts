// POST of a page's lead form, sent by a browser without JavaScript (issue 10):
// /contact, the broker page and /for-sale/{id}, in every section and on a
// partner's own domain. The body is application/x-www-form-urlencoded; it is
// checked with the structs of POST /api/leads, counted under its rate limit
// and stored through the same service, then the page itself is rendered with
// the form's state in the initial state (src/shared/form-post.ts):
//   200  stored (or stored before under this key): 'Thanks you for your request', the form empty
//   422  a field is wrong: the messages under the fields, what was typed kept
//   429  over the rate limit: the message, what was typed kept
//   503  an import holds SQLite's write lock: the message, what was typed kept, Retry-After
//   400  the hidden idempotency key is missing or wrong (not something a browser sends)
//   403  the Origin (or, without one, the Referer) is another site, or
//        Sec-Fetch-Site says same-site or cross-site (http/same-origin.ts)
//   413  the body is over FORM_BODY_LIMIT
//   415  the body is not form data
// A path without a lead form stays a 404, as before.
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { validate, type Struct } from 'superstruct';
import {
  BrokerFields,
  ContactFields,
  LEAD_BODIES,
  PropertyFields,
  fieldErrors,
  type FormLeadKind,
  type LeadBody,
} from '../../shared/leads.ts';
import { FORM_KEY_FIELD, FORM_PAGES, type FormPageState, type PostedForm } from '../../shared/form-post.ts';
import { HttpError } from '../../shared/errors.ts';
import { t } from '../../shared/i18n.ts';
import type { AnyObjectStruct } from '../../shared/any-struct.ts';
import type { LeadSending } from '../api/leads.ts';
import { PAGE_ROUTE } from '../http/html-compression.ts';
import { renderPage, resolvePage, type PageRenderer } from './page.ts';
import { resolveRoute } from '../../shared/match.ts';
import { sameOrigin } from '../http/same-origin.ts';
import { isStoreBusy, STORE_BUSY_RETRY_S } from '../store/errors.ts';

/**
 * The longest message (5,000 characters) percent-encoded as three-byte UTF-8
 * is 45,000 bytes; the other fields and the key fit in what is left.
 */
const FORM_BODY_LIMIT = 64 * 1024;

const FIELDS: Record<FormLeadKind, AnyObjectStruct> = { contact: ContactFields, broker: BrokerFields, property: PropertyFields };

/** A body of any other type: parsed (so its size is checked), then refused with 415. */
const NOT_FORM = Symbol('not form data');

export function formPostRoutes(renderer: PageRenderer): FastifyPluginAsync<LeadSending> {
  return async function formPosts(app, { leads, limit }) {
    // In this plugin's scope only: the JSON API keeps refusing form bodies.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => {
        done(null, new URLSearchParams(body as string));
      },
    );
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: FORM_BODY_LIMIT }, (_request, _body, done) => done(null, NOT_FORM));

    async function formPost(request: FastifyRequest, reply: FastifyReply) {
      const url = new URL(`http://x${request.url}`);
      // The cheap checks first: which page, what body, from where, how often. Only
      // a form post let through pays for the page's reads.
      if (!(await formKind(url.pathname, request.hostname))) return reply.callNotFound();
      const form = request.body;
      if (!(form instanceof URLSearchParams)) throw new HttpError(415, t('formPost.notForm'));
      if (!sameOrigin(request)) throw new HttpError(403, t('formPost.crossOrigin'));
      const rate = await limit(request);

      const resolved = await resolvePage(app, request, renderer.routes, url.pathname, url.search);
      const match = resolved.redirect ? null : resolved.match;
      const kind = match ? FORM_PAGES[match.route.page] : undefined;
      if (!match || !kind) return reply.callNotFound();
      // The page itself is not there (an unknown project): its error page, nothing stored.
      if (resolved.error) return renderPage(app, renderer, request, reply, resolved, url, undefined);

      const projectId = kind === 'property' ? Number(match.params.id) : undefined;
      const hiddenKey = form.get(FORM_KEY_FIELD) ?? '';
      const values = Object.fromEntries(Object.keys(FIELDS[kind].schema).map((name) => [name, form.get(name) ?? '']));
      const answer = (status: number, posted: Omit<PostedForm, 'kind' | 'projectId'>, key = hiddenKey) => {
        const state: FormPageState = { key, posted: { kind, ...(projectId ? { projectId } : {}), ...posted } };
        return renderPage(app, renderer, request, reply, resolved, url, state, status);
      };

      if (rate.exceeded) {
        reply.header('retry-after', String(rate.retryAfterS));
        return answer(429, { result: 'limited', values, errors: {} });
      }

      const partner = match.params.partner ?? resolved.hostPartner?.slug;
      const envelope = {
        kind,
        [FORM_KEY_FIELD]: hiddenKey,
        page: url.pathname,
        ...(partner ? { partner } : {}),
        ...(projectId ? { project_id: projectId } : {}),
      };
      const [error, body] = validate({ ...envelope, ...values }, LEAD_BODIES[kind] as Struct<LeadBody, unknown>, { coerce: true });
      if (error) {
        const errors = fieldErrors(FIELDS[kind], values);
        // Only the envelope is wrong: the hidden key, which the server rendered itself.
        if (!Object.keys(errors).length) throw error;
        return answer(422, { result: 'invalid', values, errors });
      }

      const lead = { ...body, idempotency_key: storedKey(body) };
      const sender = {
        host: request.hostname,
        ip: request.ip ?? null,
        userAgent: request.headers['user-agent'] ?? null,
        clientId: (await request.client())?.id ?? null,
      };
      const result = await leads.submit(lead, sender).catch((error: unknown) => {
        if (isStoreBusy(error)) return null;
        throw error;
      });
      if (!result) {
        // An import holds SQLite's write lock: nothing stored, what was typed kept for another try.
        reply.header('retry-after', String(STORE_BUSY_RETRY_S));
        return answer(503, { result: 'busy', values, errors: {} });
      }
      if (result.created) app.outbox.kick();
      // A new key: the next request from this page is a new one.
      return answer(200, { result: 'sent', values: {}, errors: {} }, randomUUID());
    }

    /** The kind of lead form on the page `path` names (route and partner only, no reads), or undefined. */
    async function formKind(path: string, host: string): Promise<string | undefined> {
      const { partners } = app.services;
      const versions = await partners.versions();
      const hostPartner = await partners.byHost(host, versions);
      const match = await resolveRoute(
        path,
        async (slug) => (await partners.bySlug(slug, versions)) !== null,
        hostPartner?.slug ?? null,
        renderer.routes,
      ).catch(() => null);
      return match ? FORM_PAGES[match.route.page] : undefined;
    }

    app.post('/', { bodyLimit: FORM_BODY_LIMIT, ...PAGE_ROUTE }, formPost);
    app.post('/*', { bodyLimit: FORM_BODY_LIMIT, ...PAGE_ROUTE }, formPost);
  };
}

/**
 * The idempotency key the lead is stored under: the form's hidden key mixed
 * with everything sent. A page may come from a CDN's cache, so two visitors
 * can hold the same hidden key; their requests still differ by what they
 * typed. The same POST sent again (a reload, a double click) gives the same
 * key and is stored once.
 */
function storedKey(body: LeadBody): string {
  const { idempotency_key: hidden, ...rest } = body;
  const hex = createHash('sha256').update(hidden).update('\n').update(JSON.stringify(rest)).digest('hex');
  // In the UUID layout, version 8 (custom) and the RFC 9562 variant.
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
