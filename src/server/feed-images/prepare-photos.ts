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
// longer at each failure, at most a day. A claim counts as an attempt, so a
// photo whose preparation kills its process waits as long as a failed one.
//
// A prepared photo's address is checked again a week later, and weekly after
// that, by a conditional GET (the ETag and Last-Modified its server sent):
// unchanged, it waits another week; changed bytes are a new key, so the pages
// name new variants and no cache serves the old ones. The photo stays ready
// while it is checked, and a failed check keeps it as it was (tried again
// later, as a failure is). New photos come before checks.
//
// The demo's pictures (/media/demo/{name}.svg) are prepared the same way, from
// their drawing rendered as a raster (picture-source.ts) instead of fetched;
// their check finds them unchanged, since a name always draws the same bytes.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { isStoreBusy } from '../store/errors.ts';
import { PictureError, type FetchOptions, type Validators } from './fetch-picture.ts';
import { pictureSource, type DrawPicture } from './picture-source.ts';
import { derivePicture, UndecodablePicture } from './derive.ts';
import { pictureKey } from './variants.ts';
import { writeVariants } from './photo-files.ts';
import { hostOf } from './addresses.ts';
import { isShown, shownPictures } from './shown-pictures.ts';

export const CLAIM_MS = 10 * 60 * 1000;
export const REFRESH_MS = 7 * 24 * 60 * 60 * 1000;
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
  /** The demo pictures' sources (demo/raster.ts); without it they fail to prepare. */
  draw?: DrawPicture;
  /** Where a photo not prepared is told (the app's logger): expected failures at info, others at error. */
  log: Record<'info' | 'error', (fields: { host: string | null; reason: string; attempts: number }, message: string) => void>;
  now?: () => Date;
  /** Stops between photos (the server closing). */
  signal?: AbortSignal;
  /** Told of each photo's outcome as it comes (the metrics). */
  onPhoto?: (outcome: keyof PhotoRun) => void;
}

export interface PhotoRun {
  /** Prepared, or prepared again because its bytes changed. */
  prepared: number;
  failed: number;
  /** Checked again and unchanged. */
  checked: number;
}

/** When a photo that failed `attempts` times in a row is tried again. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 4 ** Math.max(0, attempts - 1), LAST_RETRY_MS);
}

/** Prepares every photo due, batch after batch, until none is left or `signal` stops it. */
export async function preparePhotos(db: Kysely<Database>, options: PreparePhotosOptions): Promise<PhotoRun> {
  const now = options.now ?? (() => new Date());
  const run: PhotoRun = { prepared: 0, failed: 0, checked: 0 };
  let after: PassCursor | null = null;
  for (;;) {
    if (options.signal?.aborted) return run;
    const batch = await duePhotos(db, now().toISOString(), after);
    after = batch.after;
    const due = batch.due;
    if (!due.length) return run;
    let next = 0;
    const worker = async () => {
      while (next < due.length && !options.signal?.aborted) {
        const outcome = await prepareOne(db, due[next++]!, options, now);
        if (!outcome) continue;
        run[outcome]++;
        options.onPhoto?.(outcome);
      }
    };
    // Both workers end before a failure (the store's) is thrown: none goes on unobserved.
    const failed = (await Promise.allSettled(Array.from({ length: CONCURRENCY }, worker))).find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
  }
}

interface DuePhoto {
  url: string;
  /** Failures (and claims) in a row so far. */
  attempts: number;
  /** A ready photo to check again: the validators of the bytes it was prepared from. */
  check: Validators | null;
}

/** Where a pass has got to among the pictures it has not met before: the last one read, by (position, url). */
export interface PassCursor {
  position: number;
  url: string;
}

/**
 * The next photos to prepare: first the addresses listed projects show that no
 * photo row knows yet, every project's first pictures first, read on from
 * `after` by the (position, url) index, so that a pass reads each picture once
 * however many batches it takes (a scan of every picture per batch made a first
 * pass over a large catalogue quadratic, and held this thread for 0.3–0.5 s a
 * batch at 180,000 pictures); then photos already known that are due (a failure
 * to retry, a claim abandoned, a ready photo to check again), soonest first.
 */
export async function duePhotos(
  db: Kysely<Database>,
  now: string,
  after: PassCursor | null,
  limit = BATCH,
): Promise<{ due: DuePhoto[]; after: PassCursor | null }> {
  const unknown = await shownPictures(db)
    .select(['i.url', 'i.position'])
    .where((eb) => eb.not(eb.exists(eb.selectFrom('photos as ph').select('ph.url').whereRef('ph.url', '=', 'i.url'))))
    .$if(after !== null, (q) => q.where((eb) => eb(eb.refTuple('i.position', 'i.url'), '>', eb.tuple(after!.position, after!.url))))
    .orderBy('i.position')
    .orderBy('i.url')
    .limit(limit)
    .execute();
  const last = unknown.at(-1);
  // An address shown twice (two projects, two positions) is one photo.
  const due: DuePhoto[] = [...new Set(unknown.map((r) => r.url))].map((url) => ({ url, attempts: 0, check: null }));
  if (due.length < limit) {
    const known = await db
      .selectFrom('photos as ph')
      .select(['ph.url', 'ph.attempts', 'ph.status', 'ph.etag', 'ph.last_modified'])
      .where('ph.next_attempt_at', '<=', now)
      .where(isShown(db, 'ph.url'))
      .orderBy('ph.next_attempt_at')
      .orderBy('ph.url')
      .limit(limit - due.length)
      .execute();
    for (const r of known)
      due.push({
        url: r.url,
        attempts: Number(r.attempts),
        check: r.status === 'ready' ? { etag: r.etag, lastModified: r.last_modified } : null,
      });
  }
  return { due, after: last ? { position: Number(last.position), url: last.url } : after };
}

