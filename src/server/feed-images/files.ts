// Where and under which names the proxy keeps feed pictures: DATA_DIR/images,
// `{image id}-{sha256(url) first 16 hex}.{ext}`, so that a feed that changes a
// picture's address gets the new picture. A download in progress is written
// aside as `{name}.{pid}-{n}.part` (n: this process's writes, so that two
// writes of one name at once never share a part) and renamed when complete:
// never half a file.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { PictureExtension } from './formats.ts';

export const feedImageDir = (dataDir: string) => path.join(dataDir, 'images');

export const feedImageKey = (id: number, url: string) => `${id}-${createHash('sha256').update(url).digest('hex').slice(0, 16)}`;

export const feedImageName = (key: string, ext: PictureExtension) => `${key}.${ext}`;

let writes = 0;

export const partName = (name: string) => `${name}.${process.pid}-${++writes}.part`;

/** Writes `file` whole: aside under its part name, then renamed, so that no reader sees half of it. */
export async function writeWhole(file: string, bytes: Uint8Array): Promise<void> {
  const part = partName(file);
  await fs.promises.writeFile(part, bytes);
  await fs.promises.rename(part, file);
}

/** A file the proxy wrote: its image id and key, and whether it is a leftover download. */
export function parseFeedImageName(name: string): { id: number; key: string; part: boolean } | null {
  const m = /^((\d{1,10})-[0-9a-f]{16})\.(?:jpg|png|webp|gif|avif)(\.[\d-]+\.part)?$/.exec(name);
  return m ? { id: Number(m[2]), key: m[1]!, part: Boolean(m[3]) } : null;
}
