// Which encoding a page goes out in (http/html-compression.ts): Brotli first,
// then gzip, by the client's Accept-Encoding and its q-values; none when
// COMPRESS_HTML is off.
import zlib from 'node:zlib';
import t from 'tap';
import { compressHtml, htmlEncoding } from '../../../src/server/http/html-compression.ts';

t.test('the encoding by Accept-Encoding', async (t) => {
  const cases: Array<[string | undefined, 'br' | 'gzip' | null]> = [
    ['br, gzip', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['GZIP', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['identity', null],
    ['deflate', null],
    ['', null],
    [undefined, null],
  ];
  for (const [header, expected] of cases) t.equal(htmlEncoding(header, true), expected, String(header));
  t.equal(htmlEncoding('br, gzip', false), null, 'COMPRESS_HTML=false: never');
});

t.test('compressed once, and the same bytes once decompressed', async (t) => {
  const html = Buffer.from(`<!DOCTYPE html><html><body>${'<p>Áticos en Torrevieja</p>'.repeat(500)}</body></html>`);
  const br = compressHtml(html, 'br');
  const gz = compressHtml(html, 'gzip');
  t.ok(br.length < html.length / 10 && gz.length < html.length / 10, 'much smaller');
  t.ok(zlib.brotliDecompressSync(br).equals(html));
  t.ok(zlib.gunzipSync(gz).equals(html));
});
