// The demo catalogue an empty store starts with: the Kyero feed shipped beside
// this file (demo-feed.xml, made by the generator; a test keeps the two equal),
// imported like any other feed under the source name 'demo'. Its pictures are
// drawn by GET /media/demo/… (api/media.ts): nothing needs the network. Its
// dates move to the seeding day as it is read (dates.ts).
import fs from 'node:fs';
import { serverFile } from '../paths.ts';
import type { Store } from '../store/db.ts';
import type { ImportSummary } from '../catalogue-import/importer.ts';
import { DEMO_PROJECTS, DEMO_SEED, feedChunks } from './generator.ts';
import { shiftDemoFeed } from './dates.ts';

export const DEMO_SOURCE = 'demo';
export const DEMO_FEED_FILE = serverFile('demo/demo-feed.xml');
/** What the demo feed holds (asserted by its test). */
export const DEMO_FEED_OPTIONS = { projects: DEMO_PROJECTS, seed: DEMO_SEED } as const;

/**
 * Imports the demo catalogue when the store has no project at all, its dates
 * relative to `today` (the seeding day); does nothing otherwise (returns null).
 * Resolves with the import's summary.
 */
export async function seedDemoCatalogue(store: Store, { today = new Date() }: { today?: Date } = {}): Promise<ImportSummary | null> {
  const any = await store.db.selectFrom('projects').select('id').limit(1).executeTakeFirst();
  if (any) return null;
  // Loaded only for an empty store: a server's usual start imports nothing.
  const { importFeed } = await import('../catalogue-import/importer.ts');
  const input = fs.existsSync(DEMO_FEED_FILE) ? fs.createReadStream(DEMO_FEED_FILE) : feedChunks(DEMO_FEED_OPTIONS);
  return importFeed(store, shiftDemoFeed(input, today), { source: DEMO_SOURCE, now: today });
}
