// The HTML part of account mails: the brand's bar in its colour with a text
// colour that reads on it, the link as a button, every value escaped.
import t from 'tap';
import { brandedHtml } from '../../../../src/server/services/accounts/mail-html.ts';
import { accountLink, mailBrand } from '../../../../src/server/services/accounts/mails.ts';

const SITE_URL = 'https://www.spainnewhomes.example';

t.test('a readable text colour on the brand colour', async (t) => {
  const barInk = (primary: string) =>
    /<tr><td style="background:#[0-9a-f]{6};padding:16px 24px"><a [^>]*><span style="[^"]*color:(#[0-9a-f]{6})"/.exec(
      brandedHtml({ name: 'X', home: 'https://x.example', logo: null, primary }, 'Hi', 'https://x.example/a'),
    )?.[1];
  t.equal(barInk('#ffffff'), '#000000', 'dark on white');
  t.equal(barInk('#fffb00'), '#000000', 'dark on yellow');
  t.equal(barInk('#13206a'), '#ffffff', 'white on navy');
  t.equal(barInk('#0b5d4b'), '#ffffff', 'white on dark green');
});

t.test('the mail: bar, paragraphs, button; nothing unescaped', async (t) => {
  const link = 'https://costa.example/client-reset-password/abc';
  const brand = { name: 'Casas <b>"&"</b>', home: 'https://costa.example', logo: null, primary: '#ffffff' };
  const html = brandedHtml(brand, `Hello,\n\nOpen <this>:\n\n${link}\n\nBye`, link);
  t.match(
    html,
    '<span style="font-size:20px;font-weight:bold;color:#000000">Casas &lt;b&gt;&quot;&amp;&quot;&lt;/b&gt;</span>',
    'the name, escaped, readable on white',
  );
  t.notMatch(html, '<b>', 'no markup from the values');
  t.match(html, '<p style="margin:0 0 16px">Open &lt;this&gt;:</p>');
  t.match(
    html,
    new RegExp(`<a href="${link}" style="display:inline-block[^"]*background:#ffffff;color:#000000`),
    'the link as a button in the brand',
  );
  t.match(html, '<td style="background:#ffffff;padding:16px 24px"><a href="https://costa.example"', 'the bar links home');
});

t.test("the brand and the links of a partner's site", async (t) => {
  const partner = {
    slug: 'costa-casas',
    domain: 'costa-casas.es',
    root_language: 'en' as const,
    name: 'Costa Casas',
    logo: '/media/partners/costa-casas.svg',
    colors: { primary: '#0b5d4b', secondary: '#f29f05', heading_color: '#f29f05' },
  };
  t.same(
    mailBrand(SITE_URL, partner),
    {
      name: 'Costa Casas',
      home: 'https://costa-casas.es',
      logo: 'https://costa-casas.es/media/partners/costa-casas.png',
      primary: '#0b5d4b',
    },
    'an SVG logo as its PNG, which mail clients show, on the domain of the partner’s site',
  );
  t.equal(accountLink(SITE_URL, partner, 'client-reset-password', 'tok'), 'https://costa-casas.es/client-reset-password/tok');
  const noDomain = { ...partner, domain: null, logo: 'https://cdn.example/logo.png' };
  t.same(mailBrand(SITE_URL, noDomain), {
    name: 'Costa Casas',
    home: `${SITE_URL}/costa-casas`,
    logo: 'https://cdn.example/logo.png',
    primary: '#0b5d4b',
  });
  t.equal(accountLink(SITE_URL, noDomain, 'client-forgot-password'), `${SITE_URL}/costa-casas/client-forgot-password`);
  t.same(mailBrand(SITE_URL, null), { name: 'Spain New Homes', home: SITE_URL, logo: null, primary: '#13206a' });
  t.equal(accountLink(SITE_URL, null, 'client-reset-password', 'tok'), `${SITE_URL}/old/client-reset-password/tok`);
});

t.test("a mail's links in its language: the prefix after the site's address, before any section", async (t) => {
  const partner = {
    slug: 'costa-casas',
    domain: 'costa-casas.es',
    root_language: 'en' as const,
    name: 'Costa Casas',
    logo: null,
    colors: { primary: '#0b5d4b', secondary: '#f29f05', heading_color: '#f29f05' },
  };
  const noDomain = { ...partner, domain: null };
  const dutchRoot = { ...partner, root_language: 'nl' as const };
  t.equal(mailBrand(SITE_URL, null, 'de').home, `${SITE_URL}/de`);
  t.equal(mailBrand(SITE_URL, partner, 'de').home, 'https://costa-casas.es/de');
  t.equal(mailBrand(SITE_URL, noDomain, 'de').home, `${SITE_URL}/de/costa-casas`);
  t.equal(mailBrand(SITE_URL, null, 'en').home, SITE_URL, 'English unprefixed');
  t.equal(accountLink(SITE_URL, null, 'client-reset-password', 'tok', 'nl'), `${SITE_URL}/nl/old/client-reset-password/tok`);
  t.equal(accountLink(SITE_URL, partner, 'profile', undefined, 'nl'), 'https://costa-casas.es/nl/profile');
  t.equal(accountLink(SITE_URL, noDomain, 'profile', undefined, 'nl'), `${SITE_URL}/nl/costa-casas/profile`);
  t.equal(accountLink(`${SITE_URL}/site/`, null, 'profile', undefined, 'pl'), `${SITE_URL}/site/pl/old/profile`, 'SITE_URL with a path');
  // A partner whose domain opens in Dutch: Dutch at its root, English under /en; under /{slug} the main site's rules.
  t.equal(
    accountLink(SITE_URL, dutchRoot, 'profile', undefined, 'nl'),
    'https://costa-casas.es/profile',
    "the partner's root language unprefixed",
  );
  t.equal(accountLink(SITE_URL, dutchRoot, 'profile', undefined, 'en'), 'https://costa-casas.es/en/profile', 'English prefixed there');
  t.equal(
    accountLink(SITE_URL, { ...dutchRoot, domain: null }, 'profile', undefined, 'nl'),
    `${SITE_URL}/nl/costa-casas/profile`,
    "without a domain, the main site's prefixes",
  );
});
