// Assets are compressed at build (build.mjs: a .br and a .gz beside each text
// asset) and sent as they are: Brotli or gzip to a client that accepts it, the
// file itself otherwise, with Vary: Accept-Encoding; nothing compressed per request.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import t from 'tap';
import { testApp } from '../../helpers/app.ts';
import { DIST_DIR } from '../../../src/server/paths.ts';

const ASSETS = path.join(DIST_DIR, 'client', 'assets');
const manifest = JSON.parse(fs.readFileSync(path.join(DIST_DIR, 'client', 'manifest.json'), 'utf8')) as {
  entry: string;
  css: string[];
  pages: Record<string, string[]>;
};
const onDisk = (url: string) => path.join(ASSETS, url.replace(/^\/assets\//, ''));

t.test('every script and stylesheet has its .br and .gz beside it, smaller, and the same once decompressed', async (t) => {
  const texts = fs.readdirSync(ASSETS).filter((f) => /\.(js|css)$/.test(f));
  t.ok(texts.length > 10, 'the build has scripts and stylesheets');
  const encodings = [
    ['br', zlib.brotliCompressSync, zlib.brotliDecompressSync],
    ['gz', zlib.gzipSync, zlib.gunzipSync],
  ] as const;
  let written = 0;
  for (const file of texts) {
    const raw = fs.readFileSync(path.join(ASSETS, file));
    for (const [ext, compress, decompress] of encodings) {
      const beside = path.join(ASSETS, `${file}.${ext}`);
      if (!fs.existsSync(beside)) {
        // A file so small that compressing it would not make it smaller is sent as it is.
        t.ok(compress(raw).length >= raw.length, `${file}: no .${ext}, as it would be no smaller`);
        continue;
      }
      written++;
      const packed = fs.readFileSync(beside);
      t.ok(packed.length < raw.length, `${file}.${ext}: smaller`);
      t.ok(decompress(packed).equals(raw), `${file}.${ext}: the same bytes`);
    }
  }
  t.ok(written > texts.length, 'nearly every file has both');
  t.notOk(
    fs.readdirSync(ASSETS).some((f) => /\.map\.(br|gz)$/.test(f)),
    'source maps are left as they are',
  );
});

t.test('the file the client accepts, with Content-Encoding and Vary; the file itself without Accept-Encoding', async (t) => {
  const app = await testApp(t);
  for (const url of [manifest.entry, ...manifest.css]) {
    const raw = fs.readFileSync(onDisk(url));
    const cases = [
      { accept: 'br, gzip', encoding: 'br', bytes: fs.readFileSync(`${onDisk(url)}.br`) },
      { accept: 'gzip, deflate', encoding: 'gzip', bytes: fs.readFileSync(`${onDisk(url)}.gz`) },
      { accept: undefined, encoding: undefined, bytes: raw },
      { accept: 'identity', encoding: undefined, bytes: raw },
    ];
    for (const c of cases) {
      const res = await app.inject({ url, headers: c.accept ? { 'accept-encoding': c.accept } : {} });
      t.equal(res.statusCode, 200, `${url} (${c.accept ?? 'no Accept-Encoding'})`);
      t.equal(res.headers['content-encoding'], c.encoding, 'its Content-Encoding');
      t.ok(res.rawPayload.equals(c.bytes), 'the very file written at build');
      t.match(res.headers['content-type'], url.endsWith('.css') ? /^text\/css/ : /javascript/, 'the type of the asset, not of .br');
      t.match(res.headers.vary, /accept-encoding/i, 'Vary: Accept-Encoding');
      t.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
    }
  }
});

t.test('an image is sent as it is, never compressed on the fly', async (t) => {
  const app = await testApp(t);
  const image = fs.readdirSync(ASSETS).find((f) => /\.(png|jpg|webp|woff2)$/.test(f));
  t.ok(image, 'the build has an image or a font');
  const res = await app.inject({ url: `/assets/${image}`, headers: { 'accept-encoding': 'br, gzip' } });
  t.equal(res.statusCode, 200);
  t.equal(res.headers['content-encoding'], undefined);
  t.ok(res.rawPayload.equals(fs.readFileSync(path.join(ASSETS, image!))));
});
