// Work that follows every successful import, whichever way it came: a file or
// URL through `npm run import`, `npm run import -- --pull`, or a scheduled pull
// in a running server. Called after the import's transaction has committed.
import type { Config } from '../config.ts';
import type { Store } from '../store/db.ts';
import { feedImageDir, pruneFeedImages } from '../feed-images/index.ts';
import type { ImportSummary } from './importer.ts';

export interface AfterImport {
  /** Kept pictures that no live listing shows any more, deleted from DATA_DIR/images. */
  pruned: { files: number; bytes: number };
}

export async function afterImport(store: Store, config: Config, summary: ImportSummary): Promise<AfterImport> {
  // An import that touched no project cannot have dropped a picture.
  const pruned = summary.projectsTouched ? await pruneFeedImages(store.db, feedImageDir(config.DATA_DIR)) : { files: 0, bytes: 0 };
  return { pruned };
}
