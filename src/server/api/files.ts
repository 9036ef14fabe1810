// GET /api/files/{id}: a project's file (price list, floor plan, brochure) for
// a logged-in client. Registered-only files answer 401 to anyone else; a file
// of a project no longer in the feed is 404. The demo catalogue's documents
// are drawn here (media.ts refuses them). A floor plan on another server is
// served as the JPEG kept for clients (feed-images/floor-plans.ts: fetched
// once, resized for a screen, without metadata); any other file there, or a
// floor plan that cannot be fetched or is no picture (a PDF), is a redirect to
// its address, which only logged-in clients are given. Always
// `private, no-store`: it is one client's download.
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { integer, min, object, coerce, string, pattern, create } from 'superstruct';
import { HttpError, NOT_FOUND_MESSAGE } from '../../shared/errors.ts';
import { t } from '../../shared/i18n.ts';
import { demoDrawingName } from '../../shared/demo-pictures.ts';
import { drawDemoImage } from '../demo/svg.ts';
import { privateNoStore } from '../http/caching.ts';
import {
  createFeedImageCache,
  floorPlanDir,
  FLOOR_PLAN_RESIZE,
  keptForClients,
  PictureError,
  pictureFetchOptions,
  type PictureAccess,
} from '../feed-images/index.ts';

const FileParams = object({ id: coerce(min(integer(), 1), pattern(string(), /^\d{1,15}$/), Number) });

/** `access`: the app's (AppOptions.feedImages), as the picture proxy's. */
export async function fileRoutes(app: FastifyInstance, access: PictureAccess = {}): Promise<void> {
  const floorPlans = createFeedImageCache({
    dir: floorPlanDir(app.config.DATA_DIR),
    log: app.log,
    fetch: pictureFetchOptions(app.config.IMAGE_FETCH_TIMEOUT_MS, access),
    resize: FLOOR_PLAN_RESIZE,
  });

  app.get('/api/files/:id', async (request, reply) => {
    privateNoStore(reply);
    const { id } = create(request.params, FileParams);
    const file = await app.store.db
      .selectFrom('project_files as f')
      .innerJoin('projects as p', 'p.id', 'f.project_id')
      .select(['f.url', 'f.kind', 'f.registered_only'])
      .where('f.id', '=', id)
      .where('p.withdrawn_at', 'is', null)
      .executeTakeFirst();
    if (!file) throw new HttpError(404, NOT_FOUND_MESSAGE);
    if (file.registered_only && !(await request.client())) throw new HttpError(401, t('catalogue.files.locked'));

    const demo = demoDrawingName(file.url);
    if (demo === null) {
      if (keptForClients(file)) {
        const kept = await floorPlans.get(id, file.url).catch((error: unknown) => {
          if (error instanceof PictureError) return null;
          throw error;
        });
        if (kept)
          return reply
            .header('content-type', 'image/jpeg')
            .header('content-disposition', `inline; filename="floor-plan-${id}.jpg"`)
            .header('x-content-type-options', 'nosniff')
            .send(fs.createReadStream(kept));
      }
      return reply.redirect(file.url, 302);
    }
    const svg = drawDemoImage(demo);
    if (!svg) throw new HttpError(404, NOT_FOUND_MESSAGE);
    return reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('content-disposition', `inline; filename="${demo}.svg"`)
      .send(svg);
  });
}
