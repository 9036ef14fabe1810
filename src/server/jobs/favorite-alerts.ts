// The daily favorites mails (services/favorite-alerts): looked for at start
// and then every few minutes; the first instance past 08:00 Madrid time claims
// the day and queues them, and the outbox is kicked to send them. A failure is
// logged and tried at the next tick (its claim rolled back with it).
import type { FastifyInstance } from 'fastify';
import { runEvery } from './every.ts';

export const FAVORITE_ALERTS_EVERY_MS = 5 * 60 * 1000;

export interface FavoriteAlertJobOptions {
  /** The clock (tests move it). */
  now?: () => Date;
  everyMs?: number;
}

export function installFavoriteAlerts(app: FastifyInstance, options: FavoriteAlertJobOptions = {}): void {
  const now = options.now ?? (() => new Date());
  runEvery(app, options.everyMs ?? FAVORITE_ALERTS_EVERY_MS, async () => {
    try {
      const run = await app.services.favoriteAlerts.runDue(now());
      if (run?.mailed) {
        app.log.info(run, 'queued the favorites alerts');
        app.outbox.kick();
      }
    } catch (err) {
      app.log.error({ err }, 'favorites alerts failed');
    }
  });
}
