// /robots.txt per host: crawl the site, not the API nor the pages behind a
// login in any section, and the host's own sitemap, named from configuration.
import t from 'tap';
import { testApp } from '../../helpers/app.ts';

const SITE = 'https://www.example.com';

function rules(body: string) {
  const lines = body.trim().split('\n').filter(Boolean);
  return {
    agent: lines.filter((l) => l.startsWith('User-agent:')),
    allow: lines.filter((l) => l.startsWith('Allow: ')).map((l) => l.slice(7)),
    disallow: lines.filter((l) => l.startsWith('Disallow: ')).map((l) => l.slice(10)),
    sitemap: lines.filter((l) => l.startsWith('Sitemap: ')).map((l) => l.slice(9)),
  };
}

/** Google's matching: a rule is a prefix in which * stands for any run of characters. */
function blocked(disallow: string[], path: string): boolean {
  return disallow.some((rule) =>
    new RegExp(
      `^${rule
        .split('*')
        .map((s) => s.replace(/[.?+^$()[\]{}|\\]/g, '\\$&'))
        .join('.*')}`,
    ).test(path),
  );
}

t.test('robots.txt on the main host', async (t) => {
  const app = await testApp(t, { env: { SITE_URL: SITE } });
  const res = await app.inject({ url: '/robots.txt', headers: { host: 'localhost:3000' } });
  t.equal(res.statusCode, 200);
  t.match(res.headers['content-type'], /^text\/plain; charset=utf-8/);
  t.match(res.headers['cache-control'], /^public, .*s-maxage=/);
  const r = rules(res.body);
  t.same(r.agent, ['User-agent: *']);
  t.same(r.allow, ['/']);
  t.same(r.sitemap, [`${SITE}/sitemap.xml`], 'names the main sitemap, from SITE_URL');
  for (const path of [
    '/api/properties',
    '/api/geo-url?path=spain',
    '/favorites',
    '/old/favorites',
    '/costa-casas/favorites',
    '/login',
    '/login?redirect=%2Ffavorites',
    '/old/client-login',
    '/costa-casas/client-register',
    '/sol-homes/client-forgot-password',
    '/old/client-reset-password/abc',
  ])
    t.ok(blocked(r.disallow, path), `${path} is not crawled`);
  for (const path of [
    '/',
    '/contact',
    '/search/spain/alicante',
    '/for-sale/12',
    '/costa-casas',
    '/costa-casas/for-sale/12',
    '/buying-process',
    '/assets/app.css',
  ])
    t.notOk(blocked(r.disallow, path), `${path} may be crawled`);

  const spoofed = await app.inject({ url: '/robots.txt', headers: { host: 'evil.example' } });
  t.same(rules(spoofed.body).sitemap, [`${SITE}/sitemap.xml`], 'not from the Host header');
});

t.test("robots.txt on a partner's own domain names that domain's sitemap", async (t) => {
  const app = await testApp(t, { env: { SITE_URL: 'http://localhost:3000' } });
  const res = await app.inject({ url: '/robots.txt', headers: { host: 'www.costa-casas.localhost:3000' } });
  t.equal(res.statusCode, 200);
  const r = rules(res.body);
  t.same(r.sitemap, ['http://costa-casas.localhost:3000/sitemap.xml'], "the configured domain, with SITE_URL's scheme and port");
  t.ok(blocked(r.disallow, '/api/properties'));
  t.ok(blocked(r.disallow, '/costa-casas/favorites'));
  t.notOk(blocked(r.disallow, '/for-sale/3'), 'its listings may be crawled (to see their canonical or noindex)');
});

t.test('robots.txt disallows the token pages by their prefix, never by a route placeholder', async (t) => {
  const app = await testApp(t, { env: { SITE_URL: SITE } });
  const { disallow } = rules((await app.inject('/robots.txt')).body);
  t.same(disallow, [
    '/api/',
    '/saved-searches/new',
    '/*/saved-searches/new',
    '/saved-searches/sent',
    '/*/saved-searches/sent',
    '/saved-searches/manage/',
    '/*/saved-searches/manage/',
    '/saved-searches/unsubscribe/',
    '/*/saved-searches/unsubscribe/',
    '/favorite-alerts/unsubscribe/',
    '/*/favorite-alerts/unsubscribe/',
    '/login',
    '/*/login',
    '/client-forgot-password',
    '/*/client-forgot-password',
    '/client-login',
    '/*/client-login',
    '/client-register',
    '/*/client-register',
    '/client-reset-password',
    '/*/client-reset-password',
    '/favorites',
    '/*/favorites',
    '/profile',
    '/*/profile',
  ]);
  const token = 'Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmF';
  for (const path of [
    `/saved-searches/manage/${token}`,
    `/saved-searches/manage/${token}?done=confirmed`,
    `/old/saved-searches/manage/${token}`,
    `/costa-casas/saved-searches/unsubscribe/${token}`,
    `/saved-searches/unsubscribe/${token}?done=1`,
    `/favorite-alerts/unsubscribe/${token}`,
    `/sol-homes/favorite-alerts/unsubscribe/${token}`,
    `/client-reset-password/${token}`,
  ])
    t.ok(blocked(disallow, path), `${path} is not crawled`);
});
