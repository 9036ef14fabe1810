// Feeds pulled on a schedule (FEEDS, FEED_REFRESH_MINUTES): the schedule starts
// when the app is ready and stops before the store closes (preClose), aborting
// a pull in flight, so no timer fires or keeps the process alive after close.
//
// A pull's download, parsing and writing run in a worker thread with its own
// connection to the store (pull-in-worker.ts), so pages neither wait for the
// parser nor for an import's transaction on SQLite; the lease and the record
// of each pull, single statements, stay on this thread and the app's store. A
// SQLite store in memory, which no other connection sees, is imported on this
// thread.
import type { FastifyInstance } from 'fastify';
import { FeedSchedule, type ScheduleOptions } from '../catalogue-import/schedule.ts';
import { instantAlerts } from '../services/saved-searches/alerts.ts';
import { importInline } from '../catalogue-import/pull-import.ts';
import { pullInWorker } from './pull-in-worker.ts';

declare module 'fastify' {
  interface FastifyInstance {
    feedPulls: FeedSchedule;
  }
}

export async function installFeedPulls(app: FastifyInstance, options: ScheduleOptions = {}): Promise<FeedSchedule> {
  const { store, config } = app;
  const schedule = new FeedSchedule(store, config, {
    log: app.log,
    runner: store.reopen
      ? pullInWorker(store.reopen, { alertsSiteUrl: config.SITE_URL })
      : importInline(store, instantAlerts(config.SITE_URL)),
    ...options,
  });
  app.decorate('feedPulls', schedule);
  app.addHook('onReady', async () => schedule.start());
  app.addHook('preClose', async () => schedule.stop());
  return schedule;
}
