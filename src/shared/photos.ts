// A feed photo prepared for the pages (src/server/feed-images/): the widths
// and formats it exists in, and the addresses a page asks for them at. The
// server prepares the variants; the pages name them in `srcset`, so both
// sides derive the same names from the photo's key and size.

/** The widths a layout may ask for at 1×–3×. */
export const PHOTO_WIDTHS = [320, 640, 960, 1280, 1920] as const;

/** Best first: a browser takes the first `<source>` whose type it decodes; JPEG is the `<img>` itself. */
export const PHOTO_FORMATS = ['avif', 'webp', 'jpeg'] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

/** A prepared photo: its variants' key, its upright size and its most common colour (`#rrggbb`, shown while it loads). */
export interface PreparedPhoto {
  key: string;
  width: number;
  height: number;
  colour: string;
}

/** The widths a photo `width` wide is prepared in: the standard ones below it, and its own if it is narrower than the widest. */
export function photoWidths(width: number): number[] {
  const widest = PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1]!;
  return width >= widest ? [...PHOTO_WIDTHS] : [...PHOTO_WIDTHS.filter((w) => w < width), width];
}

/** A variant's file name: `{key}-{width}.{ext}`. */
export const photoFileName = (key: string, width: number, format: PhotoFormat) => `${key}-${width}.${format === 'jpeg' ? 'jpg' : format}`;

/** Where a variant is served (api/photos.ts). */
export const photoUrl = (key: string, width: number, format: PhotoFormat) => `/media/photos/${photoFileName(key, width, format)}`;

/** `srcset` of a photo in one format: every width it is prepared in. */
export function photoSrcset(photo: PreparedPhoto, format: PhotoFormat): string {
  return photoWidths(photo.width)
    .map((w) => `${photoUrl(photo.key, w, format)} ${w}w`)
    .join(', ');
}

/** The narrowest variant at least `width` wide (or the widest there is): a mail's or a preview's one picture. */
export function photoWidthFor(photo: PreparedPhoto, width: number): number {
  const widths = photoWidths(photo.width);
  return widths.find((w) => w >= width) ?? widths[widths.length - 1]!;
}
