// The proxy's cache: one fetch and resize per picture however many ask at
// once, kept on disk as a JPEG (never the original), and a picture that failed
// or cannot be read remembered for a while (bounded) instead of fetched again
// on every view.
import t from 'tap';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { createFeedImageCache, feedImageKey, PictureError } from '../../../src/server/feed-images/index.ts';
import type { Picture } from '../../../src/server/feed-images/fetch-picture.ts';
import { tempDir } from '../../helpers/app.ts';
import type { TapTest } from '../../helpers/db.ts';
import { JPEG } from './pictures.ts';

const PNG = await sharp({ create: { width: 40, height: 30, channels: 4, background: '#3366cc80' } })
  .png()
  .toBuffer();

function setup(t: TapTest, answer: (url: string) => Promise<Picture>, extra: { maxFailures?: number } = {}) {
  const dir = tempDir(t);
  let clock = 1_000_000;
  const calls: string[] = [];
  const logged: Array<{ level: string; reason: unknown }> = [];
  const log = {
    warn: (obj: { reason: unknown }) => void logged.push({ level: 'warn', reason: obj.reason }),
    info: (obj: { reason: unknown }) => void logged.push({ level: 'info', reason: obj.reason }),
  };
  const cache = createFeedImageCache({
    dir,
    log: log as never,
    fetch: { timeoutMs: 1000 },
    fetchPicture: (url) => {
      calls.push(url);
      return answer(url);
    },
    now: () => clock,
    failureMemoryMs: 60_000,
    ...extra,
  });
  return { dir, cache, calls, logged, advance: (ms: number) => void (clock += ms) };
}

t.test('a picture is fetched and resized once, then read from the disk', async (t) => {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const { cache, calls } = setup(t, async () => {
    await gate;
    return { type: 'image/png', bytes: PNG, etag: null, lastModified: null };
  });
  const all = Promise.all([1, 2, 3].map(() => cache.get(7, 'https://pictures.example/a.png')));
  release();
  const stored = await all;
  t.equal(calls.length, 1, 'three requests at once share one fetch');
  t.same(new Set(stored).size, 1, 'and one file');
  t.match(stored[0], /\/7-[0-9a-f]{16}-[0-9a-f]{8}\.jpg$/);
  const kept = await sharp(fs.readFileSync(stored[0]!)).metadata();
  t.same([kept.format, kept.width, kept.height], ['jpeg', 40, 30], 'kept as a JPEG of its own size, not the PNG');
  await cache.get(7, 'https://pictures.example/a.png');
  t.equal(calls.length, 1, 'then the disk answers');
  await cache.get(7, 'https://pictures.example/b.png');
  t.equal(calls.length, 2, 'a changed address is fetched again');
});

t.test('a failed picture is remembered for a while', async (t) => {
  const { cache, calls, logged, advance } = setup(t, async (url) => {
    if (url.includes('metadata')) throw new PictureError(502, 'not a public address', true);
    throw new PictureError(504, 'the picture server is too slow');
  });
  const fail = (id: number, url: string) =>
    cache.get(id, url).then(
      () => null,
      (e: PictureError) => e,
    );

  t.equal((await fail(1, 'https://slow.example/a.png'))?.statusCode, 504);
  for (let i = 0; i < 5; i++) t.equal((await fail(1, 'https://slow.example/a.png'))?.statusCode, 504, 'the same answer');
  t.equal(calls.length, 1, 'without fetching it again');
  advance(59_000);
  await fail(1, 'https://slow.example/a.png');
  t.equal(calls.length, 1, 'within the window');
  advance(2_000);
  await fail(1, 'https://slow.example/a.png');
  t.equal(calls.length, 2, 'after it, tried again');

  t.equal((await fail(2, 'http://metadata.example/'))?.statusCode, 502);
  t.same(
    logged,
    [
      { level: 'info', reason: 'the picture server is too slow' },
      { level: 'info', reason: 'the picture server is too slow' },
      { level: 'warn', reason: 'not a public address' },
    ],
    'each fetch that failed is logged once, a refused address at warn',
  );
});

t.test('the memory of failures is bounded', async (t) => {
  const { cache, calls } = setup(
    t,
    async () => {
      throw new PictureError(502, 'status 404');
    },
    { maxFailures: 3 },
  );
  for (const id of [1, 2, 3, 4]) await cache.get(id, 'https://gone.example/a.png').catch(() => {});
  t.equal(calls.length, 4);
  await cache.get(4, 'https://gone.example/a.png').catch(() => {});
  await cache.get(2, 'https://gone.example/a.png').catch(() => {});
  t.equal(calls.length, 4, 'the newest are remembered');
  await cache.get(1, 'https://gone.example/a.png').catch(() => {});
  t.equal(calls.length, 5, 'the oldest was forgotten');
});

t.test('a picture that cannot be read is a 502, remembered like a failed fetch', async (t) => {
  const { cache, calls, logged } = setup(t, async () => ({ type: 'image/jpeg', bytes: JPEG, etag: null, lastModified: null }));
  for (let i = 0; i < 3; i++) {
    const error = await cache.get(3, 'https://pictures.example/broken.jpg').then(
      () => null,
      (e: PictureError) => e,
    );
    t.ok(error instanceof PictureError, 'a PictureError');
    t.equal(error?.statusCode, 502);
    t.match(error?.message, /^the picture could not be fetched: not a picture this site can read/);
  }
  t.equal(calls.length, 1, 'fetched and tried once');
  t.same(
    logged.map((l) => l.level),
    ['info'],
    'logged once, at info',
  );
});

t.test('an original kept under the name of earlier versions is not served', async (t) => {
  const { dir, cache, calls } = setup(t, async () => ({ type: 'image/png', bytes: PNG, etag: null, lastModified: null }));
  const url = 'https://pictures.example/a.png';
  const original = path.join(dir, `${feedImageKey(7, url)}.png`);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(original, PNG);
  const file = await cache.get(7, url);
  t.not(file, original);
  t.equal(calls.length, 1, 'the picture is fetched again');
  t.equal((await sharp(fs.readFileSync(file)).metadata()).format, 'jpeg', 'and kept resized');
});
