// A feed photo made ready for the pages (variants.ts): turned upright by its
// EXIF orientation, converted to sRGB, flattened on white, resized to each
// width and encoded in each format, with every piece of metadata left out
// (EXIF with its GPS position and camera, XMP, IPTC, ICC: sharp writes none
// unless asked). The photo is decoded once, at the widest size needed; each
// width is resized from that, once for its three formats.
import sharp, { type OutputInfo } from 'sharp';
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

export async function derivePicture(source: Buffer): Promise<DerivedPicture> {
  let upright: { width: number; height: number };
  let widest: { data: Buffer; info: OutputInfo };
  try {
    upright = (await sharp(source, { limitInputPixels: MAX_PIXELS }).metadata()).autoOrient;
    const widths = photoWidths(upright.width);
    widest = await sharp(source, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
      .autoOrient()
      .resize({ width: widths[widths.length - 1] })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw new UndecodablePicture(`not a picture this site can read: ${(error as Error).message}`, { cause: error });
  }
  const { data, info } = widest;
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };

  const variants: Variant[] = [];
  for (const width of photoWidths(upright.width)) {
    const resized =
      width === info.width ? { data, info } : await sharp(data, raw).resize({ width }).raw().toBuffer({ resolveWithObject: true });
    const input = sharp(resized.data, { raw: { width: resized.info.width, height: resized.info.height, channels: resized.info.channels } });
    for (const format of PHOTO_FORMATS) {
      const bytes = await input.clone().toFormat(format, ENCODERS[format]).toBuffer();
      variants.push({ width: resized.info.width, height: resized.info.height, format, bytes });
    }
  }
  const { dominant } = await sharp(data, raw).stats();
  return { ...upright, colour: hex(dominant), variants };
}

const hex = ({ r, g, b }: { r: number; g: number; b: number }) => `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
