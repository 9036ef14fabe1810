// Feeds pulled on a schedule (FEEDS, FEED_REFRESH_MINUTES): the schedule starts
// when the app is ready and stops before the store closes (preClose), aborting
// a pull in flight, so no timer fires or keeps the process alive after close.
//
// A pull's download, parsing and writing run in a worker thread with its own
// connection to the store (pull-in-worker.ts), so pages neither wait for the
// parser nor for an import's transaction on SQLite; the lease and the record
// of each pull stay on this thread, on a connection of their own
// (own-connection.ts). A SQLite store in memory, which no other connection
// sees, is imported on this thread.
import type { FastifyInstance } from 'fastify';
import { FeedSchedule, type ScheduleOptions } from '../catalogue-import/schedule.ts';
import { instantAlerts } from '../services/saved-searches/alerts.ts';
import { ownConnection } from './own-connection.ts';
import { pullInWorker, storeLocation } from './pull-in-worker.ts';

declare module 'fastify' {
  interface FastifyInstance {
    feedPulls: FeedSchedule;
  }
}

export async function installFeedPulls(app: FastifyInstance, options: ScheduleOptions = {}): Promise<FeedSchedule> {
  const own = app.config.FEEDS.length ? await ownConnection(app.store) : { store: app.store, close: async () => undefined };
  const location = storeLocation(app.store);
  const schedule = new FeedSchedule(own.store, app.config, {
    log: app.log,
    alerts: instantAlerts(app.config.SITE_URL),
    runner: location ? pullInWorker(location, { alertsSiteUrl: app.config.SITE_URL }) : undefined,
    ...options,
  });
  app.decorate('feedPulls', schedule);
  app.addHook('onReady', async () => schedule.start());
  app.addHook('preClose', async () => {
    await schedule.stop();
    await own.close();
  });
  return schedule;
}
