// The picture server of bench/photo-import.ts, in a process of its own so that
// its CPU is not counted as the site's. Makes `pool` distinct camera-size photos
// once (4000 × 3000 JPEG, quality 95, with grain: about 4 MB each), then answers
// /photos/{development}/{k}.jpg on 127.0.0.1 with photo (development × each + k)
// mod pool, a JPEG comment naming the address inserted after the SOI marker: each
// address has its own bytes (the site keys photos by a hash of them) for the
// decoding and encoding work of a real photo. Prints one JSON line once
// listening ({ port, bytes: the pool's sizes }); exits when its stdin closes.
//   node --import tsx bench/photo-feed-server.ts <pool> <photos each>
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { photo } from '../test/helpers/photos.ts';

const pool = Number(process.argv[2] ?? 20);
const each = Number(process.argv[3] ?? 20);
if (!(pool >= 1 && each >= 1)) throw new Error('usage: photo-feed-server.ts <pool> <photos each>');

const photos: Buffer[] = [];
for (let i = 0; i < pool; i++) photos.push(await photo({ width: 4000, height: 3000, seed: 11 + i * 37, quality: 95 }));
const lastModified = new Date().toUTCString();

/** `jpeg` with a COM segment (0xFFFE, its length counting the 2 length bytes, then the text) right after SOI. */
function withComment(jpeg: Buffer, text: string): Buffer {
  const comment = Buffer.from(text, 'latin1');
  const head = Buffer.from([0xff, 0xfe, 0, 0]);
  head.writeUInt16BE(comment.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), head, comment, jpeg.subarray(2)]);
}

const server = http.createServer((req, res) => {
  const match = /^\/photos\/(\d+)\/(\d+)\.jpg$/.exec(req.url ?? '');
  if (!match) return void res.writeHead(404).end();
  const development = Number(match[1]);
  const k = Number(match[2]);
  const etag = `"${development}-${k}"`;
  if (req.headers['if-none-match'] === etag) return void res.writeHead(304, { etag, 'last-modified': lastModified }).end();
  const bytes = withComment(photos[(development * each + k) % pool]!, `bench photo ${req.url}`);
  res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': bytes.length, etag, 'last-modified': lastModified }).end(bytes);
});

server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`${JSON.stringify({ port, bytes: photos.map((p) => p.length) })}\n`);
});
// The bench closes stdin when done, or by dying: either way this server ends with it.
process.stdin.on('close', () => process.exit(0));
process.stdin.resume();
