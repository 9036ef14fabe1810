// The HTML part of account mails: the brand's bar in its colour with a text
// colour that reads on it, the link as a button, every value escaped.
import t from 'tap';
import { brandedHtml, textOn } from '../../../../src/server/services/accounts/mail-html.ts';
import { accountLink, mailBrand } from '../../../../src/server/services/accounts/mails.ts';

const SITE_URL = 'https://www.spainnewhomes.example';

t.test('a readable text colour on the brand colour', async (t) => {
  t.equal(textOn('#ffffff'), '#1a1a1a', 'dark on white');
  t.equal(textOn('#fffb00'), '#1a1a1a', 'dark on yellow');
  t.equal(textOn('#13206a'), '#ffffff', 'white on navy');
  t.equal(textOn('#0b5d4b'), '#ffffff', 'white on dark green');
});

t.test('the mail: bar, paragraphs, button; nothing unescaped', async (t) => {
  const link = 'https://costa.example/client-reset-password/abc';
  const brand = { name: 'Casas <b>"&"</b>', home: 'https://costa.example', logo: null, primary: '#ffffff' };
  const html = brandedHtml(brand, `Hello,\n\nOpen <this>:\n\n${link}\n\nBye`, link);
  t.match(html, '<span style="font-size:20px;font-weight:bold;color:#1a1a1a">Casas &lt;b&gt;&quot;&amp;&quot;&lt;/b&gt;</span>', 'the name, escaped, readable on white');
  t.notMatch(html, '<b>', 'no markup from the values');
  t.match(html, '<p style="margin:0 0 16px">Open &lt;this&gt;:</p>');
  t.match(html, new RegExp(`<a href="${link}" style="display:inline-block[^"]*background:#ffffff;color:#1a1a1a`), 'the link as a button in the brand');
  t.match(html, '<td style="background:#ffffff;padding:16px 24px"><a href="https://costa.example"', 'the bar links home');
});

t.test("the brand and the links of a partner's site", async (t) => {
  const partner = { slug: 'costa-casas', domain: 'costa-casas.es', name: 'Costa Casas', logo: '/media/logo.svg', colors: { primary: '#0b5d4b', secondary: '#f29f05', heading_color: '#f29f05' } };
  t.same(mailBrand(SITE_URL, partner), { name: 'Costa Casas', home: 'https://costa-casas.es', logo: 'https://costa-casas.es/media/logo.svg', primary: '#0b5d4b' });
  t.equal(accountLink(SITE_URL, partner, 'client-reset-password', 'tok'), 'https://costa-casas.es/client-reset-password/tok');
  const noDomain = { ...partner, domain: null, logo: 'https://cdn.example/logo.png' };
  t.same(mailBrand(SITE_URL, noDomain), { name: 'Costa Casas', home: `${SITE_URL}/costa-casas`, logo: 'https://cdn.example/logo.png', primary: '#0b5d4b' });
  t.equal(accountLink(SITE_URL, noDomain, 'client-forgot-password'), `${SITE_URL}/costa-casas/client-forgot-password`);
  t.same(mailBrand(SITE_URL, null), { name: 'Spain New Homes', home: SITE_URL, logo: null, primary: '#13206a' });
  t.equal(accountLink(SITE_URL, null, 'client-reset-password', 'tok'), `${SITE_URL}/old/client-reset-password/tok`);
});
