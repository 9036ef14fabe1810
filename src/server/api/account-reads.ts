// GET|POST /api/favorites: the logged-in client's favorites as search cards, in
// the scope of the partner's site (by host, then the `partner` slug), withdrawn
// projects left out. A read (api/reads.ts), so the favorites page can declare
// it as its data need; 401 anonymous (the page itself sends anonymous visitors
// to /login first, and a visitor's favorites page does not ask).
//
// GET|POST /api/project-cards: the cards of a visitor's favorites, kept in the
// browser (the favorites page of a visitor reads them after hydration).
import { FavoritesQuery, ProjectCardsQuery } from '../../shared/accounts.ts';
import { HttpError, PARTNER_NOT_FOUND_MESSAGE } from '../../shared/errors.ts';
import { t } from '../../shared/i18n.ts';
import { read } from './read.ts';

export const favoritesRead = read({
  path: '/api/favorites',
  query: FavoritesQuery,
  personal: true,
  async handler({ partner: slug }, ctx) {
    if (!ctx.client) throw new HttpError(401, t('account.errors.loginRequired'));
    const partner = await ctx.partner(slug);
    if (slug && !partner) throw new HttpError(404, PARTNER_NOT_FOUND_MESSAGE);
    return { data: await ctx.services.accounts.favoriteCards(ctx.client.id, partner?.id ?? null) };
  },
});

export const projectCardsRead = read({
  path: '/api/project-cards',
  query: ProjectCardsQuery,
  personal: false,
  async handler({ ids, partner: slug }, ctx) {
    const partner = await ctx.partner(slug);
    if (slug && !partner) throw new HttpError(404, PARTNER_NOT_FOUND_MESSAGE);
    return { data: await ctx.services.catalogue.cards(ids, await ctx.services.catalogue.scope(partner?.id, await ctx.versions())) };
  },
});
