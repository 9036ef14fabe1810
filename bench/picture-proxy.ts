// What the picture proxy's answers for a photo cost (/media/images/{id}): the
// quick resize it keeps and serves (src/server/feed-images/cache.ts) against
// passing the original through (fetch, keep, send it as it came), and against
// the same resize from fully decoded pixels (no shrink-on-load). A picture
// server here serves a camera photo (4000 × 3000 JPEG with grain, about 4 MB,
// made here); a server process pinned to core 0 answers each way, first for
// pictures it has not kept yet, then again for the same ones (kept); its CPU
// (user + system, every thread, /proc/<pid>/stat) is read around each batch
// of requests, the ways interleaved round after round. Prints CPU and wall
// time per answer (median and spread) and the bytes sent.
//   npx tsx bench/picture-proxy.ts        BENCH_ROUNDS=n (default 9)
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { createFeedImageCache, fetchPicture, pictureFetchOptions } from '../src/server/feed-images/index.ts';
import { QUICK_RESIZE } from '../src/server/feed-images/derive.ts';
import { writeWhole } from '../src/server/feed-images/files.ts';
import { photo } from '../test/helpers/photos.ts';
import { cpuSeconds, freePort, machineLine, pin, pinned, ROOT, stopServer, waitUntilReady } from './processes.ts';
import { fmt, median, spread, textTable } from './table.ts';

const WAYS = ['resized', 'original', 'resized, full decode'] as const;
const PATHS: Record<Way, string> = { resized: 'resized', original: 'original', 'resized, full decode': 'full' };
type Way = (typeof WAYS)[number];
/** Requests per measured batch: /proc counts CPU in 10 ms ticks. */
const BATCH = 3;

/** The quick resize's steps from pixels decoded at full size: what it costs without shrink-on-load. */
async function fullDecode(bytes: Buffer): Promise<Buffer> {
  const { data, info } = await sharp(bytes).autoOrient().raw().toBuffer({ resolveWithObject: true });
  return sharp(data, { raw: info })
    .resize({ width: QUICK_RESIZE.width, withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .jpeg(QUICK_RESIZE.jpeg)
    .toBuffer();
}

/**
 * The server process: `/resized/{n}` through the proxy's cache, `/original/{n}`
 * passed through as it came, `/full/{n}` resized from fully decoded pixels.
 */
async function serve(origin: string, port: number): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'picture-proxy-'));
  const fetch = pictureFetchOptions(10_000, { allowRanges: ['127.0.0.1/32'] });
  const silent = { warn: () => {}, info: () => {} };
  const cache = createFeedImageCache({ dir: path.join(dir, 'resized'), log: silent as never, fetch });
  fs.mkdirSync(path.join(dir, 'other'));
  const keep = async (file: string, url: string, transform: (bytes: Buffer) => Buffer | Promise<Buffer>) => {
    if (!fs.existsSync(file)) await writeWhole(file, await transform((await fetchPicture(url, fetch)).bytes));
    return file;
  };
  const server = http.createServer((req, res) => {
    const [, way, n] = (req.url ?? '').split('/');
    const url = `${origin}/photo-${n}.jpg`;
    const file = path.join(dir, 'other', `${way}-${n}.jpg`);
    const kept =
      way === 'resized'
        ? cache.get(Number(n), url)
        : way === 'original'
          ? keep(file, url, (bytes) => bytes)
          : way === 'full'
            ? keep(file, url, fullDecode)
            : Promise.resolve(null);
    kept.then(
      (file) => {
        if (!file) return void res.writeHead(200).end('ready');
        res.writeHead(200, { 'content-type': 'image/jpeg' });
        fs.createReadStream(file).pipe(res);
      },
      (error: Error) => res.writeHead(502).end(error.message),
    );
  });
  server.listen(port, '127.0.0.1');
  process.once('SIGTERM', () => {
    server.close();
    fs.rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  });
}

async function get(url: string): Promise<number> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.arrayBuffer()).byteLength;
}

export async function runPictureProxyBench(rounds = Number(process.env.BENCH_ROUNDS ?? 9)): Promise<void> {
  if (pin) spawnSync('taskset', ['-p', '-c', '1', String(process.pid)], { stdio: 'ignore' });
  const source = await photo({ width: 4000, height: 3000, seed: 11, quality: 95 });
  const pictures = http.createServer((_req, res) => void res.writeHead(200, { 'content-type': 'image/jpeg' }).end(source));
  await new Promise<void>((resolve) => pictures.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(pictures.address() as AddressInfo).port}`;

  const port = await freePort();
  const script = fileURLToPath(import.meta.url);
  const [command, args] = pinned(0, process.execPath, ['--import', 'tsx', script, 'serve', origin, String(port)]);
  const server = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitUntilReady(`${base}/ready`, server);
    let n = 0;
    const rows = WAYS.flatMap((way) => [`${way}, first`, `${way}, kept`]);
    const cpu: Record<string, number[]> = Object.fromEntries(rows.map((row) => [row, []]));
    const wall: Record<string, number[]> = Object.fromEntries(rows.map((row) => [row, []]));
    const bytes: Record<string, number> = {};
    for (let round = -1; round < rounds; round++) {
      for (const way of round % 2 ? WAYS : [...WAYS].reverse()) {
        const ids = Array.from({ length: BATCH }, () => ++n);
        for (const answer of ['first', 'kept']) {
          const row = `${way}, ${answer}`;
          const cpuBefore = cpuSeconds(server.pid!);
          const started = performance.now();
          for (const id of ids) bytes[row] = await get(`${base}/${PATHS[way]}/${id}`);
          // Round -1 warms every way up (JIT, libvips) and is not counted.
          if (round < 0) continue;
          cpu[row]!.push(((cpuSeconds(server.pid!) - cpuBefore) * 1000) / BATCH);
          wall[row]!.push((performance.now() - started) / BATCH);
        }
      }
    }
    console.log(machineLine());
    console.log(
      `# a ${(source.length / 2 ** 20).toFixed(1)} MB JPEG of 4000 × 3000; ${rounds} rounds of ${BATCH} pictures each way ` +
        `(their first answers, then again kept), the ways interleaved\n`,
    );
    console.log(
      textTable(
        ['answer', 'CPU ms (median)', 'CPU spread', 'wall ms (median)', 'bytes sent'],
        rows.map((row) => [row, fmt(median(cpu[row]!)), spread(cpu[row]!), fmt(median(wall[row]!)), String(bytes[row])]),
      ),
    );
    const ratio = (a: string, b: string) => fmt(median(cpu[a]!) / median(cpu[b]!), 2);
    console.log(
      `\nfirst answer, resized / original: CPU ${ratio('resized, first', 'original, first')}×, ` +
        `bytes ${fmt(bytes['resized, first']! / bytes['original, first']!, 3)}×; ` +
        `resized / resized from a full decode: CPU ${ratio('resized, first', 'resized, full decode, first')}×`,
    );
  } finally {
    await stopServer(server);
    pictures.close();
  }
}

if (process.argv[2] === 'serve') await serve(process.argv[3]!, Number(process.argv[4]));
else if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await runPictureProxyBench();
