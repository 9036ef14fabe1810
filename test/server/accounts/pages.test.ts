// The login redirect through real page requests (SPEC §4, §5): a page that
// needs an account sends a visitor to its section's login ?redirect=<path>, a logged-in
// client sees it (privately, with the user in the initial state); guest pages
// send a logged-in client to '/', and a hostile `redirect` is never followed.
import t from 'tap';
import { forEachStore } from '../../helpers/db.ts';
import { stateOf } from '../../helpers/html.ts';
import { accountsApp, post, registered, withCookie } from './helpers.ts';

/** Hostile return targets: another origin in every spelling a browser would follow, and junk. */
const HOSTILE = [
  '//evil.com',
  '///evil.com',
  '/\\evil.com',
  '\\\\evil.com',
  'https://evil.com',
  'http:/evil.com',
  'javascript:alert(1)',
  'evil.com',
  '/%2F%2Fevil.com',
  '/%2fevil.com',
  '%2F%2Fevil.com',
  '/%5Cevil.com',
  '/%252F%252Fevil.com',
  '/%09/evil.com',
  '/%0d%0aSet-Cookie:x=1',
  '/a?next=//evil.com',
  '/a#//evil.com',
  '/\t/evil.com',
  '/ /evil.com',
  '/../etc/passwd',
  '/<script>',
  '/"onmouseover=x',
  '/%2F%5Cevil.com',
  '//evil.com/%2e%2e',
  '/\\/evil.com',
  '%5C%5Cevil.com',
  '/%5C%5Cevil.com',
  '//%65vil.com',
  'data:text/html,x',
  '/%E2%80%A8//evil.com',
  '//evil.com@spainnewhomes.example',
];

forEachStore(
  t,
  "login-required pages: anonymous visitors go to their section's login remembering the path; clients see them, privately",
  async (t, store) => {
    const { app } = await accountsApp(t, store);
    for (const [path, login] of [
      ['/old/profile', '/old/client-login'],
      ['/costa-casas/profile', '/costa-casas/client-login'],
    ] as const) {
      const res = await app.inject(path);
      t.equal(res.statusCode, 302, `${path}: anonymous`);
      t.equal(res.headers.location, `${login}?redirect=${encodeURIComponent(path)}`);
      t.equal(res.headers['cache-control'], 'no-store');
    }
    const token = await registered(app, 'ana@example.com');
    const page = await app.inject({ url: '/old/favorites', headers: withCookie(token) });
    t.equal(page.statusCode, 200, 'a logged-in client sees the page');
    t.equal(page.headers['cache-control'], 'private, no-store', 'never from a shared cache');
    t.match(
      stateOf(page.body).client,
      { email: 'ana@example.com', scope: ['client'], favorites: [] },
      'the initial state carries the user',
    );

    const home = await app.inject({ url: '/', headers: withCookie(token) });
    t.match(stateOf(home.body).client, { email: 'ana@example.com' }, 'on every page');
    t.equal(home.headers['cache-control'], 'private, no-store');
    const anonymousHome = await app.inject('/');
    t.equal(stateOf(anonymousHome.body).client, null, 'a visitor: null');
    t.match(anonymousHome.headers['cache-control'], /^public/, 'and the anonymous page stays cacheable');

    // A revoked or forged cookie is a visitor.
    await post(app, '/api/client-logout', undefined, withCookie(token));
    for (const cookie of [token, 'A'.repeat(43), 'not-a-token']) {
      const res = await app.inject({ url: '/old/profile', headers: withCookie(cookie) });
      t.equal(res.statusCode, 302, `cookie ${cookie.slice(0, 8)}…: sent to log in`);
    }
  },
  { seed: true },
);

forEachStore(
  t,
  "guest pages send a logged-in client home (the partner's on its site), and a hostile redirect is never followed",
  async (t, store) => {
    const { app } = await accountsApp(t, store);
    const token = await registered(app, 'lena@example.se');
    for (const path of [
      '/login',
      '/old/client-login',
      '/old/client-register',
      '/old/client-forgot-password',
      '/old/client-reset-password/abc',
      '/costa-casas/client-login',
      '/costa-casas/client-register',
      '/costa-casas/client-forgot-password',
      '/costa-casas/client-reset-password/abc',
    ]) {
      const res = await app.inject({ url: path, headers: withCookie(token) });
      t.equal(res.statusCode, 302, `${path}: a client is sent home`);
      t.equal(res.headers.location, path.startsWith('/costa-casas/') ? '/costa-casas' : '/');
      const anonymous = await app.inject(path);
      t.equal(anonymous.statusCode, 200, `${path}: a visitor sees it`);
    }

    t.ok(HOSTILE.length >= 30, `${HOSTILE.length} hostile paths`);
    for (const target of HOSTILE) {
      const url = `/login?redirect=${encodeURIComponent(target)}`;
      const res = await app.inject({ url, headers: withCookie(token) });
      t.equal(res.headers.location, '/', `logged in, redirect=${JSON.stringify(target.slice(0, 30))} goes home`);
      const anonymous = await app.inject(url);
      t.equal(anonymous.statusCode, 200, 'a visitor gets the login page …');
      t.equal(anonymous.headers.location, undefined, '… and is sent nowhere');
    }
  },
  { seed: true },
);
