// The demo's pictures as the photos a feed would send: each drawing rendered
// by sharp (libvips) as a raster, the source that the picture proxy makes its
// quick resize from and the photo job derives its variants from
// (feed-images/picture-source.ts), as they would a fetched photo.
//
// Lazily, not at seed time: rendering costs ~30 ms a picture (~100 ms for the
// first, which loads libvips), which every seeded store (each test's too)
// would pay for ~690 pictures, most of which nobody looks at there.
import { drawDemoImage, isDemoDocument } from './svg.ts';
import { W as DEMO_SVG_WIDTH } from './svg-parts.ts';

/** A demo picture's source width: as a feed photo's quick resize, enough for a card at 2× and a phone's gallery at 3×. */
const SOURCE_WIDTH = 1280;

/**
 * The picture `name` drawn as a 1280 px wide PNG (its SVG is 800 × 600;
 * lossless: the photo job derives its variants from it and keys them by its
 * bytes), or null when the name draws no picture (no scene, or a document).
 * Compression level 1: the PNG is only read once.
 */
export async function renderDemoSource(name: string): Promise<Buffer | null> {
  if (isDemoDocument(name)) return null;
  const svg = drawDemoImage(name);
  if (!svg) return null;
  // Loaded on first use: a platform without sharp's binary loses the rasters, not the whole server.
  const { default: sharp } = await import('sharp');
  return sharp(Buffer.from(svg), { density: (72 * SOURCE_WIDTH) / DEMO_SVG_WIDTH })
    .png({ compressionLevel: 1 })
    .toBuffer();
}
