// A partner's languages (issue 24): its domain opens in its root language at /,
// the others it offers under their code (English too); a language it does not
// offer goes to its own language's page; its pages, hreflang and sitemap name
// only its languages. The main site's addresses stay as they were.
import t from 'tap';
import { testApp } from '../../helpers/app.ts';
import { stateOf } from '../../helpers/html.ts';
import { canonicals } from '../seo/head.ts';
import { parseSitemap } from '../seo/sitemap-xml.ts';
import nl from '../../../locales/nl.json' with { type: 'json' };

const SITE = 'https://www.example.com';
const DOMAIN = 'costa-casas.localhost';
const HOME = `https://${DOMAIN}`;
const onDomain = { host: DOMAIN };
const onMain = { host: 'www.example.com' };

const alternates = (html: string) =>
  Object.fromEntries([...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => [m[1], m[2]]));
const lang = (html: string) => /<html lang="([^"]+)">/.exec(html)?.[1];

t.test('a partner whose domain opens in Dutch and that offers Dutch and English', async (t) => {
  const app = await testApp(t, { env: { SITE_URL: SITE } });
  await app.services.partners.update('costa-casas', { languages: 'nl,en', root: 'nl' });

  const home = await app.inject({ url: '/', headers: onDomain });
  t.equal(home.statusCode, 200);
  t.equal(lang(home.body), 'nl', 'its root in Dutch');
  const state = stateOf(home.body);
  t.equal(state.language, 'nl');
  t.equal(state.rootLanguage, 'nl', "the browser's router has no prefix for Dutch");
  t.equal(state.routePath, '/');
  t.same(canonicals(home.body), [`${HOME}/`]);
  t.same(alternates(home.body), { en: `${HOME}/en`, nl: `${HOME}/`, 'x-default': `${HOME}/` }, 'its two languages, Dutch as x-default');

  const contact = await app.inject({ url: '/contact', headers: onDomain });
  t.equal(lang(contact.body), 'nl');
  t.match(contact.body, nl.contact.metaTitle, 'in Dutch words');
  t.same(alternates(contact.body), { en: `${HOME}/en/contact`, nl: `${HOME}/contact`, 'x-default': `${HOME}/contact` });

  const english = await app.inject({ url: '/en/contact', headers: onDomain });
  t.equal(english.statusCode, 200);
  t.equal(lang(english.body), 'en', 'English under /en');
  t.same(canonicals(english.body), [`${HOME}/en/contact`]);
  t.equal(stateOf(english.body).routePath, '/en/contact');

  const named = await app.inject({ url: '/nl/contact?x=1', headers: onDomain });
  t.equal(named.statusCode, 301, 'the root language named: moved to the unprefixed page');
  t.equal(named.headers.location, '/contact?x=1');

  const german = await app.inject({ url: '/de/contact?x=1', headers: onDomain });
  t.equal(german.statusCode, 302, 'a language it does not offer: to its own');
  t.equal(german.headers.location, '/contact?x=1');
  t.equal((await app.inject({ url: '/de', headers: onDomain })).headers.location, '/');

  // Under /{slug} on the main host the main site's addresses hold: English unprefixed, Dutch under /nl.
  t.equal((await app.inject({ url: '/costa-casas/contact', headers: onMain })).statusCode, 200);
  t.equal(lang((await app.inject({ url: '/nl/costa-casas/contact', headers: onMain })).body), 'nl');
  const elsewhere = await app.inject({ url: '/de/costa-casas/contact', headers: onMain });
  t.equal(elsewhere.statusCode, 302);
  t.equal(elsewhere.headers.location, '/nl/costa-casas/contact', "its own language, at the main site's address");

  // The main site and the other partners keep every language.
  t.equal((await app.inject({ url: '/de/contact', headers: onMain })).statusCode, 200);
  t.equal(Object.keys(alternates((await app.inject({ url: '/contact', headers: onMain })).body)).length, 17);
  t.equal((await app.inject({ url: '/de/sol-homes/contact', headers: onMain })).statusCode, 200);

  // Its sitemap lists its two languages, Dutch at the root.
  const sitemap = await app.inject({ url: '/sitemap.xml', headers: onDomain });
  t.equal(sitemap.statusCode, 200);
  const { entries } = parseSitemap(sitemap.body);
  const locs = entries.map((e) => e.loc);
  t.ok(locs.includes(`${HOME}/`) && locs.includes(`${HOME}/en`), 'its root in Dutch and in English');
  t.ok(locs.includes(`${HOME}/contact`) && locs.includes(`${HOME}/en/contact`));
  t.notOk(
    locs.some((loc) => /^https:\/\/[^/]+\/(?!en\b)[a-z]{2}(\/|$)/.test(loc)),
    'no address in a language it does not offer',
  );
  const entry = entries.find((e) => e.loc === `${HOME}/contact`)!;
  t.same(entry.alternates.map((a) => a.hreflang).sort(), ['en', 'nl', 'x-default']);
});
