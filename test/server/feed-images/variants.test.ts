import t from 'tap';
import { pictureKey } from '../../../src/server/feed-images/variants.ts';
import { photoFileName } from '../../../src/shared/photos.ts';

t.test("a variant's name follows the photo's bytes", async (t) => {
  const a = pictureKey(Buffer.from('photo one'));
  t.match(a, /^[0-9a-f]{24}$/);
  t.equal(pictureKey(Buffer.from('photo one')), a, 'the same bytes, the same name');
  t.not(pictureKey(Buffer.from('photo one, retouched')), a, 'changed bytes, a new name');
  t.equal(photoFileName(a, 640, 'jpeg'), `${a}-640.jpg`);
  t.equal(photoFileName(a, 640, 'avif'), `${a}-640.avif`);
});
