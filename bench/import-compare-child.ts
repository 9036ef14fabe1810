// Child process of bench/import-compare.ts: imports one feed into an empty
// SQLite store with the importer of the checkout named (so that two versions of
// the code can be measured alike), and prints as JSON the import's CPU time
// (user + system, every thread of the process), its wall-clock time and the
// process's peak resident memory.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [checkout, file, dataDir] = process.argv.slice(2);
if (!checkout || !file || !dataDir) throw new Error('usage: import-compare-child.ts <checkout> <feed> <data dir>');

const load = (relative: string) => import(pathToFileURL(path.join(checkout, relative)).href);
const { openStore } = await load('src/server/store/db.ts');
const { importFeed } = await load('src/server/catalogue-import/importer.ts');

const store = await openStore({ dataDir });
const cpu = process.cpuUsage();
const started = performance.now();
const summary = await importFeed(store, fs.createReadStream(file, { highWaterMark: 256 * 1024 }), { source: 'bench' });
const seconds = (performance.now() - started) / 1000;
const used = process.cpuUsage(cpu);
await store.close();
console.log(
  JSON.stringify({
    cpuSeconds: (used.user + used.system) / 1e6,
    userSeconds: used.user / 1e6,
    systemSeconds: used.system / 1e6,
    seconds,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    units: summary.added + summary.updated + summary.unchanged,
  }),
);
