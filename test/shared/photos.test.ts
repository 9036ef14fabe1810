import t from 'tap';
import { photoSrcset, photoWidthFor, photoWidths, type PreparedPhoto } from '../../src/shared/photos.ts';

const photo: PreparedPhoto = { key: 'a'.repeat(24), width: 1000, height: 750, colour: '#808080' };

t.test('the widths prepared for a photo never exceed it', async (t) => {
  t.same(photoWidths(4000), [320, 640, 960, 1280, 1920]);
  t.same(photoWidths(1920), [320, 640, 960, 1280, 1920]);
  t.same(photoWidths(1000), [320, 640, 960, 1000]);
  t.same(photoWidths(200), [200]);
});

t.test('a srcset names every width the photo is prepared in, in one format', async (t) => {
  const key = photo.key;
  t.equal(
    photoSrcset(photo, 'avif'),
    `/media/photos/${key}-320.avif 320w, /media/photos/${key}-640.avif 640w, /media/photos/${key}-960.avif 960w, /media/photos/${key}-1000.avif 1000w`,
  );
  t.match(photoSrcset(photo, 'jpeg'), /-320\.jpg 320w, /);
});

t.test('one picture of a given width: the narrowest variant at least that wide', async (t) => {
  t.equal(photoWidthFor(photo, 320), 320);
  t.equal(photoWidthFor(photo, 321), 640);
  t.equal(photoWidthFor(photo, 2000), 1000, 'the widest there is');
});
