// The bytes of a feed, bounded: every way a feed comes in (a scheduled pull, a
// URL or a file given to the CLI) reads it through boundedFeed, so that no
// source can make an import read, or decompress, more than FEED_MAX_BYTES.
// Memory does not depend on the cap (the reader streams); the cap bounds the
// work one feed can cause: CPU, the transaction's length, its temporary tables.
import { Readable, pipeline } from 'node:stream';
import zlib from 'node:zlib';
import { FeedError } from './feed-property.ts';

export const feedTooLarge = (maxBytes: number, decompressed: boolean): FeedError =>
  new FeedError(`feed too large: more than ${maxBytes} bytes${decompressed ? ' once decompressed' : ''} (FEED_MAX_BYTES)`);

/**
 * The feed's chunks, decompressed when they are a gzip file (feed.xml.gz), each
 * side held to maxBytes. `decompressed`: the chunks were already decompressed
 * on the way (an HTTP answer with Content-Encoding), for the error's wording.
 */
export function boundedFeed(chunks: AsyncIterable<Uint8Array>, maxBytes: number, decompressed = false): AsyncGenerator<Uint8Array> {
  return limitBytes(gunzipIfGzip(limitBytes(chunks, maxBytes, decompressed)), maxBytes, true);
}

/**
 * A stream's chunks through boundedFeed, for a feed's file or body: an error
 * other than a FeedError while reading becomes `toError(error)`; the stream is
 * destroyed once the reading stops, at its end or not.
 */
export async function* boundedStream(
  stream: Readable,
  maxBytes: number,
  decompressed: boolean,
  toError: (error: unknown) => FeedError,
): AsyncGenerator<Uint8Array> {
  try {
    yield* boundedFeed(stream, maxBytes, decompressed);
  } catch (error) {
    throw error instanceof FeedError ? error : toError(error);
  } finally {
    stream.destroy();
  }
}

/** The chunks as they are, until more than maxBytes have come: then a FeedError that names the cap. */
async function* limitBytes(chunks: AsyncIterable<Uint8Array>, maxBytes: number, decompressed: boolean): AsyncGenerator<Uint8Array> {
  let total = 0;
  for await (const chunk of chunks) {
    total += chunk.length;
    if (total > maxBytes) throw feedTooLarge(maxBytes, decompressed);
    yield chunk;
  }
}

/** The chunks as they are, or decompressed when they start as a gzip file does. */
async function* gunzipIfGzip(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const it = chunks[Symbol.asyncIterator]();
  // Two bytes tell a gzip file, however small the first chunks are.
  const head: Uint8Array[] = [];
  for (let length = 0; length < 2;) {
    const next = await it.next();
    if (next.done) break;
    head.push(next.value);
    length += next.value.length;
  }
  async function* all() {
    yield* head;
    for (let next = await it.next(); !next.done; next = await it.next()) yield next.value;
  }
  const magic = Buffer.concat(head, 2);
  if (magic[0] !== 0x1f || magic[1] !== 0x8b) {
    yield* all();
    return;
  }
  const gunzip = zlib.createGunzip();
  pipeline(Readable.from(all()), gunzip, () => undefined);
  try {
    for await (const chunk of gunzip) yield chunk as Uint8Array;
  } finally {
    // Stopped early (over the cap, a failed import): the compressed side stops too.
    gunzip.destroy();
  }
}
