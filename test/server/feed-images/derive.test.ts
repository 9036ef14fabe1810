// A feed photo prepared for the pages: upright, sRGB, no metadata left, each
// width no wider than the photo, in AVIF, WebP and JPEG.
import sharp from 'sharp';
import t from 'tap';
import { derivePicture, UndecodablePicture } from '../../../src/server/feed-images/derive.ts';
import { PHOTO_FORMATS } from '../../../src/shared/photos.ts';
import { photo } from '../../helpers/photos.ts';

/** The EXIF tag that points to the GPS position (0x8825), as stored little-endian. */
const GPS_POINTER = Buffer.from([0x25, 0x88]);

t.test('a camera photo held sideways comes out upright, in every width and format, without metadata', async (t) => {
  const source = await photo({ width: 1400, height: 1000, orientation: 6, exif: true, halves: true });
  const stored = await sharp(source).metadata();
  t.same([stored.width, stored.height, stored.orientation], [1000, 1400, 6], 'the source is stored turned, with EXIF orientation 6');
  t.ok(stored.exif!.includes(GPS_POINTER), 'the source carries a GPS position');

  const derived = await derivePicture(source);
  t.same([derived.width, derived.height], [1400, 1000], 'the upright size');
  t.same(
    derived.variants.map((v) => `${v.width}x${v.height}.${v.format}`),
    ['320x229', '640x457', '960x686', '1280x914', '1400x1000'].flatMap((size) => PHOTO_FORMATS.map((f) => `${size}.${f}`)),
    'the standard widths below the photo, then its own; never wider',
  );
  for (const variant of derived.variants) {
    const meta = await sharp(variant.bytes).metadata();
    const name = `${variant.width} ${variant.format}`;
    t.equal(meta.format === 'heif' ? 'avif' : meta.format, variant.format, `${name}: encoded as said`);
    t.same([meta.width, meta.height], [variant.width, variant.height], `${name}: its size`);
    t.equal(meta.exif, undefined, `${name}: no EXIF (no GPS, camera or owner)`);
    t.equal(meta.xmp, undefined, `${name}: no XMP`);
    t.equal(meta.iptc, undefined, `${name}: no IPTC`);
    t.notOk(meta.orientation && meta.orientation !== 1, `${name}: no orientation left to apply`);
    t.ok(['srgb', 'rgb'].includes(meta.space ?? ''), `${name}: sRGB (${meta.space})`);
  }
  // Upright: red on the left, blue on the right (stored turned, they were top and bottom).
  const jpeg = derived.variants.find((v) => v.format === 'jpeg' && v.width === 320)!;
  const { data, info } = await sharp(jpeg.bytes).raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
  const [left, right] = [at(40, 114), at(280, 114)];
  t.ok(left[0]! > 150 && left[2]! < 100, `red on the left (${left})`);
  t.ok(right[2]! > 150 && right[0]! < 100, `blue on the right (${right})`);
  t.match(derived.colour, /^#[0-9a-f]{6}$/, 'a colour to show while it loads');
});

t.test('a photo wider than the widest width gets the five standard widths', async (t) => {
  const derived = await derivePicture(await photo({ width: 2000, height: 600, seed: 7, quality: 85 }));
  t.same([...new Set(derived.variants.map((v) => v.width))], [320, 640, 960, 1280, 1920]);
  t.same(
    derived.variants.filter((v) => v.width === 1920).map((v) => v.height),
    [576, 576, 576],
  );
  const sizes = Object.fromEntries(derived.variants.filter((v) => v.width === 640).map((v) => [v.format, v.bytes.length]));
  t.ok(sizes.avif! < sizes.jpeg! && sizes.webp! < sizes.jpeg!, `AVIF and WebP smaller than JPEG at 640 (${JSON.stringify(sizes)})`);
});

t.test('what is not a picture, or too large a one, is refused with its reason', async (t) => {
  await t.rejects(derivePicture(Buffer.from('<html>not a photo</html>')), UndecodablePicture);
  // 60 million pixels, over MAX_PIXELS: refused before any pixel is decoded.
  const huge = await sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: '#888' } })
    .jpeg({ quality: 10 })
    .toBuffer();
  await t.rejects(derivePicture(huge), { name: 'UndecodablePicture', message: /pixel limit/i });
  const cut = await photo({ width: 800, height: 600 });
  await t.rejects(derivePicture(cut.subarray(0, cut.length / 2)), UndecodablePicture, 'a photo cut half-way');
});
