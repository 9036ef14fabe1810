// What the demo catalogue's drawings cost as feed photos
// (docs/decisions/demo-drawings-as-feed-photos.md): BENCH_DEMO_PICTURES
// drawings (default 40) spread over the demo feed's pictures, one at a time,
// each drawn (demo/raster.ts) and derived into every width and format
// (feed-images/derive.ts), then drawn again for the picture proxy's quick
// resize. Prints the CPU of each (median and spread), the variants' and the
// quick resize's bytes, and those figures for the whole demo.
//   npx tsx bench/demo-pictures.ts
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderDemoSource } from '../src/server/demo/raster.ts';
import { isDemoDocument } from '../src/server/demo/svg.ts';
import { derivePicture, quickResize } from '../src/server/feed-images/derive.ts';
import { demoDrawingName } from '../src/shared/demo-pictures.ts';
import { median, spread } from './table.ts';

const FEED = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/server/demo/demo-feed.xml');

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

const xml = fs.readFileSync(FEED, 'utf8');
// The feed's pictures: the drawings its <image> elements name, floor plans (`p1-plan-1`, registered-only) apart.
const names = [...new Set([...xml.matchAll(/<image id="\d+"[^>]*><url>([^<]+)<\/url>/g)].map((m) => demoDrawingName(m[1]!)))].filter(
  (n): n is string => n !== null && !isDemoDocument(n) && !/-plan-\d+$/.test(n),
);
const count = Math.min(Number(process.env.BENCH_DEMO_PICTURES ?? 40), names.length);
const sample = names.filter((_, i) => i % Math.floor(names.length / count) === 0).slice(0, count);

await renderDemoSource(sample[0]!); // libvips loaded before anything is timed
const prepare: number[] = [];
const quick: number[] = [];
let variantBytes = 0;
let quickBytes = 0;
for (const name of sample) {
  let before = cpuMs();
  const derived = await derivePicture((await renderDemoSource(name))!);
  prepare.push(cpuMs() - before);
  variantBytes += derived.variants.reduce((sum, v) => sum + v.bytes.length, 0);
  before = cpuMs();
  quickBytes += (await quickResize((await renderDemoSource(name))!)).length;
  quick.push(cpuMs() - before);
}
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
console.log(
  `${count} of the demo's ${names.length} drawings\n` +
    `prepared (drawn and derived): ${median(prepare).toFixed(0)} ms of CPU each (median; ${spread(prepare)}), ` +
    `${mib((variantBytes / count) * 1024)} per 1,000; the demo: ${((median(prepare) * names.length) / 1000).toFixed(0)} s of CPU, ` +
    `${mib((variantBytes / count) * names.length)} under DATA_DIR/photos\n` +
    `quick resize (drawn and resized): ${median(quick).toFixed(0)} ms of CPU each (median; ${spread(quick)}), ` +
    `${(quickBytes / count / 1024).toFixed(0)} KiB on average; the demo: ${mib((quickBytes / count) * names.length)} under DATA_DIR/images`,
);
