// Feed photos end to end (issue 21): a picture server on loopback, in a child
// process (bench/photo-feed-server.ts), serves camera-size photos (4000 × 3000
// JPEG, about 4 MB) for a Kyero feed of BENCH_PHOTO_DEVELOPMENTS developments
// (200) × BENCH_PHOTOS_EACH photos (20), every unit of a development listing its
// development's photos. The feed is imported as `npm run import` imports a file
// (openFeed, importFeed) into a fresh SQLite store in a temporary DATA_DIR, then
// the server's photo job (preparePhotos, its defaults) prepares every photo,
// fetched from the picture server. Prints the wall time and this process's CPU
// (all threads, libvips's included) of the preparation: per photo, photos per
// CPU-second (per core) and per wall-second, with the disk per 1,000 photos.
//   npx tsx bench/photo-import.ts    (part of BENCH_ONLY=pictures)
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { loadConfig } from '../src/server/config.ts';
import { configuredStore, openStore } from '../src/server/store/db.ts';
import { openFeed } from '../src/server/catalogue-import/open.ts';
import { importFeed } from '../src/server/catalogue-import/importer.ts';
import { summaryLines } from '../src/server/catalogue-import/summary.ts';
import { addressPolicy, photosDir, photosWaiting, preparePhotos } from '../src/server/feed-images/index.ts';
import { generateFeed } from '../src/server/demo/generator.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const POOL = 20;
const GOAL_PER_CORE = 4;
const SERVER_START_MS = 5 * 60_000;
// libvips's thread count as the server has it: read before bench/pictures.ts,
// run earlier in the same process by bench/run.ts, sets its own.
const LIBVIPS_THREADS = sharp.concurrency();

interface PictureServer {
  origin: string;
  /** The sizes of the distinct photos it serves. */
  bytes: number[];
  child: ChildProcess;
}

function startPictureServer(pool: number, each: number): Promise<PictureServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/photo-feed-server.ts', String(pool), String(each)], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => fail(new Error('the picture server did not start in time')), SERVER_START_MS);
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill();
      reject(error);
    };
    child.once('error', fail);
    child.once('exit', (code) => fail(new Error(`the picture server exited (code ${code}) before it listened`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (!out.includes('\n')) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      const { port, bytes } = JSON.parse(out.split('\n')[0]!) as { port: number; bytes: number[] };
      resolve({ origin: `http://127.0.0.1:${port}`, bytes, child });
    });
  });
}

/** The demo generator's feed, each property showing its development's `each` photos on the picture server instead of its drawings and plans. */
function photoFeed(developments: number, each: number, origin: string): string {
  return generateFeed({ projects: developments }).replace(/<property>[\s\S]*?<\/property>/g, (property) => {
    const development = /<development_ref>DEV-(\d+)<\/development_ref>/.exec(property)?.[1];
    if (!development || !property.includes('<images>')) throw new Error('a generated property without a development or images');
    const urls = Array.from({ length: each }, (_, k) => `${origin}/photos/${Number(development)}/${k + 1}.jpg`);
    const images = urls.map((url, k) => `<image id="${k + 1}"><url>${url}</url></image>`).join('');
    return property.replace(/<images>[\s\S]*?<\/images>/, `<images>${images}</images>`);
  });
}

/** Files under `dir`: their count, bytes, and the disk they take (allocated blocks, as du counts). */
function diskUse(dir: string): { files: number; bytes: number; disk: number } {
  const use = { files: 0, bytes: 0, disk: 0 };
  if (!fs.existsSync(dir)) return use;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const stat = fs.statSync(path.join(entry.parentPath, entry.name));
    use.files++;
    use.bytes += stat.size;
    use.disk += stat.blocks * 512;
  }
  return use;
}

