// Housekeeping of DATA_DIR/images and DATA_DIR/floor-plans: after an import,
// the files of pictures that are no longer served (their image or file row is
// gone, its address changed, a picture became a floor plan, or its project was
// withdrawn) are deleted, and so are files under a name no longer served
// (originals kept by earlier versions, resizes made with other settings:
// files.ts) and downloads that never finished (`.part` files older than an
// hour). Files not named by the proxy are left alone. The rows are read for
// the files present only, in batches, so a large catalogue is never loaded whole.
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { feedImageKey, feedImageName, fileNames, parseFeedImageName, removeFile } from './files.ts';
import { clientFloorPlans, floorPlanName } from './floor-plans.ts';
import { shownPictures } from './shown-pictures.ts';

export const PART_MAX_AGE_MS = 60 * 60 * 1000;
const BATCH = 500;

export interface FileCount {
  files: number;
  bytes: number;
}

/** The proxy's kept pictures (DATA_DIR/images) that no public page shows. */
export function pruneFeedImages(db: Kysely<Database>, dir: string, now = Date.now()): Promise<FileCount> {
  const live = (ids: number[]) => shownPictures(db).select(['i.id', 'i.url']).where('i.id', 'in', ids).execute();
  return pruneKept(dir, feedImageName, live, now);
}

/** The floor plans kept for clients (DATA_DIR/floor-plans) that no listed project has. */
export function pruneFloorPlans(db: Kysely<Database>, dir: string, now = Date.now()): Promise<FileCount> {
  const live = (ids: number[]) => clientFloorPlans(db).select(['f.id', 'f.url']).where('f.id', 'in', ids).execute();
  return pruneKept(dir, floorPlanName, live, now);
}

/** The files in `dir` whose id and address `live` no longer gives, under today's `nameOf`, and old downloads. */
async function pruneKept(
  dir: string,
  nameOf: (key: string) => string,
  live: (ids: number[]) => Promise<Array<{ id: number; url: string }>>,
  now: number,
): Promise<FileCount> {
  const removed: FileCount = { files: 0, bytes: 0 };
  const remove = async (name: string, stat?: fs.Stats | null) => {
    const file = path.join(dir, name);
    const size = (stat ?? (await fs.promises.stat(file).catch(() => null)))?.size ?? 0;
    if (await removeFile(file)) {
      removed.files += 1;
      removed.bytes += size;
    }
  };

  const kept = new Map<number, string[]>();
  for (const name of await fileNames(dir)) {
    const parsed = parseFeedImageName(name);
    if (!parsed) continue;
    if (parsed.part) {
      const stat = await fs.promises.stat(path.join(dir, name)).catch(() => null);
      if (stat && now - stat.mtimeMs > PART_MAX_AGE_MS) await remove(name, stat);
      continue;
    }
    kept.set(parsed.id, [...(kept.get(parsed.id) ?? []), name]);
  }

  const ids = [...kept.keys()];
  for (let i = 0; i < ids.length; i += BATCH) {
    const served = new Set((await live(ids.slice(i, i + BATCH))).map((row) => nameOf(feedImageKey(row.id, row.url))));
    for (const id of ids.slice(i, i + BATCH)) {
      for (const name of kept.get(id)!) if (!served.has(name)) await remove(name);
    }
  }
  return removed;
}

/** What DATA_DIR/images holds: every file in it, leftovers included. */
export async function feedImageCacheSize(dir: string): Promise<FileCount> {
  const size: FileCount = { files: 0, bytes: 0 };
  for (const name of await fileNames(dir)) {
    const stat = await fs.promises.stat(path.join(dir, name)).catch(() => null);
    if (!stat) continue;
    size.files += 1;
    size.bytes += stat.size;
  }
  return size;
}
