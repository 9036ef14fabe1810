// Every page in each of the site's languages (issue 24): the language is the
// address's first segment, English stays unprefixed, each page names the others.
import t from 'tap';
import { testApp } from '../../helpers/app.ts';
import { stateOf } from '../../helpers/html.ts';
import { canonicals, meta, titleOf } from '../seo/head.ts';
import en from '../../../locales/en.json' with { type: 'json' };
import de from '../../../locales/de.json' with { type: 'json' };
import ja from '../../../locales/ja.json' with { type: 'json' };

const SITE = 'https://www.example.com';

const alternates = (html: string) =>
  Object.fromEntries([...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => [m[1], m[2]]));

t.test('a page under a language code is rendered in that language, its state and html saying so', async (t) => {
  const app = await testApp(t, { env: { SITE_URL: SITE } });
  const home = await app.inject({ url: '/de' });
  t.equal(home.statusCode, 200);
  t.match(home.body, /^<!DOCTYPE html><html lang="de">/);
  t.equal(titleOf(home.body), `${de.site.name} | ${de.site.tagline}`);
  t.equal(meta(home.body, 'og:locale'), 'de_DE');
  t.same(canonicals(home.body), [`${SITE}/de`]);
  const state = stateOf(home.body);
  t.equal(state.language, 'de');
  t.equal(state.routePath, '/de');
  // The page's own assets are the German build's.
  t.not(home.body.match(/src="(\/assets\/entry-[^"]+)"/)?.[1], (await app.inject('/')).body.match(/src="(\/assets\/entry-[^"]+)"/)?.[1]);

  const contact = await app.inject({ url: '/ja/contact?utm_source=x' });
  t.equal(contact.statusCode, 200);
  t.match(contact.body, /<html lang="ja">/);
  t.equal(titleOf(contact.body), `${ja.contact.metaTitle} | ${ja.site.name}`);
  t.same(canonicals(contact.body), [`${SITE}/ja/contact`]);
  const named = alternates(contact.body);
  t.equal(Object.keys(named).length, 17, 'sixteen languages and x-default');
  t.equal(named.en, `${SITE}/contact`);
  t.equal(named.de, `${SITE}/de/contact`);
  t.equal(named['x-default'], `${SITE}/contact`);

  const english = await app.inject({ url: '/contact' });
  t.match(english.body, /<html lang="en">/);
  t.equal(titleOf(english.body), `${en.contact.metaTitle} | ${en.site.name}`);
  t.equal(alternates(english.body).nl, `${SITE}/nl/contact`);
});

t.test('English has no prefix: /en/… is moved to the unprefixed page; a code in capitals is no language', async (t) => {
  const app = await testApp(t);
  const moved = await app.inject({ url: '/en/contact?x=1' });
  t.equal(moved.statusCode, 301);
  t.equal(moved.headers.location, '/contact?x=1');
  t.equal((await app.inject({ url: '/en' })).headers.location, '/');
  const capitals = await app.inject({ url: '/DE/contact' });
  t.not(capitals.statusCode, 200, 'not the German contact page');
  t.equal((await app.inject({ url: '/xx/contact' })).statusCode, 404);
});

t.test("a page's own redirect stays in its language", async (t) => {
  const app = await testApp(t);
  // The search form's place fields move into the path (SPEC §3), here in German.
  const res = await app.inject({ url: '/de/search?country=spain' });
  t.equal(res.statusCode, 301);
  t.match(res.headers.location, /^\/de\/search\/spain/);
});

t.test('the links and forms of a page lead to pages of its language', async (t) => {
  const app = await testApp(t);
  const html = (await app.inject({ url: '/de/search' })).body;
  const own = [...html.matchAll(/<(?:a|form)\b[^>]*?(?:href|action)="(\/[^"#]*)"/g)]
    .map((m) => m[1]!)
    .filter((p) => !p.startsWith('/assets/') && !p.startsWith('/media/'));
  t.ok(own.length > 10, `${own.length} links and forms`);
  t.same(
    own.filter((p) => !/^\/de(?:[/?]|$)/.test(p)),
    [],
    'every one under /de',
  );
});

t.test("the languages page offers the page it was opened from, in each language; no other site's", async (t) => {
  const app = await testApp(t);
  const links = (html: string) => [...html.matchAll(/<a href="([^"]*)" hrefLang="([^"]+)"/g)].map((m) => [m[2], m[1]]);
  const page = await app.inject({ url: '/de/languages?from=/search/spain?sort=price_asc' });
  t.equal(page.statusCode, 200);
  t.equal(titleOf(page.body), `${de.languages.title} | ${de.site.name}`);
  t.match(page.body, /<meta name="robots" content="noindex"/);
  const offered = links(page.body);
  t.equal(offered.length, 16);
  t.same(offered[0], ['en', '/search/spain?sort=price_asc']);
  t.same(
    offered.find(([l]) => l === 'ja'),
    ['ja', '/ja/search/spain?sort=price_asc'],
  );
  for (const from of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)']) {
    const res = await app.inject({ url: `/languages?from=${encodeURIComponent(from)}` });
    t.same(links(res.body)[1], ['da', '/da'], `${from}: the home page instead`);
  }
  // The header's link, on every page, names the page it is on.
  const contact = await app.inject({ url: '/nl/contact?x=1' });
  t.match(contact.body, /class="language-toggle" href="\/nl\/languages\?from=%2Fcontact%3Fx%3D1"/);
});
