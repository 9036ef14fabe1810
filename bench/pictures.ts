// What preparing feed photos costs (src/server/feed-images/derive.ts): photos
// at a camera's size (4000 × 3000 JPEG with grain, 2–5 MB, made here), each
// derived into every width and format, on one libvips thread so that the CPU
// per photo is one core's (BENCH_PICTURES_THREADS: more, as the server's photo
// job has one per core). Prints the CPU per photo (median and spread), photos
// per CPU-second, the process's peak resident memory, the bytes of each variant
// and the disk per 1,000 photos.
//   npx tsx bench/pictures.ts        BENCH_PICTURES=n (default 8)
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { derivePicture, type Variant } from '../src/server/feed-images/derive.ts';
import { PHOTO_FORMATS } from '../src/shared/photos.ts';
import { photo } from '../test/helpers/photos.ts';
import { median, spread, textTable } from './table.ts';

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

export async function runPicturesBench(count = Number(process.env.BENCH_PICTURES ?? 8)): Promise<void> {
  const threads = Number(process.env.BENCH_PICTURES_THREADS ?? 1);
  sharp.concurrency(threads);
  const costs: number[] = [];
  const variants: Variant[] = [];
  let sourceBytes = 0;
  for (let i = 0; i < count; i++) {
    const source = await photo({ width: 4000, height: 3000, seed: 11 + i * 37, quality: 95 });
    sourceBytes += source.length;
    const before = cpuMs();
    const derived = await derivePicture(source);
    costs.push(cpuMs() - before);
    variants.push(...derived.variants);
  }
  const each = median(costs);
  console.log(
    `${count} photos of 4000 × 3000, ${(sourceBytes / count / 2 ** 20).toFixed(1)} MB each on average: ` +
      `${each.toFixed(0)} ms of CPU per photo (median; ${spread(costs)}), ` +
      `${(1000 / each).toFixed(2)} photos per CPU-second; libvips threads ${threads}` +
      `${process.env.MALLOC_ARENA_MAX ? `, MALLOC_ARENA_MAX=${process.env.MALLOC_ARENA_MAX}` : ''}; peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB\n`,
  );
  const widths = [...new Set(variants.map((v) => v.width))];
  console.log(
    textTable(
      ['width', ...PHOTO_FORMATS],
      widths.map((width) => [
        String(width),
        ...PHOTO_FORMATS.map((format) => {
          const sizes = variants.filter((v) => v.width === width && v.format === format).map((v) => v.bytes.length);
          return kb(median(sizes));
        }),
      ]),
    ),
  );
  const disk = variants.reduce((sum, v) => sum + v.bytes.length, 0) / count;
  console.log(`\nDisk: ${(disk / 2 ** 20).toFixed(2)} MB per photo, ${((disk * 1000) / 2 ** 30).toFixed(2)} GB per 1,000 photos`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await runPicturesBench();
