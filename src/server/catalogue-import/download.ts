// A feed's GET, for the scheduled pulls (pull.ts, conditional) and for a URL
// given to the CLI (open.ts): the same time-out, the same bounds, the same
// one-line errors.
//
//   - Accept-Encoding: gzip (fetch decompresses); a body that is itself a gzip
//     file (feed.xml.gz served as is) is decompressed too (feed-bytes.ts).
//   - The time-out covers connecting and the whole body, to its last byte.
//   - FEED_MAX_BYTES bounds the body as sent and decompressed; a Content-Length
//     over it fails before the body is read.
import { Readable } from 'node:stream';
import { FeedError } from './feed-property.ts';
import { boundedStream, feedTooLarge } from './feed-bytes.ts';
import { publicUrl } from '../feed-sources.ts';

export interface DownloadOptions {
  timeoutMs: number;
  maxBytes: number;
  /** From the last import: a 304 answer then means "unchanged". */
  validators?: { etag: string | null; lastModified: string | null };
  /** Aborts the download (the server closing, Ctrl-C). */
  signal?: AbortSignal;
}

export type FeedBody = { status: 200; body: AsyncIterable<Uint8Array>; etag: string | null; lastModified: string | null; cancel(): void };
export type Download = { status: 304; cancel(): void } | FeedBody;

/**
 * GETs the feed; rejects with a FeedError of one line for anything but a 2xx or
 * a 304 (only asked with validators). The caller calls cancel() once it is done
 * with the body, read or not.
 */
export function fetchFeed(location: string, options: DownloadOptions & { validators?: undefined }): Promise<FeedBody>;
export function fetchFeed(location: string, options: DownloadOptions): Promise<Download>;
export async function fetchFeed(location: string, options: DownloadOptions): Promise<Download> {
  const { timeoutMs, maxBytes, validators, signal: stop } = options;
  let url: URL;
  try {
    url = new URL(location);
  } catch {
    throw new FeedError(`download failed: not a valid URL (${location})`);
  }
  const shown = publicUrl(location);
  const headers: Record<string, string> = { accept: 'application/xml, text/xml, */*', 'accept-encoding': 'gzip' };
  // fetch refuses credentials in the URL: they become Basic authentication.
  if (url.username || url.password) {
    headers.authorization = `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString('base64')}`;
    url.username = '';
    url.password = '';
  }
  if (validators?.etag) headers['if-none-match'] = validators.etag;
  if (validators?.lastModified) headers['if-modified-since'] = validators.lastModified;

  const controller = new AbortController();
  const timeOut = new FeedError(`download failed: timed out after ${timeoutMs} ms (${shown})`);
  const timer = setTimeout(() => controller.abort(timeOut), timeoutMs);
  timer.unref();
  const onStop = () => controller.abort(new FeedError('interrupted'));
  if (stop?.aborted) onStop();
  else stop?.addEventListener('abort', onStop, { once: true });
  const cancel = () => {
    clearTimeout(timer);
    stop?.removeEventListener('abort', onStop);
  };
  const failure = (error: unknown) =>
    controller.signal.aborted ? (controller.signal.reason as Error) : new FeedError(`download failed: ${cause(error)} (${shown})`);

  let response: Response;
  try {
    response = await fetch(url, { headers, redirect: 'follow', signal: controller.signal });
  } catch (error) {
    cancel();
    throw failure(error);
  }
  if (response.status === 304 && validators) {
    await response.body?.cancel().catch(() => undefined);
    return { status: 304, cancel };
  }
  const refuse = async (error: FeedError) => {
    await response.body?.cancel().catch(() => undefined);
    cancel();
    return error;
  };
  if (!response.ok || !response.body)
    throw await refuse(
      new FeedError(`download failed: HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''} from ${shown}`),
    );
  const encoded = Boolean(response.headers.get('content-encoding'));
  if (Number(response.headers.get('content-length')) > maxBytes) throw await refuse(feedTooLarge(maxBytes, false));

  const stream = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream<Uint8Array>);
  // The body may fail before its reader starts: the error is kept on the
  // stream and thrown by the reading, not left unhandled.
  stream.on('error', () => undefined);
  // The clock stops with the body: at its last byte, or when its reader stops reading it.
  stream.once('close', cancel);
  return {
    status: 200,
    body: boundedStream(stream, maxBytes, encoded, failure),
    etag: response.headers.get('etag'),
    lastModified: response.headers.get('last-modified'),
    // A caller that stops before reading never starts the body.
    cancel: () => stream.destroy(),
  };
}

/** fetch's errors hide the reason in `cause` ('fetch failed' → 'connect ECONNREFUSED 127.0.0.1:9'). */
function cause(error: unknown): string {
  const e = error as { message?: string; cause?: { message?: string; code?: string } };
  return e.cause?.message ?? e.cause?.code ?? e.message ?? String(error);
}
