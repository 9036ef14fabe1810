// GET /media/photos/{key}-{width}.{avif|webp|jpg}: a feed photo's prepared
// variant (feed-images/prepare-photos.ts), straight from DATA_DIR/photos. A
// name's bytes never change (it is derived from them), so any cache may keep
// it for a year without asking again.
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { photosDir } from '../feed-images/index.ts';

const PHOTO_CACHE = 'public, max-age=31536000, immutable';

export async function photoRoutes(app: FastifyInstance): Promise<void> {
  const root = photosDir(app.config.DATA_DIR);
  fs.mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: '/media/photos/',
    decorateReply: false,
    index: false,
    list: false,
    allowedPath: (name) => /^\/?[0-9a-f]{24}-\d{1,4}\.(?:avif|webp|jpg)$/.test(name),
    cacheControl: false,
    etag: false,
    lastModified: false,
    setHeaders(res) {
      res.setHeader('cache-control', PHOTO_CACHE);
      res.setHeader('x-content-type-options', 'nosniff');
    },
  });
}
