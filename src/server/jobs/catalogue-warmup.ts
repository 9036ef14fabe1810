// What a new catalogue version needs built before visitors ask for it (the
// map's unfiltered marker index, services/catalogue/markers.ts, and the main
// site's sitemaps, which seo/routes.ts exposes as app.warmSitemaps), built at start
// and within a few seconds of any import: a scheduled pull here, the import
// command, or another instance on the same database. When nothing changed a
// period costs the versions' indexed reads and the content pages' stamp. A
// failure is logged and tried next time.
import type { FastifyInstance } from 'fastify';
import { runEvery } from './every.ts';

export interface CatalogueWarmupOptions {
  /** How often the version is checked; default 5 s. */
  everyMs?: number;
  /** Called after each run (tests wait for one). */
  onRun?: () => void;
}

const EVERY_MS = 5_000;

export function installCatalogueWarmup(app: FastifyInstance, options: CatalogueWarmupOptions = {}): void {
  runEvery(app, options.everyMs ?? EVERY_MS, async () => {
    try {
      await app.services.catalogue.warm();
    } catch (err) {
      app.log.error({ err }, 'building the map index failed');
    }
    try {
      await app.warmSitemaps();
    } catch (err) {
      app.log.error({ err }, 'writing the sitemaps failed');
    }
    options.onRun?.();
  });
}
