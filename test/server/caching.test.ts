// Cache headers for a CDN: anonymous pages briefly public, personal answers
// never stored, Host in Vary so partners' domains never share an entry, and
// hashed assets immutable for a year.
import t from 'tap';
import fs from 'node:fs';
import path from 'node:path';
import { testApp } from '../helpers/app.ts';
import { DIST_DIR } from '../../src/server/paths.ts';

t.test('anonymous pages are cacheable for a short time, per host', async (t) => {
  const app = await testApp(t, { env: { PAGE_MAX_AGE_S: '45' } });
  const res = await app.inject('/');
  t.equal(res.headers['cache-control'], 'public, max-age=0, s-maxage=45, stale-while-revalidate=225');
  t.match(String(res.headers.vary), /Host/);
  // A logged-in client asks for the same address: a cache must not hand them this copy.
  t.match(String(res.headers.vary), /Cookie/, 'varies by the session cookie');
  t.match(String(res.headers.vary), /Authorization/, 'and by a Bearer token');
  const read = await app.inject('/api/content-list');
  t.match(String(read.headers.vary), /Cookie, Authorization/, 'so does a read');
  const partner = await app.inject({ url: '/', headers: { host: 'costa-casas.localhost' } });
  t.match(String(partner.headers.vary), /Host/, "a partner's domain is a separate cache entry");
});

t.test('a request with credentials gets a private, unstored answer', async (t) => {
  const app = await testApp(t);
  for (const headers of [{ cookie: 'sid=abc' }, { authorization: 'Bearer abc' }]) {
    const res = await app.inject({ url: '/', headers });
    t.equal(res.headers['cache-control'], 'private, no-store', JSON.stringify(headers));
    t.match(String(res.headers.vary), /Cookie/);
  }
  const read = await app.inject({ url: '/api/content?slug=nothing-here', headers: { cookie: 'sid=abc' } });
  t.equal(read.statusCode, 404);
});

t.test("a property page is public for a visitor and private for a client: its files' addresses are the client's", async (t) => {
  const app = await testApp(t, { env: { PAGE_MAX_AGE_S: '45' } });
  const id = /data-project="(\d+)"/.exec((await app.inject('/search')).body)?.[1];
  t.ok(id, 'a project on the search page');
  const anonymous = await app.inject(`/for-sale/${id}`);
  t.equal(anonymous.statusCode, 200);
  t.equal(anonymous.headers['cache-control'], 'public, max-age=0, s-maxage=45, stale-while-revalidate=225', 'a CDN may keep it');
  t.match(String(anonymous.headers.vary), /Cookie, Authorization/, 'apart from the pages of a session');
  for (const headers of [{ cookie: 'sid=abc' }, { authorization: 'Bearer abc' }]) {
    const res = await app.inject({ url: `/for-sale/${id}`, headers });
    t.equal(res.headers['cache-control'], 'private, no-store', `with ${JSON.stringify(headers)}: never stored`);
  }
});

t.test('hashed assets are immutable for a year', async (t) => {
  const app = await testApp(t);
  const manifest = JSON.parse(fs.readFileSync(path.join(DIST_DIR, 'client', 'manifest.json'), 'utf8')) as { entry: string; css: string[] };
  for (const url of [manifest.entry, ...manifest.css]) {
    const res = await app.inject(url);
    t.equal(res.statusCode, 200, url);
    t.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable', url);
    t.match(url, /-[A-Z0-9]{8}\.(js|css)$/, 'the name carries a content hash');
  }
  const missing = await app.inject('/assets/entry-NOPE.js');
  t.equal(missing.statusCode, 404);
});

t.test('health and readiness are never cached', async (t) => {
  const app = await testApp(t);
  const health = await app.inject('/healthz');
  t.equal(health.statusCode, 200);
  t.same(health.json(), { status: 'ok' });
  t.equal(health.headers['cache-control'], 'no-store');
  const ready = await app.inject('/readyz');
  t.equal(ready.statusCode, 200);
  t.same(ready.json(), { status: 'ready' });
  await app.store.close();
  const down = await app.inject('/readyz');
  t.equal(down.statusCode, 503, 'not ready once the store is gone');
});

t.test('error answers of the API are never cached', async (t) => {
  const app = await testApp(t);
  for (const url of [
    '/api/content?slug=nothing-here',
    '/api/content?slug=BAD',
    '/api/properties?account_id=1&bedrooms=11',
    '/api/no-such-read',
  ]) {
    const res = await app.inject(url);
    t.ok(res.statusCode >= 400, url);
    t.equal(res.headers['cache-control'], 'no-store', url);
  }
});

// X-Forwarded-Host names the partner only when TRUST_PROXY covers the sender
// (the CDN); then pages vary on it too, so a CDN keyed on it keeps partners apart.
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';

t.test('a CDN that forwards X-Forwarded-Host (trusted): it chooses the partner, and pages vary on it', async (t) => {
  const app = await testApp(t, { env: { TRUST_PROXY: '10.0.0.1' } });
  const viaCdn = (headers: Record<string, string>, remoteAddress = '10.0.0.1') =>
    app.inject({ url: '/', headers: { host: 'origin.internal', ...headers }, remoteAddress });
  const partner = await viaCdn({ 'x-forwarded-host': 'costa-casas.localhost' });
  const main = await viaCdn({});
  t.match(title(partner.body), /Costa Casas/, "the forwarded host is the partner's domain");
  t.notMatch(title(main.body), /Costa Casas/, 'without it: the main site');
  for (const res of [partner, main])
    t.equal(res.headers.vary, 'Host, X-Forwarded-Host, Cookie, Authorization, Accept-Encoding', 'a page: by host and by session');
  const personal = await viaCdn({ 'x-forwarded-host': 'costa-casas.localhost', cookie: 'sid=abc' });
  t.equal(personal.headers.vary, 'Host, X-Forwarded-Host, Cookie, Authorization, Accept-Encoding');

  const direct = await viaCdn({ 'x-forwarded-host': 'costa-casas.localhost' }, '203.0.113.5');
  t.notMatch(title(direct.body), /Costa Casas/, 'a sender TRUST_PROXY does not cover cannot choose the partner');
});

t.test('a CDN that does not forward it (no TRUST_PROXY): the header is ignored and pages vary on Host', async (t) => {
  const app = await testApp(t);
  const res = await app.inject({
    url: '/',
    headers: { host: 'www.spainnewhomes.example', 'x-forwarded-host': 'costa-casas.localhost' },
    remoteAddress: '10.0.0.1',
  });
  t.notMatch(title(res.body), /Costa Casas/, 'the main site');
  t.equal(res.headers.vary, 'Host, Cookie, Authorization, Accept-Encoding');
  const partner = await app.inject({ url: '/', headers: { host: 'costa-casas.localhost' } });
  t.match(title(partner.body), /Costa Casas/, 'its own Host still chooses the partner');
});
