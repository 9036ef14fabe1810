// GET /media/images/{id}: a feed's picture that lives on another server,
// fetched by this one and kept under DATA_DIR/images, so that browsers load
// every picture first-party: no request reaches a third party before the
// visitor's consent, and the CSP's img-src stays 'self'. Only addresses an
// import stored are fetched (the id names a row), only http(s), only raster
// images, at most MAX_BYTES, within FETCH_TIMEOUT_MS.
//   200  the picture (a day in shared caches; the file is kept on disk)
//   400  the id is not a number
//   404  no such picture, or its project left the feed
//   502  the other server failed, was too slow, or did not answer a picture
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { coerce, create, integer, min, object, pattern, string } from 'superstruct';
import { HttpError, NOT_FOUND_MESSAGE } from '../../shared/errors.ts';

const IMAGE_TYPES: Record<string, string> = {
  'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif', 'image/avif': 'avif',
};
const TYPE_OF_EXTENSION = Object.fromEntries(Object.entries(IMAGE_TYPES).map(([type, ext]) => [ext, type]));
export const MAX_BYTES = 15 * 1024 * 1024;
export const FETCH_TIMEOUT_MS = 10_000;
const IMAGE_CACHE = 'public, max-age=86400, stale-while-revalidate=604800';

const ImageParams = object({ id: coerce(min(integer(), 1), pattern(string(), /^\d{1,10}$/), Number) });

interface Stored {
  file: string;
  type: string;
}

const unavailable = (why: string) => new HttpError(502, `the picture could not be fetched: ${why}`);

/** The picture kept on disk for `key`, if any. */
async function fromDisk(dir: string, key: string): Promise<Stored | null> {
  for (const [ext, type] of Object.entries(TYPE_OF_EXTENSION)) {
    const file = path.join(dir, `${key}.${ext}`);
    if (await fs.promises.stat(file).then(() => true, () => false)) return { file, type };
  }
  return null;
}

/** Fetches `url` and keeps it as `key` (written aside, then renamed: never half a file). */
async function fetchToDisk(url: string, dir: string, key: string): Promise<Stored> {
  const res = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) }).catch((error: Error) => {
    throw unavailable(error.name === 'TimeoutError' ? 'too slow' : 'no answer');
  });
  if (!res.ok) throw unavailable(`status ${res.status}`);
  const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  const ext = IMAGE_TYPES[type];
  if (!ext) throw unavailable(`not a picture (${type || 'no type'})`);
  if (Number(res.headers.get('content-length') ?? 0) > MAX_BYTES) throw unavailable('too large');
  const bytes = Buffer.from(await res.arrayBuffer());
  if (bytes.length > MAX_BYTES) throw unavailable('too large');
  await fs.promises.mkdir(dir, { recursive: true });
  const file = path.join(dir, `${key}.${ext}`);
  const partial = `${file}.${process.pid}.part`;
  await fs.promises.writeFile(partial, bytes);
  await fs.promises.rename(partial, file);
  return { file, type };
}

export async function feedImageRoutes(app: FastifyInstance): Promise<void> {
  const dir = path.join(app.config.DATA_DIR, 'images');
  // One fetch per picture at a time, however many visitors ask for it at once.
  const fetching = new Map<string, Promise<Stored>>();

  app.get('/media/images/:id', async (request, reply) => {
    const { id } = create(request.params, ImageParams);
    const row = await app.store.db
      .selectFrom('images as i')
      .innerJoin('projects as p', 'p.id', 'i.project_id')
      .select('i.url')
      .where('i.id', '=', id)
      // A floor plan is a registered client's file (/api/files/{id}), not a public picture.
      .where('i.floorplan', '=', 0)
      .where('p.withdrawn_at', 'is', null)
      .executeTakeFirst();
    if (!row || !/^https?:\/\//i.test(row.url)) throw new HttpError(404, NOT_FOUND_MESSAGE);
    // The address is part of the name: a feed that changes a picture's address gets the new one.
    const key = `${id}-${createHash('sha256').update(row.url).digest('hex').slice(0, 16)}`;
    let stored = await fromDisk(dir, key);
    if (!stored) {
      let pending = fetching.get(key);
      if (!pending) {
        pending = fetchToDisk(row.url, dir, key).finally(() => fetching.delete(key));
        fetching.set(key, pending);
      }
      stored = await pending;
    }
    return reply
      .header('content-type', stored.type)
      .header('cache-control', IMAGE_CACHE)
      .header('x-content-type-options', 'nosniff')
      .send(fs.createReadStream(stored.file));
  });
}
