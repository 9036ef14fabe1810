// The pictures the proxy serves: from the disk when kept, else fetched once (a
// demo drawing drawn: picture-source.ts) and kept as a quick resize (derive.ts,
// QUICK_RESIZE: upright, 1280 px wide at most, a JPEG without metadata), never
// as the original. Concurrent requests
// for one picture share the fetch and the resize, which runs on libuv's
// threads, off the event loop. Every format the fetch accepts (formats.ts)
// becomes that JPEG: a GIF its first frame, a transparent PNG flattened on
// white; SVG is never fetched. A picture that could not be fetched or read is
// remembered as such for FAILURE_MEMORY_MS, so that a page of broken pictures
// does not wait for their servers on every view; the memory holds at most
// MAX_FAILURES pictures, the oldest forgotten first.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { fetchPicture, PictureError, type FetchOptions, type Picture } from './fetch-picture.ts';
import { QUICK_RESIZE, quickResize, UndecodablePicture, type ResizeSettings } from './derive.ts';
import { feedImageKey, resizeNames, writeWhole } from './files.ts';
import { hostOf } from './addresses.ts';
import { pictureSource, type DrawPicture } from './picture-source.ts';

export const FAILURE_MEMORY_MS = 5 * 60 * 1000;
export const MAX_FAILURES = 10_000;

export interface FeedImageCacheOptions {
  dir: string;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  fetch: FetchOptions;
  /** What is kept of each picture: QUICK_RESIZE unless given (floor plans: FLOOR_PLAN_RESIZE). */
  resize?: ResizeSettings;
  /** The demo drawings' sources (the app gives demo/raster.ts's); without it they are not served. */
  draw?: DrawPicture;
  /** Tests replace the fetch and the clock. */
  fetchPicture?: (url: string, options: FetchOptions) => Promise<Picture>;
  now?: () => number;
  failureMemoryMs?: number;
  maxFailures?: number;
}

export interface FeedImageCache {
  /** The kept JPEG of picture `id` (an image's id; a file's, for floor plans) at `url`, fetching and resizing it if needed; throws PictureError. */
  get(id: number, url: string): Promise<string>;
}

export function createFeedImageCache(options: FeedImageCacheOptions): FeedImageCache {
  const { dir, log } = options;
  const fetchOne = options.fetchPicture ?? fetchPicture;
  const settings = options.resize ?? QUICK_RESIZE;
  const nameOf = resizeNames(settings);
  const now = options.now ?? Date.now;
  const memoryMs = options.failureMemoryMs ?? FAILURE_MEMORY_MS;
  const maxFailures = options.maxFailures ?? MAX_FAILURES;
  const fetching = new Map<string, Promise<string>>();
  const failures = new Map<string, { until: number; error: PictureError }>();

  const remember = (key: string, error: PictureError) => {
    failures.delete(key);
    failures.set(key, { until: now() + memoryMs, error });
    if (failures.size > maxFailures) failures.delete(failures.keys().next().value!);
  };

  const download = async (id: number, url: string, file: string): Promise<string> => {
    try {
      const bytes = await readable(async () =>
        quickResize((await pictureSource(url, options.fetch, null, options.draw, fetchOne))!.bytes, settings),
      );
      await fs.promises.mkdir(dir, { recursive: true });
      await writeWhole(file, bytes);
      return file;
    } catch (error) {
      if (!(error instanceof PictureError)) throw error;
      const host = hostOf(url);
      if (error.refused) log.warn({ image: id, host, reason: error.reason }, 'feed picture refused');
      else log.info({ image: id, host, reason: error.reason }, 'feed picture not fetched');
      remember(file, error);
      throw error;
    }
  };

  return {
    async get(id, url) {
      const file = path.join(dir, nameOf(feedImageKey(id, url)));
      if (await exists(file)) return file;
      const failed = failures.get(file);
      if (failed && failed.until > now()) throw failed.error;
      if (failed) failures.delete(file);
      let pending = fetching.get(file);
      if (!pending) {
        pending = download(id, url, file).finally(() => fetching.delete(file));
        fetching.set(file, pending);
      }
      return pending;
    },
  };
}

/** `work`'s result; a picture that cannot be read or drawn is a 502, as any other answer that is no picture. */
async function readable<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof UndecodablePicture) throw new PictureError(502, error.message);
    throw error;
  }
}

const exists = (file: string) =>
  fs.promises.stat(file).then(
    () => true,
    () => false,
  );
