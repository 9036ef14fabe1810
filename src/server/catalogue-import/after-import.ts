// Work that follows every successful import, whichever way it came: a file or
// URL through `npm run import`, `npm run import -- --pull`, or a scheduled pull
// in a running server. Called after the import's transaction has committed;
// nothing yet (pruning feed pictures and alerts come here).
import type { Config } from '../config.ts';
import type { Store } from '../store/db.ts';
import type { ImportSummary } from './importer.ts';

export async function afterImport(store: Store, config: Config, summary: ImportSummary): Promise<void> {
  // Nothing yet: the lead's pruning and alerts are called from here.
}
