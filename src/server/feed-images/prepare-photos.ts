// Feed photos prepared ahead of any visitor (issue 21): every photo address a
// listed project shows, not prepared yet or failed and due again, is claimed
// (a row of `photos` marked 'working' until a lease lapses, so that instances
// sharing a store never prepare one photo twice at once and a dead instance's
// claim passes on), fetched once through the picture proxy's address checks
// (fetch-picture.ts), derived (derive.ts) and written (photo-files.ts). The
// first picture of each project comes first: cards show those.
//
// A photo that cannot be fetched or read is recorded as failed with its
// reason and tried again later, each time later: 5 minutes, then 4 times
// longer at each failure, at most a day.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../store/schema.ts';
import { fetchPicture, type FetchOptions } from './fetch-picture.ts';
import { derivePicture } from './derive.ts';
import { pictureKey } from './variants.ts';
import { writeVariants } from './photo-files.ts';
import { publicUrl } from '../feed-sources.ts';

export const CLAIM_MS = 10 * 60 * 1000;
const FIRST_RETRY_MS = 5 * 60 * 1000;
const LAST_RETRY_MS = 24 * 60 * 60 * 1000;
const BATCH = 16;
/** Photos in work at once: libvips spreads each over the cores already. */
const CONCURRENCY = 2;
const REASON_MAX = 500;

export interface PreparePhotosOptions {
  /** DATA_DIR/photos (photo-files.ts). */
  dir: string;
  fetch: FetchOptions;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  now?: () => Date;
  /** Stops between photos (the server closing). */
  signal?: AbortSignal;
}

export interface PhotoRun {
  prepared: number;
  failed: number;
}

/** When a photo that failed `attempts` times in a row is tried again. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 4 ** Math.max(0, attempts - 1), LAST_RETRY_MS);
}

/** Prepares every photo due, batch after batch, until none is left or `signal` stops it. */
export async function preparePhotos(db: Kysely<Database>, options: PreparePhotosOptions): Promise<PhotoRun> {
  const now = options.now ?? (() => new Date());
  const run: PhotoRun = { prepared: 0, failed: 0 };
  for (;;) {
    if (options.signal?.aborted) return run;
    const urls = await duePhotos(db, now().toISOString());
    if (!urls.length) return run;
    let next = 0;
    const worker = async () => {
      while (next < urls.length && !options.signal?.aborted) {
        const url = urls[next++]!;
        const outcome = await prepareOne(db, url, options, now);
        if (outcome) run[outcome]++;
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  }
}

/** Addresses of photos listed projects show that are new, or failed (or claimed and abandoned) and due. */
async function duePhotos(db: Kysely<Database>, now: string): Promise<string[]> {
  const rows = await db
    .selectFrom('images as i')
    .innerJoin('projects as p', 'p.id', 'i.project_id')
    .leftJoin('photos as ph', 'ph.url', 'i.url')
    .select(['i.url', sql<number>`min(i.position)`.as('first')])
    .where('p.withdrawn_at', 'is', null)
    .where('i.floorplan', '=', 0)
    .where(sql<boolean>`lower(substr(i.url, 1, 5)) in ('http:', 'https')`)
    .where((eb) => eb.or([eb('ph.url', 'is', null), eb.and([eb('ph.status', '!=', 'ready'), eb('ph.next_attempt_at', '<=', now)])]))
    .groupBy('i.url')
    .orderBy('first')
    .orderBy('i.url')
    .limit(BATCH)
    .execute();
  return rows.map((r) => r.url);
}

async function prepareOne(
  db: Kysely<Database>,
  url: string,
  options: PreparePhotosOptions,
  now: () => Date,
): Promise<keyof PhotoRun | null> {
  const at = now();
  const claimed = await db
    .insertInto('photos')
    .values({ url, status: 'working', attempts: 0, next_attempt_at: new Date(at.getTime() + CLAIM_MS).toISOString() })
    .onConflict((oc) =>
      oc
        .column('url')
        .doUpdateSet({ status: 'working', next_attempt_at: new Date(at.getTime() + CLAIM_MS).toISOString() })
        .where('photos.status', '!=', 'ready')
        .where('photos.next_attempt_at', '<=', at.toISOString()),
    )
    .returning('attempts')
    .executeTakeFirst();
  // Another instance has it, or prepared it since the batch was read.
  if (!claimed) return null;
  try {
    const picture = await fetchPicture(url, options.fetch);
    const derived = await derivePicture(picture.bytes);
    const key = pictureKey(picture.bytes);
    await writeVariants(options.dir, key, derived.variants);
    await db
      .updateTable('photos')
      .set({
        status: 'ready',
        key,
        width: derived.width,
        height: derived.height,
        colour: derived.colour,
        reason: null,
        attempts: 0,
        next_attempt_at: null,
        prepared_at: now().toISOString(),
      })
      .where('url', '=', url)
      .execute();
    return 'prepared';
  } catch (error) {
    const attempts = claimed.attempts + 1;
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, REASON_MAX);
    const expected = error instanceof Error && (error.name === 'PictureError' || error.name === 'UndecodablePicture');
    options.log[expected ? 'info' : 'error']({ url: publicUrl(url), reason, attempts }, 'feed photo not prepared');
    await db
      .updateTable('photos')
      .set({ status: 'failed', reason, attempts, next_attempt_at: new Date(now().getTime() + retryDelayMs(attempts)).toISOString() })
      .where('url', '=', url)
      .execute();
    return 'failed';
  }
}
