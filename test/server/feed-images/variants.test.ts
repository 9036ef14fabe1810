import t from 'tap';
import { pictureKey, variantName, variantWidths } from '../../../src/server/feed-images/variants.ts';

t.test('the widths prepared for a photo never exceed it', async (t) => {
  t.same(variantWidths(4000), [320, 640, 960, 1280, 1920]);
  t.same(variantWidths(1920), [320, 640, 960, 1280, 1920]);
  t.same(variantWidths(1000), [320, 640, 960, 1000]);
  t.same(variantWidths(200), [200]);
});

t.test("a variant's name follows the photo's bytes", async (t) => {
  const a = pictureKey(Buffer.from('photo one'));
  t.match(a, /^[0-9a-f]{24}$/);
  t.equal(pictureKey(Buffer.from('photo one')), a, 'the same bytes, the same name');
  t.not(pictureKey(Buffer.from('photo one, retouched')), a, 'changed bytes, a new name');
  t.equal(variantName(a, 640, 'jpeg'), `${a}-640.jpg`);
  t.equal(variantName(a, 640, 'avif'), `${a}-640.avif`);
});
