// The saved-search addresses a browser without JavaScript, or a mail, reaches
// (issue 13), in every section: '' (the main site), '/old', '/{partner}', and
// the root of a partner's own domain. Each does its work and answers 303 to a
// page of the route table (Post/Redirect/Get), so a reload never repeats it:
//
//   POST {section}/saved-searches                    the search page's form: → …/saved-searches/sent,
//                                                    or back to …/saved-searches/new?…&error=<field|limited>
//   GET  {section}/saved-searches/confirm/{token}    starts the search → …/saved-searches/manage/{new token}?done=confirmed
//                                                    (a bad link: → …/manage/{token}, which says so with a 404)
//   POST {section}/saved-searches/manage/{token}     action, id, frequency → …/manage/{token}?done=<action>
//   POST {section}/saved-searches/unsubscribe/{token}
//        body List-Unsubscribe=One-Click (RFC 8058, form-urlencoded or multipart):
//        200 'Unsubscribed.' and the search stops at once; from the page's own
//        button (`page=1`) → …/unsubscribe/{token}?done=1; 400 without that body; 404 a bad link.
//
// The forms must come from this site (Origin or Referer, as the lead forms);
// the mail's one-click POST comes from a mail provider, and its token is its authority.
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { validate, type Struct } from 'superstruct';
import { ClientSaveSearchBody, MANAGE_BODIES, SaveSearchBody } from '../../shared/saved-search-bodies.ts';
import { FREQUENCIES, MANAGE_ACTIONS, type ManageAction, type ManageBody } from '../../shared/saved-searches.ts';
import { HttpError } from '../../shared/errors.ts';
import { t } from '../../shared/i18n.ts';
import { noStore } from '../http/caching.ts';
import { PAGE_ROUTE } from '../http/html-compression.ts';
import type { SaveInput, SavedSearchSending } from '../api/saved-searches.ts';
import { sameOrigin } from '../http/same-origin.ts';
import { fromOwnPage, oneClickText, requireOneClick, sectionOf } from './one-click.ts';
import { TOKEN_PATTERN } from '../../shared/accounts.ts';

const BODY_LIMIT = 16 * 1024;
const NOT_FORM = Symbol('not form data');
type Params = { partner?: string; token?: string };

/**
 * The bodies of a page's form and of a mail client's one-click POST, in the
 * plugin's scope: form data as URLSearchParams, multipart as its
 * List-Unsubscribe field (or null), anything else parsed (so its size is
 * checked) as NOT_FORM.
 */
export function parseFormBodies(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_r, body, done) =>
    done(null, new URLSearchParams(body as string)),
  );
  app.addContentTypeParser('multipart/form-data', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_r, body, done) =>
    done(null, multipartOneClick(body as string)),
  );
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_r, _body, done) => done(null, NOT_FORM));
}

