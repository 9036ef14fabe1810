// Photo-like pictures for the derivation tests and the pictures bench: colour
// gradients with grain, so that encoders work as they do on real photos (flat
// colour would compress to nothing), written as a camera would: JPEG with EXIF.
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { derivePicture } from '../../src/server/feed-images/derive.ts';
import { pictureKey } from '../../src/server/feed-images/variants.ts';
import { photosDir, writeVariants } from '../../src/server/feed-images/photo-files.ts';
import { photoFileName, type PreparedPhoto } from '../../src/shared/photos.ts';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface PhotoOptions {
  width: number;
  height: number;
  /** EXIF orientation, 1–8: the pixels are stored turned, as a camera held sideways stores them. */
  orientation?: number;
  /** Camera, owner and GPS position in EXIF, as phones write them. */
  exif?: boolean;
  /** A left half red and a right half blue, so that a test can tell which way the picture was turned. */
  halves?: boolean;
  seed?: number;
  quality?: number;
}

/** Gradients with grain, `width` × `height`, 3 channels. */
function photoPixels(width: number, height: number, seed: number): Buffer {
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed >>> 0 || 1;
  const grain = () => ((state = (state * 1103515245 + 12345) >>> 0) / 2 ** 32) * 50 - 25;
  const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const g = grain();
      pixels[i] = clamp(120 + 90 * Math.sin((x + seed) / 230) + g);
      pixels[i + 1] = clamp(135 + 70 * Math.cos((y - seed) / 170) + g);
      pixels[i + 2] = clamp(150 + 60 * Math.sin((x + y) / 310) + g);
    }
  return pixels;
}

function halvesPixels(width: number, height: number): Buffer {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) pixels.set(x < width / 2 ? [220, 20, 20] : [20, 20, 220], (y * width + x) * 3);
  return pixels;
}

export async function photo(options: PhotoOptions): Promise<Buffer> {
  const { width, height, orientation = 1, seed = 1 } = options;
  const raw = options.halves ? halvesPixels(width, height) : photoPixels(width, height, seed);
  let image = sharp(raw, { raw: { width, height, channels: 3 } });
  if (!options.halves) image = image.blur(0.7);
  // What the camera stores for orientation n: the upright picture turned back.
  const stored = await image.toBuffer({ resolveWithObject: true }).then(({ data, info }) =>
    sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } })
      .rotate(orientation === 6 ? -90 : orientation === 8 ? 90 : orientation === 3 ? 180 : 0)
      .toBuffer({ resolveWithObject: true }),
  );
  let out = sharp(stored.data, { raw: { width: stored.info.width, height: stored.info.height, channels: 3 } });
  if (options.exif)
    out = out.withExif({
      IFD0: { Make: 'TestCam', Model: 'Sideways 6', Artist: 'Owner Name', Copyright: 'Owner Name' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '37/1 59/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 40/1 0/1' },
    });
  return out
    .withMetadata({ orientation })
    .jpeg({ quality: options.quality ?? 90 })
    .toBuffer();
}

/**
 * Every picture of the catalogue marked prepared, with real variants of one
 * photo `width` × `height` under DATA_DIR/photos: what the photo job leaves
 * once it has gone through a catalogue (the pages' side of it, without feeds).
 * All share one key, or, with `keyPerPicture`, each its own (its variants
 * hard links to the same files), so that a browser sees different photos as a
 * real catalogue's, and the one prepared photo is returned with the first key.
 */
export async function prepareEveryPicture(
  app: FastifyInstance,
  { width = 2400, height = 1600, keyPerPicture = false } = {},
): Promise<PreparedPhoto> {
  const source = await photo({ width, height });
  const derived = await derivePicture(source);
  const key = pictureKey(source);
  const dir = photosDir(app.config.DATA_DIR);
  await writeVariants(dir, key, derived.variants);
  const db = app.store.db;
  const urls = await db.selectFrom('images').select('url').distinct().execute();
  for (const { url } of urls) {
    const own = keyPerPicture ? createHash('sha256').update(key).update(url).digest('hex').slice(0, 24) : key;
    if (own !== key)
      for (const v of derived.variants)
        fs.linkSync(path.join(dir, photoFileName(key, v.width, v.format)), path.join(dir, photoFileName(own, v.width, v.format)));
    await db
      .insertInto('photos')
      .values({ url, status: 'ready', key: own, width: derived.width, height: derived.height, colour: derived.colour, attempts: 0 })
      .onConflict((c) => c.column('url').doUpdateSet({ status: 'ready', key: own }))
      .execute();
  }
  return { key, width: derived.width, height: derived.height, colour: derived.colour };
}
