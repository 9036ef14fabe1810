// Security headers: a CSP whose nonce is fresh per request and matches the
// page's scripts and style; HSTS, frame-ancestors, nosniff, Referrer-Policy.
import t from 'tap';
import { testApp } from '../helpers/app.ts';

t.test('pages carry a strict CSP with a per-request nonce', async (t) => {
  const app = await testApp(t);
  const nonces = new Set<string>();
  for (let i = 0; i < 3; i++) {
    const res = await app.inject('/');
    const csp = String(res.headers['content-security-policy']);
    const scriptNonce = /script-src[^;]*'nonce-([^']+)'/.exec(csp)?.[1];
    const styleNonce = /style-src[^;]*'nonce-([^']+)'/.exec(csp)?.[1];
    t.ok(scriptNonce && styleNonce, 'script and style nonces in the policy');
    nonces.add(scriptNonce!);
    t.notMatch(csp, /unsafe-inline|unsafe-eval/, 'no unsafe sources');
    t.match(csp, /frame-ancestors 'self'/);
    t.match(csp, /object-src 'none'/);
    t.match(csp, /base-uri 'self'/);
    const scripts = [...res.body.matchAll(/<script([^>]*)>/g)].map((m) => m[1]!);
    t.ok(scripts.length >= 2);
    for (const attrs of scripts) t.match(attrs, `nonce="${scriptNonce}"`, 'every script carries the nonce');
    // The page's chunks are same-origin ('self'): their preloads need no nonce (HTML weight, issue 12).
    const preloads = [...res.body.matchAll(/<link rel="modulepreload"([^>]*)>/g)].map((m) => m[1]!);
    t.ok(preloads.length >= 2, 'the page preloads its chunks');
    t.equal(preloads.filter((attrs) => attrs.includes('nonce=')).length, 1, "only the entry's preload, React's, carries a nonce");
    t.match(res.body, new RegExp(`<style nonce="${styleNonce}"`), 'the brand style carries the style nonce');
    t.notMatch(res.body, / style="/, 'no inline style attribute, which the CSP would refuse');
    t.match(String(res.headers['strict-transport-security']), /max-age=31536000/);
    t.equal(res.headers['x-content-type-options'], 'nosniff');
    t.equal(res.headers['referrer-policy'], 'strict-origin-when-cross-origin');
  }
  t.equal(nonces.size, 3, 'a different nonce on every response');
});

t.test('the map tile host is allowed for images when configured', async (t) => {
  const app = await testApp(t, { env: { MAP_TILE_URL: 'https://{s}.tiles.example.com/{z}/{x}/{y}.png' } });
  const res = await app.inject('/');
  t.match(String(res.headers['content-security-policy']), /img-src 'self' data: https:\/\/\*\.tiles\.example\.com/);
});

// The headers helmet sends with this site's options (http/security.ts), the policy in the site's order.
const HELMET_HEADERS = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-site',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

t.test('every answer carries the same headers as helmet sent, the policy written as helmet wrote it', async (t) => {
  const app = await testApp(t, { env: { MAP_TILE_URL: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' } });
  for (const url of ['/', '/api/properties', '/healthz', '/nowhere']) {
    const res = await app.inject(url);
    t.match(res.headers, HELMET_HEADERS, url);
    t.notOk(res.headers['x-powered-by']);
    const csp = String(res.headers['content-security-policy']).replace(/'nonce-[0-9a-f]{32}'/g, "'nonce-N'");
    t.equal(
      csp,
      "default-src 'self';script-src 'self' 'nonce-N';style-src 'self' 'nonce-N';img-src 'self' data: https://tile.openstreetmap.org;font-src 'self';connect-src 'self';frame-src 'self' https://www.youtube-nocookie.com https://player.vimeo.com https://my.matterport.com https://kuula.co https://tour.giraffe360.com;object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'self'",
      url,
    );
  }
});

t.test('an https site asks browsers to upgrade insecure requests', async (t) => {
  const app = await testApp(t, { env: { SITE_URL: 'https://example.com' } });
  const res = await app.inject('/');
  t.match(String(res.headers['content-security-policy']), /;frame-ancestors 'self';upgrade-insecure-requests$/);
});

t.test('nonces never repeat, across the refills of the random pool', async (t) => {
  const app = await testApp(t);
  const seen = new Set<string>();
  // 128 requests per refill: three refills.
  for (let i = 0; i < 400; i++) {
    const csp = String((await app.inject('/healthz')).headers['content-security-policy']);
    for (const m of csp.matchAll(/'nonce-([0-9a-f]{32})'/g)) seen.add(m[1]!);
  }
  t.equal(seen.size, 800, 'two fresh nonces per answer');
});
