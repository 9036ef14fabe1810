// Plain text for JSON-LD and meta descriptions (shared/plain-text.ts): tags
// dropped, references decoded as XML decodes them (compared with the `entities`
// package's decodeXML, which the browser no longer loads), unknown named
// entities dropped, spaces collapsed.
import t from 'tap';
import { decodeXML } from 'entities/decode';
import { decodeXmlReferences, plainText } from '../../src/shared/plain-text.ts';

t.test('references decode as entities decodes XML', async (t) => {
  const cases = [
    'a &amp; b &lt;p&gt; &quot;q&quot; &apos;s&apos;',
    '&#65;&#x42;&#X43;&#0067;&#x0044;',
    '&#0; &#xD800; &#xDFFF; &#x110000; &#1114111; &#99999999999999999999;',
    '&#128; &#150; &#x9F;',
    '&#; &#x; &#65 &amp &AMP; &Amp; &nbsp; &copy; &#x1F600; &#128512;',
    '&&amp;; &amp;amp; &#38;#65; plain text',
  ];
  for (const text of cases) t.equal(decodeXmlReferences(text), decodeXML(text), text);
  // Random strings of reference-like pieces, as a feed's broken escaping might write them.
  const pieces = ['&', '#', 'x', 'X', ';', 'amp', 'lt', 'gt', 'quot', 'apos', 'nbsp', '0', '6', '5', 'd8', '1f', '9', ' ', 'a', '<'];
  let seed = 20261124;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let i = 0; i < 3000; i++) {
    const text = Array.from({ length: 2 + Math.floor(next() * 12) }, () => pieces[Math.floor(next() * pieces.length)]).join('');
    if (decodeXmlReferences(text) !== decodeXML(text)) t.fail(`differs on ${JSON.stringify(text)}`);
  }
});

t.test('plain text from markup and escaped markup', async (t) => {
  t.equal(plainText('<p>Sea&nbsp;views</p><p>Pool &amp; garden</p>'), 'Sea views\nPool & garden');
  t.equal(plainText('&amp;lt;b&amp;gt;Bold&amp;lt;/b&amp;gt; text'), 'Bold text', 'escaped twice, undone, tags dropped');
  t.equal(plainText('3<4 and a < b'), '3<4 and a < b', 'a lone < is text');
  t.equal(plainText('Caf&eacute; &copy; 2026 &#233;', true), 'Caf 2026 é', 'named entities beyond XML dropped, numeric decoded');
  t.equal(plainText('<![CDATA[Two  lines<br>here]]>', true), 'Two lines here');
});
