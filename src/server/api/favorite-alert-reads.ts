// The read of the page a favorites mail's unsubscribe link opens (issue 13):
//   GET|POST /api/favorite-alerts/unsubscribe?token=   whether the alerts are on; 404 for a bad or expired link
// Personal (private, no-store); it changes nothing (a mail scanner that
// follows the link switches nothing off: the one-click POST does).
import { FavoriteAlertLinkQuery, type FavoriteAlertLinkAnswer } from '../../shared/favorite-alerts.ts';
import { HttpError } from '../../shared/errors.ts';
import { t } from '../../shared/i18n.ts';
import { read } from './read.ts';

export const favoriteAlertReads = {
  '/api/favorite-alerts/unsubscribe': read({
    path: '/api/favorite-alerts/unsubscribe',
    query: FavoriteAlertLinkQuery,
    personal: true,
    async handler({ token }, ctx): Promise<FavoriteAlertLinkAnswer> {
      const state = await ctx.services.favoriteAlerts.linkState(token, new Date());
      if (!state) throw new HttpError(404, t('favoriteAlerts.unsubscribe.link'));
      return { data: state };
    },
  }),
};
