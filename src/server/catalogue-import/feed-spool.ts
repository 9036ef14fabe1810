// A downloaded feed is kept on disk before it is imported, so that the import's
// transaction (on SQLite the store's only write lock, which leads and
// registrations wait for) lasts as long as parsing and writing take, never as
// long as a slow feed server takes to send. The file is unlinked as soon as it
// is open: its bytes stay reachable through the handle, and a process that dies
// half-way leaves nothing behind.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { FeedError } from './feed-property.ts';
import type { FeedBody } from './download.ts';

/** Under DATA_DIR: where a feed's bytes wait for their import. */
const spoolDir = (dataDir: string) => path.join(dataDir, 'feeds');

export interface SpooledFeed {
  /** The feed's bytes, read back from the start. */
  input: AsyncIterable<Uint8Array>;
  /** Frees the disk space; call it once the import is over. */
  close(): Promise<void>;
}

/**
 * Reads a download's body (download.ts's FeedBody) to its end into an unlinked
 * file under DATA_DIR/feeds, and lets the download go whatever happens.
 * Rejects with the body's own error (a time-out, a feed over its cap), or a
 * FeedError when the disk refuses it (full, not writable).
 */
export async function spoolFeed(download: Pick<FeedBody, 'body' | 'cancel'>, dataDir: string): Promise<SpooledFeed> {
  const dir = spoolDir(dataDir);
  try {
    const handle = await openUnlinked(dir);
    try {
      for await (const chunk of download.body)
        for (let written = 0; written < chunk.length;) written += (await handle.write(chunk, written)).bytesWritten;
    } catch (error) {
      await handle.close();
      throw error instanceof FeedError ? error : diskError(error, dir);
    }
    // The stream closes the file at its end, or when destroyed (an import that stopped early).
    const input = handle.createReadStream({ start: 0, highWaterMark: 256 * 1024 });
    return {
      input,
      close: async () => {
        input.destroy();
        await finished(input).catch(() => undefined);
      },
    };
  } finally {
    download.cancel();
  }
}

/** A new file under `dir`, open for writing and reading, its name already gone. */
async function openUnlinked(dir: string): Promise<fs.promises.FileHandle> {
  const file = path.join(dir, `${randomUUID()}.xml`);
  try {
    await fs.promises.mkdir(dir, { recursive: true });
    const handle = await fs.promises.open(file, 'w+', 0o600);
    await fs.promises.unlink(file).catch(async (error: unknown) => {
      await handle.close();
      throw error;
    });
    return handle;
  } catch (error) {
    throw diskError(error, dir);
  }
}

function diskError(error: unknown, dir: string): FeedError {
  const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
  return new FeedError(`cannot keep the feed on disk: ${code} (${dir})`);
}
