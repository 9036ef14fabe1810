// feed_pulls (migration 0009): a source's row, its lease, and the record of a pull.
//
// The lease: one UPDATE … WHERE (no lease or the lease lapsed) AND (a pull is
// due) … RETURNING, which exactly one instance wins, on both engines. Because
// "is due" is part of the same statement, an instance that comes second, after
// the first has pulled and let go, finds the source no longer due.
import type { Kysely } from 'kysely';
import type { Database, FeedPullRow, FeedPullsTable } from '../store/schema.ts';
import { publicUrl, type FeedSource } from '../feed-sources.ts';

type Db = Kysely<Database>;

/** Makes the source's row if it has none (a source never pulled). */
export async function ensureFeedRow(db: Db, feed: FeedSource): Promise<void> {
  await db
    .insertInto('feed_pulls')
    .values({ source: feed.name, url: publicUrl(feed.url), include_resales: feed.includeResales ? 1 : 0, new_build: feed.newBuild ? 1 : 0 })
    .onConflict((oc) => oc.column('source').doNothing())
    .execute();
}

export interface LeaseRequest {
  /** Who takes it: the instance's token. */
  token: string;
  now: Date;
  leaseMs: number;
  /** Only if the last pull started at or before this (or never happened); absent: whenever (a pull asked for by hand). */
  dueBy?: Date;
}

/** Takes the source's lease; the row as it was before the pull, or null when another holds it or no pull is due. */
export async function acquireLease(db: Db, source: string, request: LeaseRequest): Promise<FeedPullRow | null> {
  const at = request.now.toISOString();
  let update = db
    .updateTable('feed_pulls')
    .set({ locked_by: request.token, locked_until: new Date(request.now.getTime() + request.leaseMs).toISOString() })
    .where('source', '=', source)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', at)]));
  if (request.dueBy) {
    const dueBy = request.dueBy.toISOString();
    update = update.where((eb) => eb.or([eb('pulled_at', 'is', null), eb('pulled_at', '<=', dueBy)]));
  }
  return (await update.returningAll().executeTakeFirst()) ?? null;
}

/** Writes a pull's outcome and lets the lease go; false when the lease was no longer this instance's. */
export async function recordPull(
  db: Db,
  source: string,
  token: string,
  fields: Partial<Omit<FeedPullsTable, 'source' | 'locked_by' | 'locked_until'>>,
): Promise<boolean> {
  const result = await db
    .updateTable('feed_pulls')
    .set({ ...fields, locked_by: null, locked_until: null })
    .where('source', '=', source)
    .where('locked_by', '=', token)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Lets the lease go without recording anything (a pull interrupted by shutdown). */
export async function releaseLease(db: Db, source: string, token: string): Promise<void> {
  await recordPull(db, source, token, {});
}

export async function feedPullRows(db: Db): Promise<FeedPullRow[]> {
  return db.selectFrom('feed_pulls').selectAll().orderBy('source').execute();
}
