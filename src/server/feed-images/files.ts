// Where and under which names the proxy keeps feed pictures: DATA_DIR/images,
// `{image id}-{sha256(url) first 16 hex}-{settings}.jpg`, so that a feed that
// changes a picture's address gets the new picture. What is kept is the quick
// resize (derive.ts), never the original; {settings} is 8 hex of a hash of
// QUICK_RESIZE, so changed settings give every picture a new name. Names
// without it (`{key}.{ext}`) are originals kept by earlier versions: never
// served, and deleted by the next pruning. A download in progress is written
// aside as `{name}.{pid}-{n}.part` (n: this process's writes, so that two
// writes of one name at once never share a part) and renamed when complete:
// never half a file.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { QUICK_RESIZE, type ResizeSettings } from './derive.ts';

export const feedImageDir = (dataDir: string) => path.join(dataDir, 'images');

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export const feedImageKey = (id: number, url: string) => `${id}-${sha256(url).slice(0, 16)}`;

/** The names of the resizes `settings` make: `{key}-{8 hex of a hash of the settings}.jpg`. */
export function resizeNames(settings: ResizeSettings): (key: string) => string {
  const tag = sha256(JSON.stringify(settings)).slice(0, 8);
  return (key) => `${key}-${tag}.jpg`;
}

/** The name of the quick resize of the picture `key` names. */
export const feedImageName = resizeNames(QUICK_RESIZE);

let writes = 0;

export const partName = (name: string) => `${name}.${process.pid}-${++writes}.part`;

/** Writes `file` whole: aside under its part name, then renamed, so that no reader sees half of it. */
export async function writeWhole(file: string, bytes: Uint8Array): Promise<void> {
  const part = partName(file);
  await fs.promises.writeFile(part, bytes);
  await fs.promises.rename(part, file);
}

/** The names of the files in `dir` (none when it does not exist yet). */
export async function fileNames(dir: string): Promise<string[]> {
  try {
    return (await fs.promises.readdir(dir, { withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => entry.name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Deletes `file`; false when it is gone already (another instance, or a second import, pruned it first). */
export async function removeFile(file: string): Promise<boolean> {
  try {
    await fs.promises.unlink(file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return false;
  }
}

/** A file the proxy wrote (under today's name or an earlier one): its image id, and whether it is a leftover download. */
export function parseFeedImageName(name: string): { id: number; part: boolean } | null {
  const m = /^(\d{1,10})-[0-9a-f]{16}(?:-[0-9a-f]{8})?\.(?:jpg|png|webp|gif|avif)(\.[\d-]+\.part)?$/.exec(name);
  return m ? { id: Number(m[1]), part: Boolean(m[2]) } : null;
}
