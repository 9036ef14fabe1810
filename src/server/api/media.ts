// GET /media/demo/<name>.svg: the demo catalogue's pictures and documents,
// drawn from their name (src/server/demo/svg.ts). The same name always gives
// the same bytes, so they are cached as immutable, like the hashed assets.
// GET /media/demo/<name>.jpg: the same picture as a 1200 × 630 JPEG for link
// previews (demo/raster.ts), rendered once and kept under DATA_DIR/demo-images,
// for the pictures a listing names only (404 for any other).
//
//   400  the name is not lowercase words of letters and digits joined by dashes
//   404  a well-formed name that names no scene, or another extension, or a
//        document (price list, floor plans, brochure): those are registered
//        clients' downloads, served by GET /api/files/{id} (api/files.ts)
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { drawDemoImage, isDemoDocument, MAX_NAME_LENGTH } from '../demo/svg.ts';
import { demoJpegStore, DEMO_RASTER_TYPE } from '../demo/raster.ts';
import { ASSET_CACHE } from '../http/caching.ts';
import { HttpError } from '../../shared/errors.ts';
import { DEMO_DRAWING_NAME, demoDrawingName, DEMO_MEDIA } from '../../shared/demo-pictures.ts';

/** How long the names of the listed demo pictures are trusted before they are read again. */
const LISTED_TTL_MS = 5 * 60_000;

/** Whether a listing names the demo picture `name`: one read of the few hundred names, again after LISTED_TTL_MS. */
function listedDemoPictures(db: Kysely<Database>): (name: string) => Promise<boolean> {
  let names: Promise<Set<string>> | null = null;
  let readAt = 0;
  const read = async () => {
    const rows = await db.selectFrom('images').select('url').where('url', 'like', `${DEMO_MEDIA}/%`).where('floorplan', '=', 0).execute();
    return new Set(rows.map((r) => demoDrawingName(r.url)).filter((n): n is string => n !== null));
  };
  return async (name) => {
    if (!names || Date.now() - readAt > LISTED_TTL_MS) {
      readAt = Date.now();
      names = read().catch((error: unknown) => {
        names = null;
        throw error;
      });
    }
    return (await names).has(name);
  };
}

export async function mediaRoutes(app: FastifyInstance): Promise<void> {
  const jpegs = demoJpegStore(path.join(app.config.DATA_DIR, 'demo-images'), listedDemoPictures(app.store.db));

  app.get<{ Params: { file: string } }>(`${DEMO_MEDIA}/:file`, async (request, reply) => {
    const { file } = request.params;
    const dot = file.lastIndexOf('.');
    const name = dot < 0 ? file : file.slice(0, dot);
    const extension = dot < 0 ? '' : file.slice(dot + 1);
    if (!name || name.length > MAX_NAME_LENGTH || !DEMO_DRAWING_NAME.test(name)) {
      throw new HttpError(400, 'the picture name must be lowercase letters, digits and dashes');
    }
    if (extension === 'jpg') {
      const jpeg = await jpegs.file(name);
      if (!jpeg) throw new HttpError(404, 'no such picture');
      return reply.header('content-type', DEMO_RASTER_TYPE).header('cache-control', ASSET_CACHE).send(fs.createReadStream(jpeg));
    }
    // Drawn on every request: a browser keeps each one (immutable, ASSET_CACHE).
    const svg = extension === 'svg' && !isDemoDocument(name) ? drawDemoImage(name) : null;
    if (!svg) throw new HttpError(404, 'no such picture');
    return reply.header('content-type', 'image/svg+xml; charset=utf-8').header('cache-control', ASSET_CACHE).send(svg);
  });
}
