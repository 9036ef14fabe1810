// Cross-site logout in Chromium: a page served from another port of the same
// host is the same site, so the browser sends the client's SameSite=Lax cookie
// with whatever that page posts to the site. Its body-less fetch and its empty
// form to /api/client-logout reach the server with the cookie and are refused,
// and the client stays logged in; the site's own logout still works.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import t from 'tap';
import { MENU_TOGGLE, accountSite } from '../helpers/account-browser.ts';
import { waitFor } from '../helpers/wait.ts';

/** A page on 127.0.0.1 at another port that tries to log the visitor out of `site`. */
async function otherPortPage(t: { teardown(fn: () => Promise<void>): void }, site: string): Promise<string> {
  const logout = `${site}/api/client-logout`;
  const html = `<!doctype html><title>Another port</title>
<form id="logout" method="post" action="${logout}"></form>
<script>
  window.fetched = fetch(${JSON.stringify(logout)}, { method: 'POST', mode: 'no-cors', credentials: 'include' }).then(
    () => 'answered',
    () => 'answered, not readable here',
  );
</script>`;
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

t.test('a page on another port cannot log a client out', async (t) => {
  const { app, url, account, visitor, open, waitForPath, logIn, logOut } = await accountSite(t);
  const other = await otherPortPage(t, url);

  // What reached the server: the site's Helmet headers keep the other page from reading its answers.
  const logouts: Array<{ status: number; cookie: boolean }> = [];
  app.server.on('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
    if (request.method !== 'POST' || request.url !== '/api/client-logout') return;
    const cookie = /(?:^|; )sid=/.test(request.headers.cookie ?? '');
    response.on('finish', () => logouts.push({ status: response.statusCode, cookie }));
  });
  const nthLogout = (n: number) => waitFor(`logout request ${n}`, () => logouts[n - 1], 10_000);

  await account('nuria@example.com');
  // The form's answer is JSON, shown as a page: the browser asks for the site's favicon, which it has not.
  const refused = new Set([`${url}/api/client-logout`, `${url}/favicon.ico`]);
  const { page, problems } = await visitor(t, { allowFailure: (u) => refused.has(u) });
  await open(page, '/login');
  await logIn(page, 'nuria@example.com');
  await waitForPath(page, '/');
  await page.waitForSelector(MENU_TOGGLE);
  const sid = (await page.cookies(url)).find((c) => c.name === 'sid')!.value;
  const loggedIn = async () => (await fetch(`${url}/api/client`, { headers: { cookie: `sid=${sid}` } })).status === 200;
  t.ok(await loggedIn(), 'logged in');

  // The fetch: no body, so no preflight; the cookie goes with it (same site).
  await page.goto(other, { waitUntil: 'load' });
  await page.evaluate(() => (window as unknown as { fetched: Promise<string> }).fetched);
  t.same(await nthLogout(1), { status: 403, cookie: true }, "the other port's body-less fetch, with the cookie, is refused");
  t.ok(await loggedIn(), 'the session lives on');

  // The form: a top-level POST, which carries the cookie too.
  await Promise.all([page.waitForNavigation(), page.$eval('#logout', (form) => (form as HTMLFormElement).submit())]);
  t.same(await nthLogout(2), { status: 415, cookie: true }, "the other port's form, with the cookie, is refused");
  t.ok(await loggedIn(), 'the session lives on');

  await open(page, '/');
  await page.waitForSelector(MENU_TOGGLE);
  t.pass('back on the site, still logged in');
  await logOut(page);
  t.same(await nthLogout(3), { status: 200, cookie: true }, "the site's own logout");
  t.notOk(await loggedIn(), 'ends the session');
  t.same(problems.all(), [], 'no other problem');
});
