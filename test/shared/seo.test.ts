// The address rules of src/shared/seo.ts: tracking parameters, origins from
// configuration, section prefixes and listing paths.
import t from 'tap';
import { absoluteUrl, canonicalPath, isListingPath, previewImage, siteOrigin, withoutPrefix } from '../../src/shared/seo.ts';

t.test('canonicalPath drops tracking parameters and the fragment, and keeps the rest', async (t) => {
  t.equal(canonicalPath('/contact'), '/contact');
  t.equal(canonicalPath('/contact?utm_source=a&utm_medium=b&utm_campaign=c&utm_term=d&utm_content=e'), '/contact');
  t.equal(canonicalPath('/x?gclid=1&fbclid=2&msclkid=3&_ga=4&_gl=5&mc_cid=6&yclid=7&srsltid=8'), '/x');
  t.equal(
    canonicalPath('/search/spain?cat=1%2C12&UTM_Source=x&page=2#top'),
    '/search/spain?cat=1%2C12&page=2',
    'any case; others kept in order',
  );
  t.equal(canonicalPath('/a%20b?q=caf%C3%A9'), '/a%20b?q=caf%C3%A9', 'escapes as they were');
  t.equal(
    canonicalPath('/search/spain?cat=2,12&bbox=-1,37,0,38&utm_source=x'),
    '/search/spain?cat=2,12&bbox=-1,37,0,38',
    'a search keeps the very address it links to (commas not escaped)',
  );
  t.equal(canonicalPath('/x?a=1+2&b&utm_medium=y&c=%2C'), '/x?a=1+2&b&c=%2C', 'each kept pair as it was written');
});

t.test('siteOrigin: SITE_URL, or a partner domain with its scheme and port', async (t) => {
  t.equal(siteOrigin('https://www.example.com'), 'https://www.example.com');
  t.equal(siteOrigin('https://www.example.com/'), 'https://www.example.com');
  t.equal(siteOrigin('http://localhost:3000'), 'http://localhost:3000');
  t.equal(siteOrigin('http://localhost:3000', 'costa-casas.localhost'), 'http://costa-casas.localhost:3000');
  t.equal(siteOrigin('https://www.example.com', 'partner.example'), 'https://partner.example');
  t.equal(siteOrigin('https://www.example.com', null), 'https://www.example.com');
});

t.test('absoluteUrl, withoutPrefix, isListingPath', async (t) => {
  t.equal(absoluteUrl('https://x.example', '/a'), 'https://x.example/a');
  t.equal(absoluteUrl('https://x.example', 'a'), 'https://x.example/a');
  t.equal(absoluteUrl('https://x.example', 'https://cdn.example/p.jpg'), 'https://cdn.example/p.jpg', 'absolute stays');

  t.equal(withoutPrefix('/costa-casas/for-sale/3', '/costa-casas'), '/for-sale/3');
  t.equal(withoutPrefix('/costa-casas', '/costa-casas'), '/');
  t.equal(withoutPrefix('/costa-casas?x=1', '/costa-casas'), '/?x=1');
  t.equal(withoutPrefix('/costa-casas-2/for-sale/3', '/costa-casas'), '/costa-casas-2/for-sale/3', 'a longer segment is not the prefix');
  t.equal(withoutPrefix('/for-sale/3', ''), '/for-sale/3');

  for (const p of ['/for-sale/3', '/for-sale', '/search', '/search/spain/alicante', '/search?cat=1', '/search/bbbbbbbbb_type/old_'])
    t.ok(isListingPath(p), p);
  for (const p of ['/', '/contact', '/searching', '/for-sale-guide', '/buying-process']) t.notOk(isListingPath(p), p);
});

t.test("a link preview's picture: a prepared photo's JPEG of its width, else the picture as shown", async (t) => {
  const photo = { key: 'd'.repeat(24), width: 1000, height: 750, colour: '#808080' };
  t.same(previewImage({ url: '/media/images/3', photo }), {
    url: `/media/photos/${'d'.repeat(24)}-1000.jpg`,
    width: 1000,
    height: 750,
    type: 'image/jpeg',
  });
  t.same(previewImage({ url: '/media/images/3', photo }, 320), {
    url: `/media/photos/${'d'.repeat(24)}-320.jpg`,
    width: 320,
    height: 240,
    type: 'image/jpeg',
  });
  t.same(previewImage({ url: '/media/images/3', photo: null }), { url: '/media/images/3' });
});
