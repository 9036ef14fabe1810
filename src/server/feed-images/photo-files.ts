// Where prepared photos live: DATA_DIR/photos, one file per variant, named by
// the photo's bytes (variants.ts), so a file once written never changes. A
// file in progress is written aside and renamed whole: a reader never sees
// half a photo, and two instances writing the same name write the same bytes.
import fs from 'node:fs';
import path from 'node:path';
import type { Variant } from './derive.ts';
import { photoFileName } from '../../shared/photos.ts';
import { writeWhole } from './files.ts';

export const photosDir = (dataDir: string) => path.join(dataDir, 'photos');

export async function writeVariants(dir: string, key: string, variants: Variant[]): Promise<void> {
  await fs.promises.mkdir(dir, { recursive: true });
  for (const variant of variants) await writeWhole(path.join(dir, photoFileName(key, variant.width, variant.format)), variant.bytes);
}
