// Feeds pulled on a schedule (FEEDS, FEED_REFRESH_MINUTES): the schedule starts
// when the app is ready and stops before the store closes (preClose), aborting
// a pull in flight, so no timer fires or keeps the process alive after close.
import type { FastifyInstance } from 'fastify';
import { FeedSchedule, type ScheduleOptions } from '../catalogue-import/schedule.ts';

declare module 'fastify' {
  interface FastifyInstance {
    feedPulls: FeedSchedule;
  }
}

export function installFeedPulls(app: FastifyInstance, options: ScheduleOptions = {}): FeedSchedule {
  const schedule = new FeedSchedule(app.store, app.config, { log: app.log, ...options });
  app.decorate('feedPulls', schedule);
  app.addHook('onReady', async () => schedule.start());
  app.addHook('preClose', async () => schedule.stop());
  return schedule;
}
