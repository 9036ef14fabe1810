// geo/ keeps only what it looks up (the coast's segments, the towns' centres) once it has made it: the
// packaged maps it reads them from (tens of megabytes as objects) must not stay
// on the heap, where every garbage collection of a page's request would walk
// them. Measured in a child process with a forced collection before and after
// (without tap's NODE_OPTIONS: its loaders keep what the child reads).
import t from 'tap';
import { execFileSync } from 'node:child_process';

const SCRIPT = `
import { distancesOf } from './src/server/geo/distances.ts';
import { townCentreKm } from './src/server/geo/town-centres.ts';
globalThis.gc();
const before = process.memoryUsage().heapUsed;
distancesOf(37.9, -0.7);
townCentreKm('Torrevieja', 37.9, -0.7);
globalThis.gc();
process.stdout.write(String(process.memoryUsage().heapUsed - before));
`;

t.test('the coast and the town centres are built without keeping the maps they came from', async (t) => {
  const grown = Number(
    execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', '--input-type=module', '-e', SCRIPT], {
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '' },
    }),
  );
  t.ok(grown < 5_000_000, `the heap grew ${(grown / 1e6).toFixed(1)} MB (it kept 51 MB when the maps were require()d)`);
});
