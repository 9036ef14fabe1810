// The daily favorites mails (services/favorite-alerts): looked for at start
// and then every few minutes; the first instance past 08:00 Madrid time claims
// the day and queues them, and the outbox is kicked to send them. A failure is
// logged and tried at the next tick (its claim rolled back with it).
import type { FastifyInstance } from 'fastify';
import { runEvery } from './every.ts';
import { ownConnection } from './own-connection.ts';

export const FAVORITE_ALERTS_EVERY_MS = 5 * 60 * 1000;

export interface FavoriteAlertJobOptions {
  /** The clock (tests move it). */
  now?: () => Date;
  everyMs?: number;
}

export async function installFavoriteAlerts(app: FastifyInstance, options: FavoriteAlertJobOptions = {}): Promise<void> {
  const now = options.now ?? (() => new Date());
  // Pages do not wait for a run on SQLite (own-connection.ts).
  const own = await ownConnection(app.store);
  runEvery(app, options.everyMs ?? FAVORITE_ALERTS_EVERY_MS, async () => {
    try {
      const run = await app.services.favoriteAlerts.runDue(now(), own.store.db);
      if (run?.mailed) {
        app.log.info(run, 'queued the favorites alerts');
        app.outbox.kick();
      }
    } catch (err) {
      app.log.error({ err }, 'favorites alerts failed');
    }
  });
  // After runEvery's own preClose: a run in flight has finished.
  app.addHook('preClose', own.close);
}
