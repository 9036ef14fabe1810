// importFeed: a Kyero feed (a full snapshot of one source) into the catalogue,
// in ONE transaction, so that a malformed feed, a wrong root or a download that
// fails half-way leaves the store exactly as it was.
//
// How it stays fast and flat on a 500,000-unit feed:
//   - the reader streams; properties are handled in batches of BATCH_SIZE with
//     a handful of statements per batch (look-ups by `in (...)`, multi-row
//     upserts), never one round trip per row;
//   - what must be remembered across the whole feed lives in temporary tables
//     (ids seen, each development's lead fields, images, files), not in memory;
//     in memory are only maps of ids (categories, places, the projects met);
//   - a unit whose content is unchanged (its hash; <date> is only a hint) is
//     not written; only the projects that something happened to ("touched")
//     are recomputed at the end, set-based;
//   - the instant alerts of saved searches are queued last, in the same
//     transaction, from what this import listed or made cheaper (by the
//     `alerts` its caller gives): a failed import mails nothing.
//
// The rules (which unit's fields a project takes, what counts as added, …) are
// in docs/catalogue-import.md.
import type { Transaction } from 'kysely';
import type { Store } from '../store/db.ts';
import type { Database } from '../store/schema.ts';
import { KNOWN_CATEGORIES } from '../../shared/catalogue.ts';
import { KNOWN_CATEGORY_NAMES } from './categories.ts';
import type { FeedItem } from './feed-property.ts';
import { ImportRun } from './import-run.ts';
import type { ImportTables } from './import-tables.ts';
import type { ImportOptions, ImportSummary } from './import-types.ts';
import { readKyero, type FeedInput } from './kyero.ts';
import { lockCatalogue } from '../store/catalogue-lock.ts';

export { SourceIdentityError, type ImportOptions, type ImportSummary, type QueueInstantAlerts, type Rejection } from './import-types.ts';
export { MAX_REJECTIONS_KEPT } from './import-run.ts';

export const BATCH_SIZE = 1000;

/**
 * Imports a Kyero feed for one source. Resolves with the summary; rejects (and
 * changes nothing) when the feed cannot be read: FeedError for a malformed or
 * foreign document, the stream's own error for a failed download.
 */
export async function importFeed(store: Store, input: FeedInput, options: ImportOptions): Promise<ImportSummary> {
  const source = options.source.trim();
  if (!source || source.length > 100) throw new Error('importFeed: source must be a name of 1 to 100 characters');
  return store.db.transaction().execute(async (trx) => {
    await lockCatalogue(trx, store.dialect);
    // Dated once the lock is held: after any alert run that closed its window (catalogue-lock.ts).
    const now = (options.now ?? new Date()).toISOString();
    await ensureKnownCategories(trx);
    const run = new ImportRun(trx.withTables<ImportTables>(), store.dialect, source, now, options);
    await run.start();
    // Batches are written one at a time, in order, but the next one is parsed
    // while the database works on the last (on PostgreSQL that is another
    // process: the two cores both work).
    let pending: Promise<void> = Promise.resolve();
    let batch: FeedItem[] = [];
    const flush = async () => {
      await pending;
      pending = run.batch(batch);
      pending.catch(() => undefined); // handled by the next `await pending`
      batch = [];
    };
    try {
      for await (const item of readKyero(input, run.readReport)) {
        batch.push(item);
        if (batch.length >= BATCH_SIZE) await flush();
      }
      if (batch.length) await flush();
      await pending;
    } catch (error) {
      // Let the batch in flight finish before the transaction is rolled back,
      // so that none of its statements runs outside it.
      await pending.catch(() => undefined);
      throw error;
    }
    const summary = await run.finish();
    // An import that touched no project listed nothing and lowered no price.
    if (options.alerts) {
      const queued = summary.projectsTouched ? await options.alerts(trx, store.dialect, new Date(now)) : null;
      summary.alertMails = queued?.mails ?? 0;
    }
    return summary;
  });
}

/** Inserts the categories with fixed ids (the spec's type ids and the usual types), if missing. */
export async function ensureKnownCategories(db: Transaction<Database> | Store['db']): Promise<void> {
  await db
    .insertInto('categories')
    .values(KNOWN_CATEGORIES.map((c) => ({ id: c.id, key: c.key, name: KNOWN_CATEGORY_NAMES[c.key] })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}
