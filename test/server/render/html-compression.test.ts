// Pages are compressed once per response (render/stream.ts): the same HTML in
// Brotli, gzip or as is, with Vary: Accept-Encoding and a Content-Length; as is
// for everyone when COMPRESS_HTML=false; a page that streams (a Suspense
// boundary still pending at the shell) is compressed as it streams.
import http from 'node:http';
import zlib from 'node:zlib';
import t from 'tap';
import type { LightMyRequestResponse } from 'fastify';
import type { SsrEntry } from '../../../src/shared/ssr.ts';
import { startServer, testApp } from '../../helpers/app.ts';

const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

function decoded(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding'];
  const body = res.rawPayload;
  return (encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : body).toString();
}

/** The HTML without what changes on every request: CSP nonces, form keys, the reads' times. */
const stable = (html: string) =>
  html
    .replace(/nonce="[^"]*"/g, 'nonce=""')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, 'key')
    .replace(/"timestamp":\d+/g, '"timestamp":0');

t.test('the same page in Brotli, gzip and as is', async (t) => {
  const app = await testApp(t);
  for (const url of ['/search/spain/alicante/torrevieja', '/franchise', '/nothing/such/page']) {
    const plain = await app.inject({ url, headers: { 'user-agent': BROWSER_UA } });
    t.equal(plain.headers['content-encoding'], undefined, `${url}: as is without Accept-Encoding`);
    t.equal(Number(plain.headers['content-length']), plain.rawPayload.length, 'with its length');
    t.match(plain.body, /^<!DOCTYPE html>.*<\/html>$/s, 'a whole document');
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip, deflate', 'gzip'],
    ] as const) {
      const res = await app.inject({ url, headers: { 'accept-encoding': accept, 'user-agent': BROWSER_UA } });
      t.equal(res.statusCode, plain.statusCode, `${url} ${accept}: the same status`);
      t.equal(res.headers['content-encoding'], encoding);
      t.match(res.headers.vary, /accept-encoding/i, 'Vary: Accept-Encoding');
      t.equal(Number(res.headers['content-length']), res.rawPayload.length, 'one compressed body, its length known');
      t.ok(res.rawPayload.length < plain.rawPayload.length / 2, 'smaller by half at least');
      t.equal(stable(decoded(res)), stable(plain.body), 'the same HTML once decompressed');
    }
  }
});

t.test('a crawler gets the same compressed document', async (t) => {
  const app = await testApp(t);
  const res = await app.inject({
    url: '/franchise',
    headers: { 'accept-encoding': 'br', 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' },
  });
  t.equal(res.headers['content-encoding'], 'br');
  t.match(decoded(res), /^<!DOCTYPE html>.*<\/html>$/s);
});

t.test('COMPRESS_HTML=false: every page as is, whatever the client accepts', async (t) => {
  const app = await testApp(t, { env: { COMPRESS_HTML: 'false' } });
  const res = await app.inject({ url: '/search/spain/alicante/torrevieja', headers: { 'accept-encoding': 'br, gzip' } });
  t.equal(res.statusCode, 200);
  t.equal(res.headers['content-encoding'], undefined, 'no Content-Encoding');
  t.match(res.body, /^<!DOCTYPE html>.*<\/html>$/s, 'the HTML itself');
  t.equal(Number(res.headers['content-length']), res.rawPayload.length);
  const read = await app.inject({ url: '/api/content?slug=about-us', headers: { 'accept-encoding': 'br' } });
  t.not(read.statusCode, 500, 'the JSON API is unaffected');
});

/**
 * A page whose shell comes first and the rest once `rest` settles, as React streams a pending
 * Suspense boundary: the shell flushed at once, the rest written when it is ready.
 */
function twoPartSsr(shell: string, later: string, rest: () => Promise<unknown>): SsrEntry {
  return {
    async render(options) {
      setImmediate(() => options.onShellReady());
      return {
        pipe(w) {
          const body = w as NodeJS.WritableStream & { flush?: () => void };
          body.write(`<!DOCTYPE html><html><body>${shell}`);
          body.flush?.();
          void rest().then(() => {
            body.write(`${later}</body></html>`);
            body.end();
            options.onAllReady();
          });
          return w;
        },
        abort() {},
      };
    },
  };
}

const streamingSsr = twoPartSsr(
  '<p>shell</p>'.repeat(300),
  '<p>later</p>'.repeat(300),
  () => new Promise((resolve) => setTimeout(resolve, 50)),
);

t.test('a page that streams is compressed as it streams, and whole at the end', async (t) => {
  const app = await testApp(t, { ssr: streamingSsr });
  const expected = `<!DOCTYPE html><html><body>${'<p>shell</p>'.repeat(300)}${'<p>later</p>'.repeat(300)}</body></html>`;
  for (const accept of ['br', 'gzip', '']) {
    const res = await app.inject({ url: '/franchise', headers: { 'accept-encoding': accept, 'user-agent': BROWSER_UA } });
    t.equal(res.statusCode, 200);
    t.equal(res.headers['content-encoding'], accept || undefined, `${accept || 'no Accept-Encoding'}`);
    t.equal(decoded(res), expected, 'the whole document');
  }
});

/** A page whose rest waits until the test lets it go: `release` after the client has decoded the shell. */
function gatedSsr(): { ssr: SsrEntry; release: () => void; released: Promise<'by the client' | 'on its own'> } {
  let release!: () => void;
  const byClient = new Promise<'by the client'>((resolve) => (release = () => resolve('by the client')));
  // A bound so that a buffering server cannot hang the test: the rest goes out anyway, and the test fails.
  const released = Promise.race([byClient, new Promise<'on its own'>((resolve) => setTimeout(() => resolve('on its own'), 20_000))]);
  const ssr = twoPartSsr('<p>shell</p>', '<p>later</p>', () => released);
  return { ssr, release, released };
}

t.test('over a real socket, the shell reaches the browser, decoded, before the rest is rendered', async (t) => {
  for (const accept of ['br', 'gzip', '']) {
    const gate = gatedSsr();
    const { url } = await startServer(t, { ssr: gate.ssr });
    const seen = await new Promise<string>((resolve, reject) => {
      const req = http.get(`${url}/franchise`, { headers: { 'accept-encoding': accept, 'user-agent': BROWSER_UA } }, (res) => {
        const encoding = res.headers['content-encoding'];
        const text =
          encoding === 'br' ? res.pipe(zlib.createBrotliDecompress()) : encoding === 'gzip' ? res.pipe(zlib.createGunzip()) : res;
        let html = '';
        text.setEncoding('utf8');
        text.on('data', (chunk: string) => {
          html += chunk;
          if (html.includes('<p>shell</p>')) gate.release();
        });
        text.on('end', () => resolve(html));
        text.on('error', reject);
      });
      req.on('error', reject);
    });
    t.equal(await gate.released, 'by the client', `${accept || 'no Accept-Encoding'}: the shell arrived while the rest was pending`);
    t.equal(seen, '<!DOCTYPE html><html><body><p>shell</p><p>later</p></body></html>', 'then the whole document');
  }
});
