// GET /media/demo/<name>.svg: the demo catalogue's pictures and documents,
// drawn from their name (src/server/demo/svg.ts). The same name always gives
// the same bytes, so they are cached as immutable, like the hashed assets.
// The pages show none: a picture is shown as a feed photo is (the proxy's
// quick resize, then the photo job's variants), a document is a registered
// client's download.
//
//   400  the name is not lowercase words of letters and digits joined by dashes
//   404  a well-formed name that names no scene, or another extension, or a
//        document (price list, floor plans, brochure): those are registered
//        clients' downloads, served by GET /api/files/{id} (api/files.ts)
import type { FastifyInstance } from 'fastify';
import { drawDemoImage, isDemoDocument, MAX_NAME_LENGTH } from '../demo/svg.ts';
import { ASSET_CACHE } from '../http/caching.ts';
import { HttpError } from '../../shared/errors.ts';
import { DEMO_DRAWING_NAME, DEMO_MEDIA } from '../../shared/demo-pictures.ts';

export async function mediaRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { file: string } }>(`${DEMO_MEDIA}/:file`, async (request, reply) => {
    const { file } = request.params;
    const dot = file.lastIndexOf('.');
    const name = dot < 0 ? file : file.slice(0, dot);
    const extension = dot < 0 ? '' : file.slice(dot + 1);
    if (!name || name.length > MAX_NAME_LENGTH || !DEMO_DRAWING_NAME.test(name)) {
      throw new HttpError(400, 'the picture name must be lowercase letters, digits and dashes');
    }
    // Drawn on every request: a browser keeps each one (immutable, ASSET_CACHE).
    const svg = extension === 'svg' && !isDemoDocument(name) ? drawDemoImage(name) : null;
    if (!svg) throw new HttpError(404, 'no such picture');
    return reply.header('content-type', 'image/svg+xml; charset=utf-8').header('cache-control', ASSET_CACHE).send(svg);
  });
}
