// Child process of bench/import.ts: reads (or, with --parse-only, only parses)
// one feed and prints its time and the process's peak memory as JSON, so each
// measurement starts from a fresh process.
import fs from 'node:fs';
import { openStore } from '../src/server/store/db.ts';
import { importFeed } from '../src/server/catalogue-import/importer.ts';
import { readKyero } from '../src/server/catalogue-import/kyero.ts';

const [file, mode, dataDir] = process.argv.slice(2);
if (!file || !dataDir) throw new Error('usage: import-child.ts <feed> <import|parse-only> <data dir>');

const started = performance.now();
let properties = 0;
if (mode === 'parse-only') {
  for await (const item of readKyero(fs.createReadStream(file, { highWaterMark: 256 * 1024 }))) if (item) properties++;
} else {
  const store = await openStore({ dataDir, databaseUrl: process.env.BENCH_IMPORT_DATABASE_URL || undefined });
  const summary = await importFeed(store, fs.createReadStream(file, { highWaterMark: 256 * 1024 }), { source: 'bench' });
  properties = summary.added + summary.updated + summary.unchanged;
  await store.close();
}
const seconds = (performance.now() - started) / 1000;
console.log(JSON.stringify({ seconds, properties, peakRssMb: process.resourceUsage().maxRSS / 1024 }));
