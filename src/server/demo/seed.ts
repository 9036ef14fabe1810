// The demo catalogue an empty store starts with: the Kyero feed shipped beside
// this file (demo-feed.xml, made by the generator; a test keeps the two equal),
// imported like any other feed under the source name 'demo'. Its pictures are
// drawn by GET /media/demo/… (api/media.ts): nothing needs the network. Its
// dates move to the seeding day as it is read (dates.ts). An earlier version of
// it is imported first (history.ts), so the demo has a price history.
import fs from 'node:fs';
import { serverFile } from '../paths.ts';
import type { Store } from '../store/db.ts';
import type { Locales } from '../locales.ts';
import type { ImportSummary } from '../catalogue-import/importer.ts';
import { seedDemo } from '../store/seed.ts';
import { withSeedLock } from '../store/seed-lock.ts';
import { DEMO_PROJECTS, DEMO_SEED, feedChunks } from './generator.ts';
import { shiftDemoFeed } from './dates.ts';
import { DEMO_HISTORY_DAYS, earlierDemoFeed } from './history.ts';
import { DAY_MS } from '../../shared/durations.ts';

export const DEMO_SOURCE = 'demo';
export const DEMO_FEED_FILE = serverFile('demo/demo-feed.xml');
/** What the demo feed holds (asserted by its test). */
export const DEMO_FEED_OPTIONS = { projects: DEMO_PROJECTS, seed: DEMO_SEED } as const;

const demoFeed = () => (fs.existsSync(DEMO_FEED_FILE) ? fs.createReadStream(DEMO_FEED_FILE) : feedChunks(DEMO_FEED_OPTIONS));

/**
 * Imports the demo catalogue when the store has no project at all, its dates
 * relative to `today` (the seeding day); does nothing otherwise (returns null).
 * Two imports: the feed as it stood DEMO_HISTORY_DAYS earlier, then as shipped
 * (history.ts). Resolves with the first one's summary (the catalogue's arrival).
 */
export async function seedDemoCatalogue(store: Store, { today = new Date() }: { today?: Date } = {}): Promise<ImportSummary | null> {
  const any = await store.db.selectFrom('projects').select('id').limit(1).executeTakeFirst();
  if (any) return null;
  // Loaded only for an empty store: a server's usual start imports nothing.
  const { importFeed } = await import('../catalogue-import/importer.ts');
  const earlier = new Date(today.getTime() - DEMO_HISTORY_DAYS * DAY_MS);
  // The same dates in both (shifted to today), so the second import writes only the units that changed.
  const summary = await importFeed(store, earlierDemoFeed(shiftDemoFeed(demoFeed(), today)), { source: DEMO_SOURCE, now: earlier });
  await importFeed(store, shiftDemoFeed(demoFeed(), today), { source: DEMO_SOURCE, now: today });
  return summary;
}

/**
 * The whole demo an empty store starts with: partners and pages, then the
 * catalogue, once, however many instances start together (withSeedLock).
 */
export async function seedDemoSite(store: Store, locales?: Locales): Promise<void> {
  await withSeedLock(store, async () => {
    await seedDemo(store, locales);
    // Its own transactions; does nothing once the catalogue has any project.
    await seedDemoCatalogue(store);
  });
}
