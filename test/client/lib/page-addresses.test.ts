// <Meta>'s address rules (pageAddresses) for the pages other engineers build:
// a page's own canonicalPath, and a partner's listing copies in every section.
import t from 'tap';
import { pageAddresses, type Where } from '../../../src/client/lib/page-addresses.ts';
import type { SectionInfo } from '../../../src/client/lib/section.tsx';
import type { PublicPartner } from '../../../src/shared/partner.ts';
import { DEFAULT_DERIVED_COLORS } from '../../../src/shared/constants.ts';
import { LANGUAGES, type Language } from '../../../src/shared/languages.ts';

const SITE = 'https://www.example.com';
const partner = (listing_indexing: PublicPartner['listing_indexing'], domain: string | null = 'casas.example'): PublicPartner => ({
  id: 7,
  slug: 'casas',
  domain,
  name: 'Casas',
  logo: null,
  email: null,
  phone: null,
  address: null,
  city: null,
  colors: { primary: '#000000', secondary: '#ffffff', heading_color: '#ffffff' },
  derived_colors: DEFAULT_DERIVED_COLORS,
  listing_indexing,
  languages: [...LANGUAGES],
  root_language: 'en',
});
const main: SectionInfo = { section: 'main', partnerSlug: null, hostPartner: null };
const underSlug: SectionInfo = { section: 'partner', partnerSlug: 'casas', hostPartner: null };
const onDomain: SectionInfo = { section: 'main', partnerSlug: 'casas', hostPartner: 'casas' };
const where = (section: SectionInfo, path: string, p: PublicPartner | null = null, language: Language = 'en'): Where => ({
  siteUrl: SITE,
  section,
  partner: p,
  path,
  language,
});

t.test('a page may name its own canonical path', async (t) => {
  const a = pageAddresses(where(main, '/search/spain?view=map&page=2'), { canonicalPath: '/search/spain?page=2' });
  t.equal(a.canonical, `${SITE}/search/spain?page=2`);
  t.equal(a.url, `${SITE}/search/spain?view=map&page=2`);
  t.equal(a.robots, null);
});

t.test("a partner's listing copies, with or without the section prefix in canonicalPath", async (t) => {
  for (const canonicalPath of [undefined, '/casas/search/spain?page=2', '/search/spain?page=2']) {
    const a = pageAddresses(where(underSlug, '/casas/search/spain?page=2&utm_source=x', partner('canonical')), { canonicalPath });
    t.equal(a.canonical, `${SITE}/search/spain?page=2`, `canonicalPath ${canonicalPath}`);
  }
  const own = pageAddresses(where(onDomain, '/for-sale/4', partner('canonical')));
  t.equal(own.url, 'https://casas.example/for-sale/4', 'its own domain');
  t.equal(own.canonical, `${SITE}/for-sale/4`, 'canonical to the main site');
  const hidden = pageAddresses(where(onDomain, '/casas/for-sale/4', partner('noindex')));
  t.same([hidden.canonical, hidden.robots], [null, 'noindex, follow']);
  const page = pageAddresses(where(onDomain, '/contact', partner('noindex')));
  t.same([page.canonical, page.robots], ['https://casas.example/contact', null], 'other pages are its own');
  const home = pageAddresses(where(underSlug, '/casas', partner('canonical')));
  t.same(
    [home.url, home.canonical],
    [`${SITE}/casas`, 'https://casas.example/'],
    "under /{slug} on the main host, a partner's page is canonical on its domain",
  );
  const contact = pageAddresses(where(underSlug, '/casas/contact?utm_source=x', partner('canonical')));
  t.equal(contact.canonical, 'https://casas.example/contact');
  const noDomain = pageAddresses(where(underSlug, '/casas/contact', partner('canonical', null)));
  t.equal(noDomain.canonical, `${SITE}/casas/contact`, 'without a domain the /{slug} address is its home');
  const error = pageAddresses(where(underSlug, '/casas/for-sale/4', partner('canonical')), { noindex: true });
  t.same([error.canonical, error.robots], [null, 'noindex'], 'noindex wins');
  const old = pageAddresses(where({ section: 'old', partnerSlug: null, hostPartner: null }, '/old/search/spain'));
  t.equal(old.canonical, `${SITE}/search/spain`, "/old's listings: the main site's");
  t.equal(
    pageAddresses(where({ section: 'old', partnerSlug: null, hostPartner: null }, '/old/buying-process')).canonical,
    `${SITE}/old/buying-process`,
  );
});

t.test('each language is canonical at its own address and names every other, English as x-default', async (t) => {
  const de = pageAddresses(where(main, '/for-sale/12?utm_source=x', null, 'de'));
  t.equal(de.url, `${SITE}/de/for-sale/12`);
  t.equal(de.canonical, `${SITE}/de/for-sale/12`);
  t.equal(de.alternates.length, 17);
  t.same(
    de.alternates.find((a) => a.hreflang === 'en'),
    { hreflang: 'en', href: `${SITE}/for-sale/12` },
  );
  t.same(
    de.alternates.find((a) => a.hreflang === 'nl'),
    { hreflang: 'nl', href: `${SITE}/nl/for-sale/12` },
  );
  t.same(de.alternates.at(-1), { hreflang: 'x-default', href: `${SITE}/for-sale/12` });
  const home = pageAddresses(where(main, '/', null, 'ja'));
  t.equal(home.canonical, `${SITE}/ja`);
  t.same(
    home.alternates.find((a) => a.hreflang === 'en'),
    { hreflang: 'en', href: `${SITE}/` },
  );
  // A partner's copy of a listing points at the main site's page in the same language, and names no alternates.
  const copy = pageAddresses(where(underSlug, '/casas/for-sale/12', partner('canonical'), 'fr'));
  t.equal(copy.canonical, `${SITE}/fr/for-sale/12`);
  t.same(copy.alternates, []);
  t.same(pageAddresses(where(main, '/x', null, 'de'), { noindex: true }).alternates, []);
});
