// Feed photos prepared in the background (feed-images/prepare-photos.ts): at
// start and every 15 s, whatever is due, so that an import by a scheduled
// pull, the import command or another instance is picked up within seconds.
// Derivation runs in libvips's threads, off the request thread. Closing the
// server stops the run between two photos; a failure is logged and the run is
// tried again next time.
import type { FastifyInstance } from 'fastify';
import { photosDir, pictureFetchOptions, preparePhotos, type PictureAccess } from '../feed-images/index.ts';
import { runEvery } from './every.ts';

export interface PhotoPreparationOptions {
  everyMs?: number;
  /** Called after each run (tests wait for one). */
  onRun?: () => void;
}

const EVERY_MS = 15_000;

/** `access`: the app's (AppOptions.feedImages), as the picture proxy's. */
export function installPhotoPreparation(app: FastifyInstance, options: PhotoPreparationOptions = {}, access: PictureAccess = {}): void {
  const stop = new AbortController();
  // Before runEvery's own preClose, which waits for the run in flight.
  app.addHook('preClose', async () => stop.abort());
  runEvery(app, options.everyMs ?? EVERY_MS, async () => {
    try {
      const run = await preparePhotos(app.store.db, {
        dir: photosDir(app.config.DATA_DIR),
        fetch: pictureFetchOptions(app.config.IMAGE_FETCH_TIMEOUT_MS, access),
        log: app.log,
        signal: stop.signal,
      });
      if (run.prepared || run.failed) app.log.info(run, 'feed photos prepared');
    } catch (err) {
      app.log.error({ err }, 'preparing feed photos failed');
    }
    options.onRun?.();
  });
}
