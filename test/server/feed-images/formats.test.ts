// sniffPicture knows the raster formats the proxy keeps by their first bytes.
import t from 'tap';
import { sniffPicture } from '../../../src/server/feed-images/formats.ts';
import { JPEG, PNG } from './pictures.ts';

const ftyp = (...brands: string[]) => {
  const box = Buffer.alloc(8 + brands.length * 4 + 4);
  box.writeUInt32BE(box.length, 0);
  box.write('ftyp', 4, 'latin1');
  box.write(brands[0]!, 8, 'latin1');
  brands.slice(1).forEach((brand, i) => box.write(brand, 16 + i * 4, 'latin1'));
  return Buffer.concat([box, Buffer.alloc(16)]);
};

t.test('raster pictures are recognised, anything else is not', async (t) => {
  t.equal(sniffPicture(JPEG), 'image/jpeg');
  t.equal(sniffPicture(PNG), 'image/png');
  t.equal(sniffPicture(Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1')), 'image/gif');
  t.equal(sniffPicture(Buffer.from('RIFF\x24\x00\x00\x00WEBPVP8 ', 'latin1')), 'image/webp');
  t.equal(sniffPicture(ftyp('avif', 'mif1')), 'image/avif');
  t.equal(sniffPicture(ftyp('mif1', 'miaf', 'avif')), 'image/avif', 'AVIF as a compatible brand');
  t.equal(sniffPicture(ftyp('heic', 'mif1')), null, 'HEIC is not AVIF');
  t.equal(sniffPicture(Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1')), null, 'a RIFF that is no WebP');
  t.equal(sniffPicture(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')), null, 'SVG');
  t.equal(sniffPicture(Buffer.from('<!doctype html>')), null, 'HTML');
  t.equal(sniffPicture(Buffer.alloc(0)), null, 'nothing');
  t.equal(sniffPicture(PNG.subarray(0, 5)), null, 'too short to tell');
});
