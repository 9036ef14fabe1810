// GET /media/partners/<slug>.svg: a logo shipped with the site (the demo
// partners', src/server/demo/logos/), as drawn. GET /media/partners/<slug>.png:
// the same logo as a PNG, for mail clients that show no SVG, rendered once by
// sharp at twice the drawn size and kept in memory (two small files).
//
//   400  the name is not lowercase letters, digits and single dashes
//   404  no logo of that name, or another extension
//
// The path is stable (a partner's `logo` names it), not content-hashed: cached
// for a month rather than as immutable, so a redrawn logo reaches everyone.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../shared/errors.ts';
import { serverFile } from '../paths.ts';
import { DEMO_DRAWING_NAME } from '../../shared/demo-pictures.ts';
// Media names are lowercase words joined by dashes, the demo pictures' and the logos' alike.

const LOGO_DIR = serverFile('demo/logos');
const LOGO_CACHE = 'public, max-age=2592000';
/** The SVGs are drawn 64 units high: rendered at 2×, 128 px, sharp on high-density screens. */
const PNG_DENSITY = 72 * 2;

export async function partnerLogoRoutes(app: FastifyInstance): Promise<void> {
  const svgs = new Map<string, Buffer>();
  for (const file of await fs.promises.readdir(LOGO_DIR).catch(() => [] as string[])) {
    if (file.endsWith('.svg')) svgs.set(file.slice(0, -4), await fs.promises.readFile(path.join(LOGO_DIR, file)));
  }
  const pngs = new Map<string, Promise<Buffer>>();
  const png = (name: string, svg: Buffer): Promise<Buffer> => {
    let job = pngs.get(name);
    if (!job) {
      // Loaded on first use: a platform without sharp's binary loses the PNGs, not the server.
      job = import('sharp').then(({ default: sharp }) => sharp(svg, { density: PNG_DENSITY }).png({ compressionLevel: 9 }).toBuffer());
      job.catch(() => pngs.delete(name));
      pngs.set(name, job);
    }
    return job;
  };

  app.get<{ Params: { file: string } }>('/media/partners/:file', async (request, reply) => {
    const { file } = request.params;
    const dot = file.lastIndexOf('.');
    const name = dot < 0 ? file : file.slice(0, dot);
    const extension = dot < 0 ? '' : file.slice(dot + 1);
    if (!DEMO_DRAWING_NAME.test(name) || name.length > 60)
      throw new HttpError(400, 'the logo name must be lowercase letters, digits and dashes');
    const svg = svgs.get(name);
    if (!svg || (extension !== 'svg' && extension !== 'png')) throw new HttpError(404, 'no such logo');
    reply.header('cache-control', LOGO_CACHE);
    if (extension === 'png') return reply.type('image/png').send(await png(name, svg));
    return reply.type('image/svg+xml; charset=utf-8').send(svg);
  });
}