export const savedSearchPosts: FastifyPluginAsync<SavedSearchSending> = async (app, sending) => {
  const { partners, savedSearches } = app.services;
  parseFormBodies(app);

  const formOf = (request: FastifyRequest): URLSearchParams => {
    if (!(request.body instanceof URLSearchParams)) throw new HttpError(415, t('formPost.notForm'));
    if (!sameOrigin(request)) throw new HttpError(403, t('formPost.crossOrigin'));
    return request.body;
  };
  const seeOther = (reply: FastifyReply, location: string) => {
    noStore(reply);
    return reply.redirect(location, 303);
  };

  async function save(request: FastifyRequest<{ Params: Params }>, reply: FastifyReply) {
    const section = await sectionOf(partners, request);
    if (!section) return reply.callNotFound();
    const form = formOf(request);
    const values = { email: form.get('email') ?? '', search: form.get('search') ?? '', frequency: form.get('frequency') ?? '' };
    const signedIn = (await request.client()) !== null;
    const back = (error: string) => {
      const query = new URLSearchParams({ search: values.search, frequency: values.frequency, error });
      return seeOther(reply, `${section.root}/saved-searches/new?${query}`);
    };
    const struct = (signedIn ? ClientSaveSearchBody : SaveSearchBody) as unknown as Struct<SaveInput>;
    const [error, body] = validate(signedIn ? { ...values, email: undefined } : values, struct);
    if (error) return back(String(error.path[0] ?? 'search'));
    if (await sending.limit(request, signedIn ? null : body.email!)) return back('limited');
    try {
      const status = await sending.save(request, { ...body, ...(section.slug ? { partner: section.slug } : {}) });
      return seeOther(reply, `${section.root}/saved-searches/sent${status === 'active' ? '?status=active' : ''}`);
    } catch (failure) {
      // The place the search names is not (any more) in the catalogue.
      if (failure instanceof HttpError && failure.statusCode === 400) return back('search');
      throw failure;
    }
  }

  async function confirm(request: FastifyRequest<{ Params: Params }>, reply: FastifyReply) {
    const section = await sectionOf(partners, request);
    if (!section) return reply.callNotFound();
    const token = request.params.token ?? '';
    const manage = TOKEN_PATTERN.test(token) ? await savedSearches.confirm(token) : null;
    return seeOther(reply, `${section.root}/saved-searches/manage/${manage ? `${manage}?done=confirmed` : encodeURIComponent(token)}`);
  }

  async function manage(request: FastifyRequest<{ Params: Params }>, reply: FastifyReply) {
    const section = await sectionOf(partners, request);
    if (!section) return reply.callNotFound();
    const form = formOf(request);
    const action = form.get('action') as ManageAction;
    if (!MANAGE_ACTIONS.includes(action)) throw new HttpError(400, `action: ${t('savedSearches.errors.id')}`);
    const frequency = form.get('frequency');
    const raw = {
      token: request.params.token,
      action,
      ...(form.has('id') ? { id: Number(form.get('id')) } : {}),
      ...(frequency && (FREQUENCIES as readonly string[]).includes(frequency) ? { frequency } : {}),
    };
    const [error, body] = validate(raw, MANAGE_BODIES[action]);
    if (error) throw error;
    await sending.manage(request, body as ManageBody);
    return seeOther(reply, `${section.root}/saved-searches/manage/${request.params.token}?done=${action}`);
  }

  async function unsubscribe(request: FastifyRequest<{ Params: Params }>, reply: FastifyReply) {
    const section = await sectionOf(partners, request);
    if (!section) return reply.callNotFound();
    requireOneClick(request.body);
    const token = request.params.token ?? '';
    if (!TOKEN_PATTERN.test(token) || !(await savedSearches.unsubscribe(token))) throw new HttpError(404, t('savedSearches.errors.link'));
    if (fromOwnPage(request)) return seeOther(reply, `${section.root}/saved-searches/unsubscribe/${token}?done=1`);
    noStore(reply);
    return reply.type('text/plain; charset=utf-8').send(oneClickText(section, 'savedSearches.unsubscribe.oneClick'));
  }

  for (const root of ['', '/:partner']) {
    app.post(`${root}/saved-searches`, PAGE_ROUTE, save);
    app.get(`${root}/saved-searches/confirm/:token`, confirm);
    app.post(`${root}/saved-searches/manage/:token`, PAGE_ROUTE, manage);
    app.post(`${root}/saved-searches/unsubscribe/:token`, PAGE_ROUTE, unsubscribe);
  }
};

/** The List-Unsubscribe field of a multipart/form-data body (RFC 8058 prefers it), or null. */
function multipartOneClick(body: string): string | null {
  const m = /content-disposition:\s*form-data;\s*name="?List-Unsubscribe"?[^\r\n]*\r?\n(?:[^\r\n]+\r?\n)*\r?\n([^\r\n]*)/i.exec(body);
  return m ? m[1]!.trim() : null;
}
