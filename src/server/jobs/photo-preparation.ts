// Feed photos prepared in the background (feed-images/prepare-photos.ts): at
// start and every 15 s, whatever is due, so that an import by a scheduled
// pull, the import command or another instance is picked up within seconds.
// Derivation runs in libvips's threads, off the request thread. Closing the
// server stops the run between two photos; a failure is logged and the run is
// tried again next time.
//
// On SQLite the job writes on a connection of its own that never waits for the
// write lock: while an import holds it, a claim fails at once and the run
// stops until the next tick, instead of waiting with the leads for the
// import's commit. A preparation cut short so
// leaves its claim to lapse; the photo is prepared again then.
//
// A pass reads every picture the catalogue shows. Once one has found nothing
// to do, a tick passes again only when the catalogue's version has changed
// (an import, which may bring new addresses) or a photo already known is due
// (a retry, a weekly check: one indexed read), not every 15 s.
//
// At start it deletes DATA_DIR/demo-images, where an earlier version kept the
// demo drawings' JPEG twins: they go through this pipeline now
// (docs/decisions/demo-drawings-as-feed-photos.md) and nothing reads that folder.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { photoDue, photosDir, pictureFetchOptions, preparePhotos, type DrawPicture, type PictureAccess } from '../feed-images/index.ts';
import { isStoreBusy } from '../store/errors.ts';
import { runEvery } from './every.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { catalogueVersion } from '../services/catalogue/version.ts';
import { ownConnection, type OwnConnection } from './own-connection.ts';

export interface PhotoPreparationOptions {
  everyMs?: number;
  /** Called after each run (tests wait for one). */
  onRun?: () => void;
  /** The demo pictures' sources (the app gives demo/raster.ts's). */
  draw?: DrawPicture;
}

const EVERY_MS = 15_000;
export const RETIRED_DEMO_IMAGES = 'demo-images';

/** `access`: the app's (AppOptions.feedImages), as the picture proxy's. */
export function installPhotoPreparation(app: FastifyInstance, options: PhotoPreparationOptions = {}, access: PictureAccess = {}): void {
  const stop = new AbortController();
  let own: OwnConnection | null = null;
  /** The catalogue's version when a pass last ended with nothing due. */
  let idleAt: string | null = null;
  app.addHook('onReady', async () => {
    const retired = path.join(app.config.DATA_DIR, RETIRED_DEMO_IMAGES);
    if (!fs.existsSync(retired)) return;
    // Housekeeping: a folder it may not delete never stops the server.
    await fs.promises.rm(retired, { recursive: true, force: true }).then(
      () => app.log.info({ dir: retired }, "deleted an earlier version's demo pictures"),
      (err: unknown) => app.log.warn({ err, dir: retired }, "could not delete an earlier version's demo pictures"),
    );
  });
  // Before runEvery's own preClose, which waits for the run in flight.
  app.addHook('preClose', async () => stop.abort());
  runEvery(app, options.everyMs ?? EVERY_MS, async () => {
    try {
      own ??= await ownConnection(app.store, { busyTimeoutMs: 0 });
      const db = own.store.db;
      const version = await catalogueVersion(db);
      if (version !== idleAt || (await photoDue(db, new Date().toISOString()))) await pass(db, version);
    } catch (err) {
      if (isStoreBusy(err)) app.log.info('feed photos wait: the store is busy with an import');
      else app.log.error({ err }, 'preparing feed photos failed');
    }
    options.onRun?.();
  });
  // After runEvery's preClose: the run has ended.
  app.addHook('preClose', async () => own?.close());

  async function pass(db: Kysely<Database>, version: string): Promise<void> {
    const run = await preparePhotos(db, {
      dir: photosDir(app.config.DATA_DIR),
      fetch: pictureFetchOptions(app.config.IMAGE_FETCH_TIMEOUT_MS, access),
      draw: options.draw,
      log: app.log,
      signal: stop.signal,
      onPhoto: (result) => app.metrics.feedPhotos.inc({ result }),
    });
    if (run.prepared || run.failed) app.log.info(run, 'feed photos prepared');
    // A pass stopped by the server closing may have left photos due.
    if (!stop.signal.aborted) idleAt = version;
  }
}
