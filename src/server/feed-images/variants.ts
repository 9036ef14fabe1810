// How a feed photo's variants are encoded and named. Their widths, formats and
// file names are the pages' as well (src/shared/photos.ts): the widths a
// layout may ask for at 1×–3× (never wider than the photo itself), each in
// AVIF, WebP and JPEG, so that every browser gets the smallest one it decodes.
// A variant's file name is derived from the photo's bytes and the settings
// that made it (content-addressed): a changed photo, or changed settings,
// make new names, and a name's bytes never change.
import { createHash } from 'node:crypto';

/**
 * The encoders' settings. Part of every name: changing one gives every
 * variant a new name, so no cache keeps the old bytes under it.
 * The efforts are the fast ends of each encoder (bench/pictures.ts measures
 * the cost per photo): AVIF's default effort costs about 20× its lowest for
 * files a few % smaller.
 */
export const ENCODERS = {
  avif: { quality: 50, effort: 0 },
  webp: { quality: 75, effort: 2 },
  jpeg: { quality: 80, progressive: true },
} as const;

const SETTINGS = createHash('sha256').update(JSON.stringify(ENCODERS)).digest('hex').slice(0, 8);

/** The name of a photo's bytes and the settings that prepare it: 24 hex characters. */
export function pictureKey(source: Uint8Array): string {
  return createHash('sha256').update(SETTINGS).update(source).digest('hex').slice(0, 24);
}
