// Feeds pulled on a schedule (FEEDS, FEED_REFRESH_MINUTES): the schedule starts
// when the app is ready and stops before the store closes (preClose), aborting
// a pull in flight, so no timer fires or keeps the process alive after close.
//
// On SQLite the pulls get a connection of their own: the app's one connection
// would otherwise wait for an import's transaction to end, and every page with
// it. On their own, readers go on (WAL) while the import writes; other writers
// wait up to the busy timeout, as with `npm run import`.
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { FeedSchedule, type ScheduleOptions } from '../catalogue-import/schedule.ts';
import { openStore, type Store } from '../store/db.ts';

declare module 'fastify' {
  interface FastifyInstance {
    feedPulls: FeedSchedule;
  }
}

export async function installFeedPulls(app: FastifyInstance, options: ScheduleOptions = {}): Promise<FeedSchedule> {
  const store = app.config.FEEDS.length ? await pullStore(app.store) : app.store;
  const schedule = new FeedSchedule(store, app.config, { log: app.log, ...options });
  app.decorate('feedPulls', schedule);
  app.addHook('onReady', async () => schedule.start());
  app.addHook('preClose', async () => {
    await schedule.stop();
    if (store !== app.store) await store.close();
  });
  return schedule;
}

async function pullStore(store: Store): Promise<Store> {
  if (store.dialect !== 'sqlite' || !store.file) return store;
  return openStore({ dataDir: path.dirname(store.file), sqliteFile: path.basename(store.file) });
}
