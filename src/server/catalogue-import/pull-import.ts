// The part of a pull that reads the feed: the conditional GET (download.ts)
// and, unless the answer is a 304, the body kept on disk (feed-spool.ts: the
// import's transaction does not wait for the feed server), the import (importFeed, one transaction)
// and the work after it (afterImport: pruning pictures no listing shows, a
// pass over the catalogue's images that would hold a page thread on SQLite).
// What it is asked (PullJob) and answers (PullJobResult) are plain data, so
// that it runs on the caller's thread (importInline: the CLI's `--pull`) or in
// a worker thread of its own (pull-in-worker.ts: the server's schedule) alike.
import type { Store } from '../store/db.ts';
import type { ImportOptions, ImportSummary, QueueInstantAlerts } from './import-types.ts';
import { fetchFeed } from './download.ts';
import { spoolFeed } from './feed-spool.ts';
import { afterImport, type AfterImport } from './after-import.ts';

export interface PullJob {
  /** The feed's URL as configured (credentials included). */
  url: string;
  validators: { etag: string | null; lastModified: string | null };
  timeoutMs: number;
  maxBytes: number;
  /** importFeed's options (a Date passes to a worker thread as it is); the alerts are the runner's. */
  import: Omit<ImportOptions, 'alerts'>;
  /** DATA_DIR, where the feed waits for its import, and whose kept pictures and photos afterImport prunes. */
  dataDir: string;
}

export type PullJobResult =
  { status: 304 } | { status: 200; summary: ImportSummary; etag: string | null; lastModified: string | null; after: AfterImport };

/** Runs a PullJob; rejects with the download's or the import's error (the catalogue then unchanged). */
export type PullRunner = (job: PullJob, signal?: AbortSignal) => Promise<PullJobResult>;

/** Runs the job on this thread, on `store`, queuing `alerts` (ImportOptions.alerts) if given. */
export const importInline =
  (store: Store, alerts?: QueueInstantAlerts): PullRunner =>
  async (job, signal) => {
    const download = await fetchFeed(job.url, { validators: job.validators, timeoutMs: job.timeoutMs, maxBytes: job.maxBytes, signal });
    if (download.status === 304) {
      download.cancel();
      return { status: 304 };
    }
    const feed = await spoolFeed(download, job.dataDir);
    try {
      // The importer (the XML parser, the encodings, the place names) loads with the first pull, not with the server.
      const { importFeed } = await import('./importer.ts');
      const summary = await importFeed(store, feed.input, { ...job.import, alerts });
      const after = await afterImport(store, job.dataDir, summary);
      return { status: 200, summary, etag: download.etag, lastModified: download.lastModified, after };
    } finally {
      await feed.close();
    }
  };