/** Whether any photo already known is due (photos_next_attempt): new addresses come with a new catalogue version. */
export async function photoDue(db: Kysely<Database>, now: string): Promise<boolean> {
  return (await db.selectFrom('photos').select('url').where('next_attempt_at', '<=', now).limit(1).executeTakeFirst()) !== undefined;
}

/** How many photos listed projects show are not prepared yet (due now or later): an import's summary. */
export async function photosWaiting(db: Kysely<Database>): Promise<number> {
  const row = await shownPictures(db)
    .leftJoin('photos as ph', 'ph.url', 'i.url')
    .select(sql<number>`count(distinct i.url)`.as('count'))
    .where((eb) => eb.or([eb('ph.url', 'is', null), eb('ph.status', '!=', 'ready')]))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

async function prepareOne(
  db: Kysely<Database>,
  { url, attempts: before, check }: DuePhoto,
  options: PreparePhotosOptions,
  now: () => Date,
): Promise<keyof PhotoRun | null> {
  const claimed = await claim(db, url, before, check !== null, now());
  // Another instance has it, or prepared (or checked) it since the batch was read.
  if (!claimed) return null;
  try {
    const picture = await pictureSource(url, options.fetch, check, options.draw);
    const checkAgain = new Date(now().getTime() + REFRESH_MS).toISOString();
    if (!picture) {
      await db.updateTable('photos').set({ attempts: 0, next_attempt_at: checkAgain }).where('url', '=', url).execute();
      return 'checked';
    }
    const key = pictureKey(picture.bytes);
    const validators = { etag: picture.etag, last_modified: picture.lastModified };
    if (check && claimed.key === key) {
      await db
        .updateTable('photos')
        .set({ ...validators, attempts: 0, next_attempt_at: checkAgain })
        .where('url', '=', url)
        .execute();
      return 'checked';
    }
    // The same photo at another address (a development's picture repeated for each unit): prepared once.
    const twin = await db
      .selectFrom('photos')
      .select(['width', 'height', 'colour'])
      .where('key', '=', key)
      .where('status', '=', 'ready')
      .executeTakeFirst();
    const ready = twin ?? (await deriveAndWrite(picture.bytes, key, options.dir));
    await db
      .updateTable('photos')
      .set({
        status: 'ready',
        key,
        width: ready.width,
        height: ready.height,
        colour: ready.colour,
        reason: null,
        attempts: 0,
        next_attempt_at: checkAgain,
        prepared_at: now().toISOString(),
        ...validators,
      })
      .where('url', '=', url)
      .execute();
    return 'prepared';
  } catch (error) {
    // The store is busy (SQLite, an import's lock): the claim lapses and the photo is tried again.
    if (isStoreBusy(error)) throw error;
    const { attempts } = claimed;
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, REASON_MAX);
    const expected = error instanceof PictureError || error instanceof UndecodablePicture;
    options.log[expected ? 'info' : 'error'](
      { host: hostOf(url), reason, attempts },
      check ? 'feed photo not checked' : 'feed photo not prepared',
    );
    const later = new Date(now().getTime() + retryDelayMs(attempts)).toISOString();
    // A photo that fails its check stays ready, as it was prepared.
    await db
      .updateTable('photos')
      .set(check ? { attempts, next_attempt_at: later } : { status: 'failed', reason, attempts, next_attempt_at: later })
      .where('url', '=', url)
      .execute();
    return 'failed';
  }
}

/**
 * Claims `url` for this instance until its lease lapses, counting an attempt:
 * a new or failed photo by marking it 'working', a ready one to check by
 * moving its next check (it stays ready). Null when another instance has it.
 */
async function claim(db: Kysely<Database>, url: string, before: number, ready: boolean, at: Date) {
  // Held for a working preparation's length, or for the wait after the failure this would be.
  const until = new Date(at.getTime() + Math.max(CLAIM_MS, retryDelayMs(before + 1))).toISOString();
  if (ready)
    return db
      .updateTable('photos')
      .set({ attempts: sql`attempts + 1`, next_attempt_at: until })
      .where('url', '=', url)
      .where('status', '=', 'ready')
      .where('next_attempt_at', '<=', at.toISOString())
      .returning(['attempts', 'key'])
      .executeTakeFirst();
  return db
    .insertInto('photos')
    .values({ url, status: 'working', attempts: 1, next_attempt_at: until })
    .onConflict((oc) =>
      oc
        .column('url')
        .doUpdateSet({ status: 'working', attempts: sql`photos.attempts + 1`, next_attempt_at: until })
        .where('photos.status', '!=', 'ready')
        .where('photos.next_attempt_at', '<=', at.toISOString()),
    )
    .returning(['attempts', 'key'])
    .executeTakeFirst();
}

async function deriveAndWrite(bytes: Buffer, key: string, dir: string): Promise<{ width: number; height: number; colour: string }> {
  const derived = await derivePicture(bytes);
  await writeVariants(dir, key, derived.variants);
  return derived;
}
