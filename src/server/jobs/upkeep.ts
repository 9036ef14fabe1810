// Periodic housekeeping of the store: ended sessions and reset tokens are
// deleted a week after they end, login failures a day after the last one,
// rate-limit windows once they have ended, and
// saved searches' unconfirmed requests, expired links and emptied addresses are
// forgotten (services/saved-searches), and favorites alerts' expired
// unsubscribe links deleted, at start and then every few hours, so the
// tables hold what can still be used. A failure is logged and tried next time.
import type { FastifyInstance } from 'fastify';
import { runEvery } from './every.ts';

export const UPKEEP_EVERY_MS = 6 * 60 * 60 * 1000;

export function installUpkeep(app: FastifyInstance, everyMs = UPKEEP_EVERY_MS): void {
  runEvery(app, everyMs, async () => {
    try {
      const pruned = await app.services.accounts.prune();
      if (pruned.sessions || pruned.resets || pruned.loginFailures)
        app.log.info(pruned, 'pruned ended sessions, reset tokens and forgotten login failures');
      const windows = await app.services.rateLimits.prune();
      if (windows) app.log.info({ windows }, 'pruned ended rate-limit windows');
      const saved = await app.services.savedSearches.prune();
      if (saved.searches || saved.tokens || saved.addresses)
        app.log.info(saved, 'pruned unconfirmed saved searches, expired links and forgotten addresses');
      const alertLinks = await app.services.favoriteAlerts.prune(new Date());
      if (alertLinks) app.log.info({ alertLinks }, "pruned expired favorites alerts' unsubscribe links");
    } catch (err) {
      app.log.error({ err }, 'upkeep failed');
    }
  });
}
