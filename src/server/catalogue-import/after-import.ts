// Work that follows every successful import, whichever way it came: a file or
// URL through `npm run import`, `npm run import -- --pull`, or a scheduled pull
// in a running server (in the pull's worker thread, with the import). Called
// after the import's transaction has committed, so it never throws: a failure
// here is reported beside an import that stands.
import type { Store } from '../store/db.ts';
import { feedImageDir, photosDir, pruneFeedImages, prunePhotos, type FileCount } from '../feed-images/index.ts';
import type { ImportSummary } from './importer.ts';

export interface AfterImport {
  /** Kept pictures and prepared photos' variants that no live listing shows any more, deleted from DATA_DIR/images and DATA_DIR/photos. */
  pruned: { files: number; bytes: number };
  /** What failed, in one line; null when all went well. */
  error: string | null;
}

export async function afterImport(store: Store, dataDir: string, summary: ImportSummary): Promise<AfterImport> {
  try {
    // An import that touched no project cannot have dropped a picture.
    const pruned = summary.projectsTouched ? await pruneBoth(store, dataDir) : { files: 0, bytes: 0 };
    return { pruned, error: null };
  } catch (error) {
    return { pruned: { files: 0, bytes: 0 }, error: (error instanceof Error ? error.message : String(error)).split('\n')[0]! };
  }
}

/** The proxy's kept pictures and the prepared photos' variants that no listing shows, together. */
async function pruneBoth(store: Store, dataDir: string): Promise<FileCount> {
  const pictures = await pruneFeedImages(store.db, feedImageDir(dataDir));
  const photos = await prunePhotos(store.db, photosDir(dataDir));
  return { files: pictures.files + photos.files, bytes: pictures.bytes + photos.bytes };
}

/** What the import CLI prints of it: the pictures pruned (stdout) or the failure (stderr). */
export function afterImportLines(after: AfterImport): { out: string[]; err: string[] } {
  const { files, bytes } = after.pruned;
  return {
    out: files ? [`pruned ${files} picture${files === 1 ? '' : 's'} no listing shows (${(bytes / 1024 / 1024).toFixed(1)} MB)`] : [],
    err: after.error ? [`warning: imported, but the work after the import failed: ${after.error}`] : [],
  };
}
