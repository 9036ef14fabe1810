// Where a feed comes from: a file path or an http(s) URL, opened as a byte
// stream for readKyero. Failures to reach it (no such file, a refused
// connection, a non-2xx answer, a body cut off half-way) are FeedErrors with
// one readable line, so that the import CLI can say what went wrong.
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { FeedError } from './feed-property.ts';
import type { FeedInput } from './kyero.ts';

export interface OpenedFeed {
  input: FeedInput;
  /** The default source name: the URL's host, or the file's name without its extension. */
  source: string;
}

export const isUrl = (location: string) => /^https?:\/\//i.test(location);

export async function openFeed(location: string): Promise<OpenedFeed> {
  return isUrl(location) ? download(location) : openFile(location);
}

async function openFile(file: string): Promise<OpenedFeed> {
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
  const stream = fs.createReadStream(file, { highWaterMark: 256 * 1024 });
  return {
    input: guard(stream, (e) => `cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`),
    source: path.basename(file).replace(/\.[^.]*$/, '') || 'file',
  };
}

async function download(url: string): Promise<OpenedFeed> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new FeedError(`download failed: not a valid URL (${url})`);
  }
  let response: Response;
  try {
    response = await fetch(parsed, { redirect: 'follow', headers: { accept: 'application/xml, text/xml, */*' } });
  } catch (error) {
    throw new FeedError(`download failed: ${cause(error)} (${parsed.href})`);
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel().catch(() => undefined);
    throw new FeedError(
      `download failed: HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''} from ${parsed.href}`,
    );
  }
  const body = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream<Uint8Array>);
  // A failure before the importer reads (while its transaction opens) must not go unhandled: guard() rethrows it on read.
  body.on('error', () => undefined);
  return { input: guard(body, (e) => `download failed: ${cause(e)} (${parsed.href})`), source: parsed.host };
}

/** The stream's chunks; an error while reading becomes a FeedError with that message. */
async function* guard(stream: Readable, message: (error: unknown) => string): AsyncGenerator<Uint8Array> {
  try {
    for await (const chunk of stream) yield chunk as Uint8Array;
  } catch (error) {
    throw new FeedError(message(error));
  } finally {
    stream.destroy();
  }
}

/** fetch's errors hide the reason in `cause` ('fetch failed' → 'connect ECONNREFUSED 127.0.0.1:9'). */
function cause(error: unknown): string {
  const e = error as { message?: string; cause?: { message?: string; code?: string } };
  return e.cause?.message ?? e.cause?.code ?? e.message ?? String(error);
}
