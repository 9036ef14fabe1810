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
import { TOKEN_PATTERN } from '../../shared/accounts.ts';
import { HttpError } from '../../shared/errors.ts';
import { t } from '../../shared/i18n.ts';
import { noStore } from '../http/caching.ts';
import { fromOwnPage, oneClickText, requireOneClick, sectionOf } from './one-click.ts';
import { parseFormBodies } from './saved-search-posts.ts';

type Params = { partner?: string; token: string };

export const favoriteAlertPosts: FastifyPluginAsync = async (app) => {
  const { partners, favoriteAlerts } = app.services;
  parseFormBodies(app);

  async function unsubscribe(request: FastifyRequest<{ Params: Params }>, reply: FastifyReply) {
    const section = await sectionOf(partners, request);
    if (!section) return reply.callNotFound();
    requireOneClick(request.body);
    const { token } = request.params;
    if (!TOKEN_PATTERN.test(token) || !(await favoriteAlerts.unsubscribe(token, new Date())))
      throw new HttpError(404, t('favoriteAlerts.unsubscribe.link'));
    noStore(reply);
    if (fromOwnPage(request)) return reply.redirect(`${section.root}/favorite-alerts/unsubscribe/${token}`, 303);
    return reply.type('text/plain; charset=utf-8').send(oneClickText(section, 'favoriteAlerts.unsubscribe.oneClick'));
  }

  app.post('/favorite-alerts/unsubscribe/:token', unsubscribe);
  app.post('/:partner/favorite-alerts/unsubscribe/:token', unsubscribe);
};
