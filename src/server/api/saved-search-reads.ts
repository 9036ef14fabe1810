// The reads of saved searches (api/reads.ts), so pages can declare them:
//   GET|POST /api/saved-searches/manage?token=       the manage page: the address's searches; 404 for a bad link
//   GET|POST /api/saved-searches/unsubscribe?token=  the unsubscribe page: the one search; 404 for a bad link
//   GET|POST /api/saved-searches/mine                the profile: a logged-in client's searches; 401 anonymous
// All are personal (private, no-store). None changes anything.
import { object } from 'superstruct';
import { ManageQuery } from '../../shared/saved-search-bodies.ts';
import type { SavedSearchList, SavedSearchView } from '../../shared/saved-searches.ts';
import { HttpError } from '../../shared/errors.ts';
import { t } from '../../shared/i18n.ts';
import { read } from './read.ts';

export const savedSearchReads = {
  '/api/saved-searches/manage': read({
    path: '/api/saved-searches/manage',
    query: ManageQuery,
    personal: true,
    handler: ({ token }, ctx): Promise<SavedSearchList> => ctx.services.savedSearches.listByToken(token),
  }),
  '/api/saved-searches/unsubscribe': read({
    path: '/api/saved-searches/unsubscribe',
    query: ManageQuery,
    personal: true,
    handler: async ({ token }, ctx): Promise<{ data: SavedSearchView }> => ({
      data: await ctx.services.savedSearches.unsubscribeTarget(token),
    }),
  }),
  '/api/saved-searches/mine': read({
    path: '/api/saved-searches/mine',
    query: object({}),
    personal: true,
    async handler(_query, ctx): Promise<SavedSearchList> {
      if (!ctx.client) throw new HttpError(401, t('account.errors.loginRequired'));
      const { email } = await ctx.services.accounts.user(ctx.client.id);
      return ctx.services.savedSearches.listByEmail(email);
    },
  }),
};
