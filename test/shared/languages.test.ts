// Where each language lives in an address (shared/languages.ts): English
// unprefixed on the main site; a partner's root language unprefixed on its own
// domain, the others (English too) under their code; the languages a site offers.
import t from 'tap';
import { LANGUAGES, MAIN_SITE, inLanguage, languagePrefix, siteLanguages, splitLanguage } from '../../src/shared/languages.ts';

t.test('the main site: English unprefixed, the others under their code', async (t) => {
  t.same(splitLanguage('/de/for-sale/1'), { language: 'de', path: '/for-sale/1', prefixed: true });
  t.same(splitLanguage('/for-sale/1'), { language: 'en', path: '/for-sale/1', prefixed: false });
  t.same(splitLanguage('/de?x=1'), { language: 'de', path: '/?x=1', prefixed: true });
  t.same(splitLanguage('/DE/contact'), { language: 'en', path: '/DE/contact', prefixed: false }, 'lower case only');
  t.equal(languagePrefix('en'), '');
  t.equal(inLanguage('/contact', 'de'), '/de/contact');
  t.equal(inLanguage('/', 'nl'), '/nl');
  t.equal(inLanguage('/contact', 'en'), '/contact');
});

t.test('a host whose root is Dutch: Dutch unprefixed, English under /en', async (t) => {
  t.same(splitLanguage('/contact', 'nl'), { language: 'nl', path: '/contact', prefixed: false });
  t.same(splitLanguage('/en/contact', 'nl'), { language: 'en', path: '/contact', prefixed: true });
  t.equal(languagePrefix('nl', 'nl'), '');
  t.equal(languagePrefix('en', 'nl'), '/en');
  t.equal(inLanguage('/contact', 'nl', 'nl'), '/contact');
  t.equal(inLanguage('/contact?x=1', 'en', 'nl'), '/en/contact?x=1');
  t.equal(inLanguage('/', 'en', 'nl'), '/en');
  t.equal(inLanguage('https://example.com/x', 'de', 'nl'), 'https://example.com/x', 'another address as it is');
});

t.test("a partner's site: its languages; its root language at its own domain's root only", async (t) => {
  const partner = { languages: ['en', 'nl'] as const, root_language: 'nl' as const };
  t.same(siteLanguages(partner, true), { languages: ['en', 'nl'], main: 'nl', root: 'nl' }, 'on its own domain');
  t.same(siteLanguages(partner, false), { languages: ['en', 'nl'], main: 'nl', root: 'en' }, "under /{slug}: the main site's addresses");
  t.equal(siteLanguages(null, false), MAIN_SITE);
  t.same(MAIN_SITE.languages, LANGUAGES);
});
