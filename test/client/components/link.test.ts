// Addresses on another origin are external: they get a full location.replace (SPEC §4).
import t from 'tap';
import { isExternal } from '../../../src/client/components/Link.tsx';

t.test('external addresses', async (t) => {
  const origin = 'https://www.example.com';
  t.equal(isExternal('/contact', origin), false);
  t.equal(isExternal('contact', origin), false);
  t.equal(isExternal('https://www.example.com/x', origin), false);
  t.equal(isExternal('https://partner.example.org/', origin), true);
  t.equal(isExternal('//evil.example/', origin), true, 'protocol-relative');
  t.equal(isExternal('http://www.example.com/', origin), true, 'another scheme is another origin');
  t.equal(isExternal('mailto:info@example.com', origin), true);
});
