// A feed photo made ready for the pages (variants.ts): turned upright by its
// EXIF orientation, converted to sRGB, flattened on white, resized to each
// width and encoded in each format, with every piece of metadata left out
// (EXIF with its GPS position and camera, XMP, IPTC, ICC: sharp writes none
// unless asked). The photo is decoded once, at the widest size needed; each
// width is resized from that, once for its three formats.
//
// A photo not prepared yet is served by the picture proxy (cache.ts) as a
// quick resize: the same steps, one width, one JPEG.
import sharp, { type OutputInfo, type Sharp } from 'sharp';
import { ENCODERS } from './variants.ts';
import { PHOTO_FORMATS, photoWidths, type PhotoFormat } from '../../shared/photos.ts';

/** Larger photos are refused rather than decoded (a 100 MP decompression bomb would take gigabytes). */
export const MAX_PIXELS = 50_000_000;

export interface Variant {
  width: number;
  height: number;
  format: PhotoFormat;
  bytes: Buffer;
}

export interface DerivedPicture {
  /** The upright photo's size. */
  width: number;
  height: number;
  /** Its most common colour, `#rrggbb`: what a page shows while the photo loads. */
  colour: string;
  variants: Variant[];
}

/** An input sharp cannot read as a picture, or one over MAX_PIXELS. */
export class UndecodablePicture extends Error {
  override name = 'UndecodablePicture';
}

/** One JPEG of a picture, at most `width` wide: what the proxy and the floor plans keep. */
export interface ResizeSettings {
  width: number;
  jpeg: { quality: number; progressive: boolean };
}

/** What the proxy keeps of a photo not prepared yet: wide enough for a card at 2× and a phone's first picture at 3×. */
export const QUICK_RESIZE: ResizeSettings = { width: 1280, jpeg: { quality: 75, progressive: true } };

/**
 * What a client is given of a floor plan: plans carry small print (room names,
 * measures), so wider and finer than a photo's quick resize, and still a
 * fraction of the multi-megabyte scan or export a feed links to.
 */
export const FLOOR_PLAN_RESIZE: ResizeSettings = { width: 2400, jpeg: { quality: 85, progressive: true } };

/**
 * `source` upright, at most `width` wide (never enlarged), flattened on white,
 * in sRGB. Resizing straight from the encoded bytes lets libvips decode a
 * JPEG or WebP at 1/2, 1/4 or 1/8 of its size when that is enough
 * (shrink-on-load): for a camera photo resized to 1280 px, two thirds of the
 * CPU of a full decode (bench/picture-proxy.ts).
 */
const upright = (source: Buffer, width: number): Sharp =>
  sharp(source, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
    .autoOrient()
    .resize({ width, withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb');

/** `work`, a failure to read the picture turned into an UndecodablePicture. */
async function reading<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new UndecodablePicture(`not a picture this site can read: ${(error as Error).message}`, { cause: error });
  }
}

/** The quick one-off resize of a photo not prepared yet (a floor plan's with FLOOR_PLAN_RESIZE): one progressive JPEG, no metadata. */
export function quickResize(source: Buffer, settings: ResizeSettings = QUICK_RESIZE): Promise<Buffer> {
  return reading(() => upright(source, settings.width).jpeg(settings.jpeg).toBuffer());
}

export async function derivePicture(source: Buffer): Promise<DerivedPicture> {
  const { autoOrient: size } = await reading(() => sharp(source, { limitInputPixels: MAX_PIXELS }).metadata());
  const widths = photoWidths(size.width);
  const { data, info }: { data: Buffer; info: OutputInfo } = await reading(() =>
    upright(source, widths[widths.length - 1]!)
      .raw()
      .toBuffer({ resolveWithObject: true }),
  );
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };

  const variants: Variant[] = [];
  for (const width of widths) {
    const resized =
      width === info.width ? { data, info } : await sharp(data, raw).resize({ width }).raw().toBuffer({ resolveWithObject: true });
    const input = sharp(resized.data, { raw: { width: resized.info.width, height: resized.info.height, channels: resized.info.channels } });
    for (const format of PHOTO_FORMATS) {
      const bytes = await input.clone().toFormat(format, ENCODERS[format]).toBuffer();
      variants.push({ width: resized.info.width, height: resized.info.height, format, bytes });
    }
  }
  const { dominant } = await sharp(data, raw).stats();
  return { width: size.width, height: size.height, colour: hex(dominant), variants };
}

const hex = ({ r, g, b }: { r: number; g: number; b: number }) => `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
