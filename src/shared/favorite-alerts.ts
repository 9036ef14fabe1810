// Alerts on favorites (issue 13): the read behind the page a mail's unsubscribe
// link opens, {section}/favorite-alerts/unsubscribe/{token}. The switch itself
// is the profile's `favorite_alerts` (shared/accounts.ts).
import { object, refine, string, type Infer } from 'superstruct';
import { TOKEN_PATTERN } from './accounts.ts';
import { t } from './i18n.ts';

const Token = refine(string(), 'token', (v) => TOKEN_PATTERN.test(v) || t('favoriteAlerts.unsubscribe.link'));

/** GET|POST /api/favorite-alerts/unsubscribe?token= → 200 FavoriteAlertLinkAnswer; 404 for a bad or expired link. */
export const FavoriteAlertLinkQuery = object({ token: Token });
export type FavoriteAlertLinkQuery = Infer<typeof FavoriteAlertLinkQuery>;

/** Whether the alerts of the link's client are on. */
export interface FavoriteAlertLinkAnswer {
  data: { on: boolean };
}
