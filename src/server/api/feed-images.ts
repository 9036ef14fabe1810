// GET /media/images/{id}: a feed's picture that lives on another server,
// fetched by this one and kept under DATA_DIR/images as a quick resize (a JPEG
// at most 1280 px wide, without metadata), so that browsers load
// every picture first-party: no request reaches a third party before the
// visitor's consent, and the CSP's img-src stays 'self'. Only addresses an
// import stored are fetched (the id names a row); how, and what is refused,
// is src/server/feed-images/. A demo drawing (/media/demo/{name}.svg) is drawn
// as a raster instead of fetched, then kept the same way: what pages show of a
// picture not prepared yet (the photo job's variants, once it is).
//   200  the picture as a JPEG (a day in shared caches; the file is kept on disk)
//   400  the id is not a number
//   404  no such picture, a floor plan, or its project left the feed
//   502  the other server failed or did not answer a picture this site can read, or its address is not public
//   504  the other server did not send the picture within IMAGE_FETCH_TIMEOUT_MS
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { coerce, create, integer, min, object, pattern, string } from 'superstruct';
import { HttpError, NOT_FOUND_MESSAGE } from '../../shared/errors.ts';
import {
  createFeedImageCache,
  feedImageDir,
  pictureFetchOptions,
  shownPictures,
  type DrawPicture,
  type PictureAccess,
} from '../feed-images/index.ts';

const IMAGE_CACHE = 'public, max-age=86400, stale-while-revalidate=604800';

const ImageParams = object({ id: coerce(min(integer(), 1), pattern(string(), /^\d{1,10}$/), Number) });

/** `draw`: the demo drawings' sources (the app gives demo/raster.ts's). */
export async function feedImageRoutes(app: FastifyInstance, options: PictureAccess & { draw?: DrawPicture } = {}): Promise<void> {
  const { draw, ...access } = options;
  const cache = createFeedImageCache({
    dir: feedImageDir(app.config.DATA_DIR),
    log: app.log,
    fetch: pictureFetchOptions(app.config.IMAGE_FETCH_TIMEOUT_MS, access),
    draw,
  });

  app.get('/media/images/:id', async (request, reply) => {
    const { id } = create(request.params, ImageParams);
    const row = await shownPictures(app.store.db).select('i.url').where('i.id', '=', id).executeTakeFirst();
    if (!row) throw new HttpError(404, NOT_FOUND_MESSAGE);
    const file = await cache.get(id, row.url);
    return reply
      .header('content-type', 'image/jpeg')
      .header('cache-control', IMAGE_CACHE)
      .header('x-content-type-options', 'nosniff')
      .send(fs.createReadStream(file));
  });
}
