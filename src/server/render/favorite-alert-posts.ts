// The unsubscribe link of a favorites mail (issue 13), in every section:
//   POST {section}/favorite-alerts/unsubscribe/{token}
//        body List-Unsubscribe=One-Click (RFC 8058, form-urlencoded or multipart):
//        200 'Unsubscribed…' and the client's favorites alerts are off at once;
//        from the page's own button (`page=1`) → 303 back to the page, which says so;
//        400 without that body; 404 a bad or expired link.
// The GET of the same address is the page (pages/favorite-alerts.tsx). As the
// saved searches' link, the token is the authority: the mail provider's POST
// comes from anywhere.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ONE_CLICK } from '../../shared/saved-searches.ts';
import { TOKEN_PATTERN } from '../../shared/accounts.ts';
import { HttpError } from '../../shared/errors.ts';
import { t } from '../../shared/i18n.ts';
import { noStore } from '../http/caching.ts';
import { sameOrigin } from './form-post.ts';
import { parseFormBodies } from './saved-search-posts.ts';

type Params = { partner?: string; token: string };

export const favoriteAlertPosts: FastifyPluginAsync = async (app) => {
  const { partners, favoriteAlerts } = app.services;
  parseFormBodies(app);

  /** The section's root ('', '/old', '/slug'), or null for a slug that names no partner here. */
  async function rootOf(request: FastifyRequest<{ Params: Params }>): Promise<string | null> {
    const slug = request.params.partner;
    if (slug === undefined || slug === 'old') return slug ? '/old' : '';
    if ((await partners.byHost(request.hostname)) || !(await partners.bySlug(slug.toLowerCase()))) return null;
    return `/${slug}`;
  }

  async function unsubscribe(request: FastifyRequest<{ Params: Params }>, reply: FastifyReply) {
    const root = await rootOf(request);
    if (root === null) return reply.callNotFound();
    const body = request.body;
    const value = body instanceof URLSearchParams ? body.get(ONE_CLICK.name) : typeof body === 'string' ? body : null;
    if (value !== ONE_CLICK.value) throw new HttpError(400, `${ONE_CLICK.name}: ${t('favoriteAlerts.unsubscribe.notOneClick')}`);
    const { token } = request.params;
    if (!TOKEN_PATTERN.test(token) || !(await favoriteAlerts.unsubscribe(token, new Date())))
      throw new HttpError(404, t('favoriteAlerts.unsubscribe.link'));
    noStore(reply);
    if (body instanceof URLSearchParams && body.get('page') === '1' && sameOrigin(request))
      return reply.redirect(`${root}/favorite-alerts/unsubscribe/${token}`, 303);
    return reply.type('text/plain; charset=utf-8').send(t('favoriteAlerts.unsubscribe.oneClick'));
  }

  app.post('/favorite-alerts/unsubscribe/:token', unsubscribe);
  app.post('/:partner/favorite-alerts/unsubscribe/:token', unsubscribe);
};
