// The pictures the proxy serves: from the disk when kept, else fetched once
// (concurrent requests for one picture share the fetch). A picture that could
// not be fetched is remembered as such for FAILURE_MEMORY_MS, so that a page of
// broken pictures does not wait for their servers on every view; the memory
// holds at most MAX_FAILURES pictures, the oldest forgotten first.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { fetchPicture, PictureError, type FetchOptions, type Picture } from './fetch-picture.ts';
import { PICTURE_TYPES, TYPE_OF_EXTENSION, type PictureType } from './formats.ts';
import { feedImageKey, feedImageName, writeWhole } from './files.ts';
import { hostOf } from './addresses.ts';

export const FAILURE_MEMORY_MS = 5 * 60 * 1000;
export const MAX_FAILURES = 10_000;

export interface StoredPicture {
  file: string;
  type: PictureType;
}

export interface FeedImageCacheOptions {
  dir: string;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  fetch: FetchOptions;
  /** Tests replace the fetch and the clock. */
  fetchPicture?: (url: string, options: FetchOptions) => Promise<Picture>;
  now?: () => number;
  failureMemoryMs?: number;
  maxFailures?: number;
}

export interface FeedImageCache {
  /** The kept file of picture `id` at `url`, fetching it if needed; throws PictureError. */
  get(id: number, url: string): Promise<StoredPicture>;
}

export function createFeedImageCache(options: FeedImageCacheOptions): FeedImageCache {
  const { dir, log } = options;
  const fetchOne = options.fetchPicture ?? fetchPicture;
  const now = options.now ?? Date.now;
  const memoryMs = options.failureMemoryMs ?? FAILURE_MEMORY_MS;
  const maxFailures = options.maxFailures ?? MAX_FAILURES;
  const fetching = new Map<string, Promise<StoredPicture>>();
  const failures = new Map<string, { until: number; error: PictureError }>();

  const remember = (key: string, error: PictureError) => {
    failures.delete(key);
    failures.set(key, { until: now() + memoryMs, error });
    if (failures.size > maxFailures) failures.delete(failures.keys().next().value!);
  };

  const download = async (id: number, url: string, key: string): Promise<StoredPicture> => {
    try {
      const picture = await fetchOne(url, options.fetch);
      return await keep(dir, key, picture);
    } catch (error) {
      if (!(error instanceof PictureError)) throw error;
      const host = hostOf(url);
      if (error.refused) log.warn({ image: id, host, reason: error.reason }, 'feed picture refused');
      else log.info({ image: id, host, reason: error.reason }, 'feed picture not fetched');
      remember(key, error);
      throw error;
    }
  };

  return {
    async get(id, url) {
      const key = feedImageKey(id, url);
      const kept = await fromDisk(dir, key);
      if (kept) return kept;
      const failed = failures.get(key);
      if (failed && failed.until > now()) throw failed.error;
      if (failed) failures.delete(key);
      let pending = fetching.get(key);
      if (!pending) {
        pending = download(id, url, key).finally(() => fetching.delete(key));
        fetching.set(key, pending);
      }
      return pending;
    },
  };
}

async function fromDisk(dir: string, key: string): Promise<StoredPicture | null> {
  for (const [ext, type] of Object.entries(TYPE_OF_EXTENSION)) {
    const file = path.join(dir, `${key}.${ext}`);
    if (
      await fs.promises.stat(file).then(
        () => true,
        () => false,
      )
    )
      return { file, type };
  }
  return null;
}

async function keep(dir: string, key: string, picture: Picture): Promise<StoredPicture> {
  await fs.promises.mkdir(dir, { recursive: true });
  const file = path.join(dir, feedImageName(key, PICTURE_TYPES[picture.type]));
  await writeWhole(file, picture.bytes);
  return { file, type: picture.type };
}
