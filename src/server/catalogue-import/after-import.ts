// Work that follows every successful import, whichever way it came: a file or
// URL through `npm run import`, `npm run import -- --pull`, or a scheduled pull
// in a running server (in the pull's worker thread, with the import). Called
// after the import's transaction has committed, so it never throws: a failure
// here is reported beside an import that stands.
import type { Store } from '../store/db.ts';
import {
  feedImageDir,
  floorPlanDir,
  photosDir,
  pruneFeedImages,
  pruneFloorPlans,
  prunePhotos,
  type FileCount,
} from '../feed-images/index.ts';
import type { ImportSummary } from './importer.ts';

export interface AfterImport {
  /** Kept pictures, floor plans and prepared photos' variants that no live listing shows any more, deleted from DATA_DIR. */
  pruned: { files: number; bytes: number };
  /** What failed, in one line; null when all went well. */
  error: string | null;
}

export async function afterImport(store: Store, dataDir: string, summary: ImportSummary): Promise<AfterImport> {
  try {
    // An import that touched no project cannot have dropped a picture.
    const pruned = summary.projectsTouched ? await pruneAll(store, dataDir) : { files: 0, bytes: 0 };
    return { pruned, error: null };
  } catch (error) {
    return { pruned: { files: 0, bytes: 0 }, error: (error instanceof Error ? error.message : String(error)).split('\n')[0]! };
  }
}

/** The proxy's kept pictures, the clients' floor plans and the prepared photos' variants that no listing shows, together. */
async function pruneAll(store: Store, dataDir: string): Promise<FileCount> {
  const counts = [
    await pruneFeedImages(store.db, feedImageDir(dataDir)),
    await pruneFloorPlans(store.db, floorPlanDir(dataDir)),
    await prunePhotos(store.db, photosDir(dataDir)),
  ];
  return { files: counts.reduce((n, c) => n + c.files, 0), bytes: counts.reduce((n, c) => n + c.bytes, 0) };
}

/** What the import CLI prints of it: the pictures pruned (stdout) or the failure (stderr). */
export function afterImportLines(after: AfterImport): { out: string[]; err: string[] } {
  const { files, bytes } = after.pruned;
  return {
    out: files ? [`pruned ${files} picture${files === 1 ? '' : 's'} no listing shows (${(bytes / 1024 / 1024).toFixed(1)} MB)`] : [],
    err: after.error ? [`warning: imported, but the work after the import failed: ${after.error}`] : [],
  };
}
