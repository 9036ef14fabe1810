// A logout without a body is a request any page can send with the client's
// cookie (SameSite=Lax lets a page on another port or subdomain of the same
// site send it). It is refused unless it comes from a page of this site, as
// the forms posted without JavaScript are; a client that is not a browser
// (no Origin, Referer or Sec-Fetch-Site) still logs out.
import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { testApp } from '../../helpers/app.ts';
import { t as msg } from '../../../src/shared/i18n.ts';
import { registered, sessionCookie, TEST_ENV, withCookie } from './helpers.ts';

const loggedIn = async (app: FastifyInstance, token: string) =>
  (await app.inject({ url: '/api/client', headers: withCookie(token) })).statusCode === 200;

const logout = (app: FastifyInstance, token: string, headers: Record<string, string>) =>
  app.inject({ method: 'POST', url: '/api/client-logout', headers: { host: 'www.example.com', ...withCookie(token), ...headers } });

t.test('a body-less logout from another origin is refused; from this site, or from no browser, it logs out', async (t) => {
  const app = await testApp(t, { env: TEST_ENV });
  const token = await registered(app, 'ana@example.com');

  for (const [what, headers] of [
    ['another port', { origin: 'http://www.example.com:8080' }],
    ['a subdomain', { origin: 'https://evil.example.com' }],
    ['another site', { origin: 'https://evil.example' }],
    ['an opaque origin', { origin: 'null' }],
    ["without Origin, another site's Referer", { referer: 'https://evil.example/page' }],
    ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site', origin: 'https://www.example.com' }],
  ] as const) {
    const res = await logout(app, token, headers);
    t.equal(res.statusCode, 403, `${what}: 403`);
    t.equal(res.json().message, msg('account.errors.crossSite'), 'the reason');
    t.equal(res.headers['cache-control'], 'private, no-store');
    t.equal(sessionCookie(res), undefined, 'the cookie is left');
    t.ok(await loggedIn(app, token), 'the session lives on');
  }

  const same = await logout(app, token, { origin: 'https://www.example.com', 'sec-fetch-site': 'same-origin' });
  t.equal(same.statusCode, 200, 'from a page of this site: 200');
  t.equal(same.json().message, msg('account.loggedOut'));
  t.match(sessionCookie(same), /^sid=;/, 'the cookie is cleared');
  t.notOk(await loggedIn(app, token), 'the session is over');
});

t.test('a logout with neither Origin, Referer nor Sec-Fetch-Site (curl, an old client) logs out', async (t) => {
  const app = await testApp(t, { env: TEST_ENV });
  const token = await registered(app, 'ana@example.com');
  const res = await logout(app, token, {});
  t.equal(res.statusCode, 200);
  t.notOk(await loggedIn(app, token), 'the session is over');
  const referred = await registered(app, 'rosa@example.com');
  t.equal((await logout(app, referred, { referer: 'https://www.example.com/profile' })).statusCode, 200, "this site's Referer: 200");
  t.notOk(await loggedIn(app, referred));
});
