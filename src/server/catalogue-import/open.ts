// Where a feed comes from: a file path or an http(s) URL, opened as a byte
// stream for readKyero, bounded like a scheduled pull's: FEED_MAX_BYTES read
// and decompressed (feed-bytes.ts), and for a URL the pull's GET and time-out
// (download.ts), a URL's body kept on disk before the import reads it
// (feed-spool.ts). Failures to reach it (no such file, a refused connection, a
// non-2xx answer, a body cut off half-way, a time-out, a feed over the cap)
// are FeedErrors with one readable line, so that the import CLI can say what
// went wrong.
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';
import { FeedError } from './feed-property.ts';
import { boundedStream, feedTooLarge } from './feed-bytes.ts';
import { fetchFeed } from './download.ts';
import { spoolFeed } from './feed-spool.ts';

export interface OpenedFeed {
  input: AsyncIterable<Uint8Array>;
  /** The default source name: the URL's host, or the file's name without its extension. */
  source: string;
  /** Closes the file; call it once the import is over. */
  close(): Promise<void>;
}

/**
 * A URL's time-out, from connecting to the last byte, the cap on the bytes of
 * any feed, and DATA_DIR, where a URL's body waits for its import.
 */
export type FeedSettings = Pick<Config, 'FEED_TIMEOUT_MS' | 'FEED_MAX_BYTES' | 'DATA_DIR'>;

export const isUrl = (location: string) => /^https?:\/\//i.test(location);

export async function openFeed(location: string, settings: FeedSettings): Promise<OpenedFeed> {
  return isUrl(location) ? download(location, settings) : openFile(location, settings.FEED_MAX_BYTES);
}

async function openFile(file: string, maxBytes: number): Promise<OpenedFeed> {
  let stat: fs.Stats;
  try {
    stat = await fs.promises.stat(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new FeedError(
      `cannot read ${file}: ${code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : (code ?? String(error))}`,
    );
  }
  if (!stat.isFile()) throw new FeedError(`cannot read ${file}: not a file`);
  if (stat.size > maxBytes) throw feedTooLarge(maxBytes, false);
  const stream = fs.createReadStream(file, { highWaterMark: 256 * 1024 });
  return {
    input: boundedStream(
      stream,
      maxBytes,
      false,
      (e) => new FeedError(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`),
    ),
    source: path.basename(file).replace(/\.[^.]*$/, '') || 'file',
    close: async () => void stream.destroy(),
  };
}

async function download(url: string, settings: FeedSettings): Promise<OpenedFeed> {
  const answer = await fetchFeed(url, { timeoutMs: settings.FEED_TIMEOUT_MS, maxBytes: settings.FEED_MAX_BYTES });
  const spooled = await spoolFeed(answer, settings.DATA_DIR);
  return { input: spooled.input, source: new URL(url).host, close: spooled.close };
}
