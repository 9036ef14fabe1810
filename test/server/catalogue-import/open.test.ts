// What the import CLI opens: a file or a URL over FEED_MAX_BYTES is refused
// before its bytes are read (its size, its Content-Length), and a gzip file is
// recognised however its first bytes are cut into chunks.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import t from 'tap';
import { openFeed } from '../../../src/server/catalogue-import/open.ts';
import { boundedFeed } from '../../../src/server/catalogue-import/feed-bytes.ts';
import { listenUntilTheEnd } from './feed-server.ts';

const LIMITS = { FEED_TIMEOUT_MS: 60_000, FEED_MAX_BYTES: 1000, DATA_DIR: '' };
const TOO_LARGE = /^feed too large: more than 1000 bytes \(FEED_MAX_BYTES\)$/;

async function text(chunks: AsyncIterable<Uint8Array>): Promise<string> {
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts).toString();
}

t.test('a file larger than the cap is refused before it is read', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'open-feed-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'big.xml');
  fs.writeFileSync(file, 'x'.repeat(1001));
  await t.rejects(openFeed(file, LIMITS), { message: TOO_LARGE });
  fs.writeFileSync(file, 'x'.repeat(1000));
  const opened = await openFeed(file, LIMITS);
  t.equal((await text(opened.input)).length, 1000, 'a file of the cap is read');
});

t.test('a Content-Length over the cap is refused before the body is read', async (t) => {
  // The head of a body, then nothing: reading it would wait for the time-out.
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/xml', 'content-length': '5000' });
    response.write('<root>');
  });
  const base = await listenUntilTheEnd(t, server);
  await t.rejects(openFeed(`${base}/feed.xml`, { ...LIMITS, DATA_DIR: t.testdir() }), { message: TOO_LARGE });
});

t.test('a gzip file whose first chunk is one byte is still decompressed', async (t) => {
  const gz = zlib.gzipSync('<root></root>');
  async function* cut() {
    yield gz.subarray(0, 1);
    yield gz.subarray(1);
  }
  t.equal(await text(boundedFeed(cut(), 1000)), '<root></root>');
  async function* oneByte() {
    yield Buffer.from('<');
  }
  t.equal(await text(boundedFeed(oneByte(), 1000)), '<', 'a body of one byte is itself');
});