const n = (value: number, digits = 0) => value.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(2)} MB`;
const gb = (bytes: number) => `${(bytes / 2 ** 30).toFixed(2)} GB`;
const size = (bytes: number) => (bytes < 2 ** 30 ? `${n(bytes / 2 ** 20, 1)} MB` : gb(bytes));

export async function runPhotoImportBench(
  developments = Number(process.env.BENCH_PHOTO_DEVELOPMENTS ?? 200),
  each = Number(process.env.BENCH_PHOTOS_EACH ?? 20),
): Promise<void> {
  const addresses = developments * each;
  const pool = Math.min(POOL, addresses);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-photo-import-'));
  let server: PictureServer | null = null;
  // Ctrl-C or a kill: no temporary folder left behind (the child ends with its stdin).
  const cleanUp = () => {
    server?.child.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const interrupted = () => {
    cleanUp();
    process.exit(130);
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  const threadsBefore = sharp.concurrency();
  sharp.concurrency(LIBVIPS_THREADS);
  try {
    console.log(
      `# node ${process.version}, ${os.availableParallelism()} cores, ${os.cpus()[0]?.model ?? 'unknown CPU'}; ` +
        `libvips threads ${LIBVIPS_THREADS} (sharp.concurrency(), as the server has it)` +
        `${process.env.MALLOC_ARENA_MAX ? `, MALLOC_ARENA_MAX=${process.env.MALLOC_ARENA_MAX}` : ''}`,
    );
    console.log(`# picture server: making ${pool} distinct 4000 × 3000 photos …`);
    server = await startPictureServer(pool, each);
    const average = server.bytes.reduce((sum, b) => sum + b, 0) / pool;
    console.log(
      `Picture server (child process, 127.0.0.1): ${n(developments)} developments × ${each} photos = ${n(addresses)} addresses, ` +
        `serving ${pool} distinct 4000 × 3000 JPEGs (quality 95, ${mb(Math.min(...server.bytes))}–${mb(Math.max(...server.bytes))}, ` +
        `${mb(average)} on average) made unique per address by a JPEG comment`,
    );

    const config = loadConfig({ DATA_DIR: dataDir });
    const feedFile = path.join(dataDir, 'feed.xml');
    fs.writeFileSync(feedFile, photoFeed(developments, each, server.origin));
    const store = await openStore(configuredStore(config));
    try {
      const importStarted = performance.now();
      const feed = await openFeed(feedFile, config);
      const summary = await importFeed(store, feed.input, { source: 'bench' }).finally(() => feed.close());
      const waiting = await photosWaiting(store.db);
      console.log(
        `Import (importFeed, SQLite): ${summaryLines(summary)[0]} in ${((performance.now() - importStarted) / 1000).toFixed(1)} s; ` +
          `${n(waiting)} photos to prepare`,
      );

      const reasons = new Map<string, number>();
      const note = ({ reason }: { reason: string }) => void reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
      const dir = photosDir(config.DATA_DIR);
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      // As the server's job calls it, with loopback allowed; it goes on until no photo is due.
      const run = await preparePhotos(store.db, {
        dir,
        fetch: { timeoutMs: config.IMAGE_FETCH_TIMEOUT_MS, policy: addressPolicy(['127.0.0.1/32']) },
        log: { info: note, error: note },
      });
      const wall = (performance.now() - started) / 1000;
      const { user, system } = process.cpuUsage(cpuBefore);
      const cpu = (user + system) / 1e6;

      const photos = run.prepared;
      const use = diskUse(dir);
      const perCpuSecond = photos / cpu;
      console.log(
        [
          `Prepared ${n(photos)}, failed ${n(run.failed)}, in ${n(wall, 1)} s wall and ${n(cpu, 1)} s of CPU (this process, all threads)`,
          `  CPU per photo: ${n((cpu * 1000) / photos)} ms`,
          `  photos per CPU-second (per core): ${n(perCpuSecond, 2)}, against a goal of ≥ ${GOAL_PER_CORE} ` +
            `(${n((perCpuSecond / GOAL_PER_CORE) * 100)} % of it${perCpuSecond < GOAL_PER_CORE ? ', not reached' : ''})`,
          `  photos per wall-second: ${n(photos / wall, 2)} (${n(cpu / wall, 2)} of the ${os.availableParallelism()} cores busy with it on average)`,
          `  peak RSS of this process: ${n(process.resourceUsage().maxRSS / 1024)} MB`,
          `  disk under photos/: ${size(use.disk)} (${n(use.files)} files, ${size(use.bytes)} of bytes), ` +
            `${photos ? gb((use.disk / photos) * 1000) : '-'} per 1,000 photos; sources ${mb(average)} each on average`,
        ].join('\n'),
      );
      for (const [reason, count] of reasons) console.log(`  not prepared (${count}): ${reason}`);
    } finally {
      await store.close();
    }
  } finally {
    sharp.concurrency(threadsBefore);
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    cleanUp();
  }
}

if (import.meta.url === pathToFileURL(path.resolve(process.argv[1] ?? '')).href) {
  runPhotoImportBench().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
