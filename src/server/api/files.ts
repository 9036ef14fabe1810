// GET /api/files/{id}: a project's file (price list, floor plan, brochure) for
// a logged-in client. Registered-only files answer 401 to anyone else; a file
// of a project no longer in the feed is 404. The demo catalogue's documents
// are drawn here (media.ts refuses them); a feed's file on another server is a
// redirect to its address, which only logged-in clients are given. Always
// `private, no-store`: it is one client's download.
import type { FastifyInstance } from 'fastify';
import { integer, min, object, coerce, string, pattern, create } from 'superstruct';
import { HttpError, NOT_FOUND_MESSAGE } from '../../shared/errors.ts';
import { t } from '../../shared/i18n.ts';
import { MEDIA_PREFIX } from '../demo/generator.ts';
import { drawDemoImage } from '../demo/svg.ts';
import { privateNoStore } from '../http/caching.ts';

const FileParams = object({ id: coerce(min(integer(), 1), pattern(string(), /^\d{1,15}$/), Number) });

export async function fileRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/files/:id', async (request, reply) => {
    privateNoStore(reply);
    const { id } = create(request.params, FileParams);
    const file = await app.store.db
      .selectFrom('project_files as f')
      .innerJoin('projects as p', 'p.id', 'f.project_id')
      .select(['f.url', 'f.title', 'f.registered_only'])
      .where('f.id', '=', id)
      .where('p.withdrawn_at', 'is', null)
      .executeTakeFirst();
    if (!file) throw new HttpError(404, NOT_FOUND_MESSAGE);
    if (file.registered_only && !(await request.client())) throw new HttpError(401, t('catalogue.files.locked'));

    const demo = file.url.startsWith(`${MEDIA_PREFIX}/`) ? file.url.slice(MEDIA_PREFIX.length + 1).replace(/\.svg$/, '') : null;
    if (demo === null) return reply.redirect(file.url, 302);
    const svg = drawDemoImage(demo);
    if (!svg) throw new HttpError(404, NOT_FOUND_MESSAGE);
    return reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('content-disposition', `inline; filename="${demo}.svg"`)
      .send(svg);
  });
}
