// The demo's pictures as JPEG, for what does not read SVG: link previews
// (og:image, twitter:image) want a raster picture of at least 1200 × 630.
// Drawn once per name by sharp (libvips), then kept on disk: the same name
// always gives the same SVG, so the file never goes stale. And as the source
// the photo job prepares a demo picture from (renderDemoSource), as it would
// a feed's photo.
//
// Lazily, not at seed time: a preview needs only a project's first picture,
// and rendering costs ~15 ms a picture (~100 ms for the first, which loads
// libvips), which every seeded store (each test's too) would pay for ~900
// pictures nobody previews.
import fs from 'node:fs';
import path from 'node:path';
import { drawDemoImage, isDemoDocument } from './svg.ts';
import { DEMO_DRAWING_NAME } from '../../shared/demo-pictures.ts';
import { W as DEMO_SVG_WIDTH } from './svg-parts.ts';

/** The size of every rendered picture: Open Graph's recommended 1.91:1. */
const DEMO_RASTER_SIZE = { width: 1200, height: 630 } as const;
export const DEMO_RASTER_TYPE = 'image/jpeg';

const QUALITY = 82;

/**
 * The picture `name` as sharp's input, drawn `width` px wide (its SVG is 800 × 600), or null when
 * the name draws no picture (no scene, or a document).
 */
async function drawn(name: string, width: number) {
  if (isDemoDocument(name)) return null;
  const svg = drawDemoImage(name);
  if (!svg) return null;
  // Loaded on first use: a platform without sharp's binary loses the rasters, not the whole server.
  const { default: sharp } = await import('sharp');
  return sharp(Buffer.from(svg), { density: (72 * width) / DEMO_SVG_WIDTH });
}

/** The JPEG of a picture name, or null when the name draws no picture. */
export async function renderDemoJpeg(name: string): Promise<Buffer | null> {
  // Drawn 1200 × 900, then the middle 630 rows kept.
  const picture = await drawn(name, DEMO_RASTER_SIZE.width);
  return (
    picture
      ?.resize(DEMO_RASTER_SIZE.width, DEMO_RASTER_SIZE.height, { fit: 'cover', position: 'centre' })
      .jpeg({ quality: QUALITY, progressive: true })
      .toBuffer() ?? null
  );
}

/** A demo picture's source width: as a feed photo's quick resize, enough for a card at 2× and a phone's gallery at 3×. */
const SOURCE_WIDTH = 1280;

/**
 * The picture `name` drawn as a 1280 px wide PNG (lossless: the photo job
 * derives its variants from it and keys them by its bytes), or null when the
 * name draws no picture. Compression level 1: the PNG is only read once.
 */
export async function renderDemoSource(name: string): Promise<Buffer | null> {
  const picture = await drawn(name, SOURCE_WIDTH);
  return picture?.png({ compressionLevel: 1 }).toBuffer() ?? null;
}

/**
 * Keeps the JPEGs of the demo's pictures in `dir`: `file(name)` is the path of
 * the picture's JPEG, rendered on the first call (one render per name however
 * many ask at once; written aside, then renamed, so never half a file), or null.
 * Only names `listed` accepts are rendered: any well-formed name with a scene
 * word draws a picture, and the disk must not fill with pictures nobody lists.
 */
export function demoJpegStore(dir: string, listed: (name: string) => Promise<boolean>): { file(name: string): Promise<string | null> } {
  const pending = new Map<string, Promise<string | null>>();
  const render = async (name: string, file: string): Promise<string | null> => {
    if (!(await listed(name))) return null;
    const jpeg = await renderDemoJpeg(name);
    if (!jpeg) return null;
    await fs.promises.mkdir(dir, { recursive: true });
    const partial = `${file}.${process.pid}.part`;
    await fs.promises.writeFile(partial, jpeg);
    await fs.promises.rename(partial, file);
    return file;
  };
  return {
    async file(name) {
      if (!DEMO_DRAWING_NAME.test(name)) return null;
      const file = path.join(dir, `${name}.jpg`);
      if (
        await fs.promises.stat(file).then(
          () => true,
          () => false,
        )
      )
        return file;
      let job = pending.get(name);
      if (!job) {
        job = render(name, file).finally(() => pending.delete(name));
        pending.set(name, job);
      }
      return job;
    },
  };
}
