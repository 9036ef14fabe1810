// The sizes and formats a feed photo is prepared in for the pages: the widths
// a layout may ask for at 1×–3× (never wider than the photo itself), each in
// AVIF, WebP and JPEG, so that every browser gets the smallest one it decodes.
// A variant's file name is derived from the photo's bytes and the settings
// that made it (content-addressed): a changed photo, or changed settings,
// make new names, and a name's bytes never change.
import { createHash } from 'node:crypto';

export const VARIANT_WIDTHS = [320, 640, 960, 1280, 1920] as const;

export const VARIANT_FORMATS = ['avif', 'webp', 'jpeg'] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

export const VARIANT_EXTENSIONS: Record<VariantFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg' };

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

/** The widths to prepare for a photo `width` wide: the standard ones below it, and its own if it is narrower than the widest. */
export function variantWidths(width: number): number[] {
  const below = VARIANT_WIDTHS.filter((w) => w < width);
  const widest = VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1]!;
  return width >= widest ? [...VARIANT_WIDTHS] : [...below, width];
}

/** The name of a photo's bytes and the settings that prepare it: 24 hex characters. */
export function pictureKey(source: Uint8Array): string {
  return createHash('sha256').update(SETTINGS).update(source).digest('hex').slice(0, 24);
}

/** A variant's file name: `{key}-{width}.{ext}`. */
export const variantName = (key: string, width: number, format: VariantFormat) => `${key}-${width}.${VARIANT_EXTENSIONS[format]}`;
