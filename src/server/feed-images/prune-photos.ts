// Housekeeping of the prepared photos, after an import: the `photos` rows of
// addresses no listing shows any more are deleted, and so are the variants in
// DATA_DIR/photos whose key no prepared photo has (and writes that never
// finished). A file is only deleted once it is an hour old: the photo job
// writes a photo's variants before it marks the photo ready, and a twin
// address may take up a key at any time. Files not named as variants are left
// alone. Keys are looked up for the files present only, in batches; the rows
// are deleted a range of addresses at a time.
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { isShown } from './shown-pictures.ts';
import { fileNames, removeFile } from './files.ts';
import type { FileCount } from './prune.ts';

export const UNUSED_MAX_AGE_MS = 60 * 60 * 1000;
const BATCH = 500;
const ROWS_PER_DELETE = 5_000;

/** A variant's file (`{key}-{width}.{ext}`), or one being written (`….part`). */
const VARIANT_NAME = /^([0-9a-f]{24})-\d{1,4}\.(?:avif|webp|jpg)(\.[\d-]+\.part)?$/;

/**
 * `rowsPerDelete`: the photos rows one statement looks at. Each statement is a
 * transaction of its own, so on SQLite the write lock other writers wait for is
 * held for one range of addresses at a time: one statement over every row held
 * it 2.5 s at a million pictures.
 */
export async function prunePhotos(
  db: Kysely<Database>,
  dir: string,
  now = Date.now(),
  rowsPerDelete = ROWS_PER_DELETE,
): Promise<FileCount> {
  await pruneRows(db, rowsPerDelete);

  const old = new Map<string, Array<{ name: string; size: number; part: boolean }>>();
  for (const name of await fileNames(dir)) {
    const match = VARIANT_NAME.exec(name);
    if (!match) continue;
    const stat = await fs.promises.stat(path.join(dir, name)).catch(() => null);
    if (!stat || now - stat.mtimeMs <= UNUSED_MAX_AGE_MS) continue;
    const key = match[1]!;
    old.set(key, [...(old.get(key) ?? []), { name, size: stat.size, part: Boolean(match[2]) }]);
  }

  const removed: FileCount = { files: 0, bytes: 0 };
  const keys = [...old.keys()];
  for (let i = 0; i < keys.length; i += BATCH) {
    const batch = keys.slice(i, i + BATCH);
    const rows = await db.selectFrom('photos').select('key').distinct().where('status', '=', 'ready').where('key', 'in', batch).execute();
    const used = new Set(rows.map((row) => row.key));
    for (const key of batch)
      for (const file of old.get(key)!) {
        if (used.has(key) && !file.part) continue;
        if (await removeFile(path.join(dir, file.name))) {
          removed.files += 1;
          removed.bytes += file.size;
        }
      }
  }
  return removed;
}

/** Deletes the rows of addresses no listing shows, a range of addresses (by the url's index) at a time. */
async function pruneRows(db: Kysely<Database>, rowsPerDelete: number): Promise<void> {
  let from: string | null = null;
  for (;;) {
    const last: { url: string } | undefined = await db
      .selectFrom('photos')
      .select('url')
      .$if(from !== null, (q) => q.where('url', '>', from!))
      .orderBy('url')
      .offset(rowsPerDelete - 1)
      .limit(1)
      .executeTakeFirst();
    await db
      .deleteFrom('photos')
      .$if(from !== null, (q) => q.where('url', '>', from!))
      .$if(last !== undefined, (q) => q.where('url', '<=', last!.url))
      .where((eb) => eb.not(isShown(db, 'photos.url')))
      .execute();
    if (!last) return;
    from = last.url;
  }
}
