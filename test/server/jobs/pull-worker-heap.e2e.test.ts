// The pull's worker thread keeps its own heap limit (PULL_WORKER_LIMITS)
// whatever heap flag node was started with: an operator's
// `--max-old-space-size` (on the command line or in NODE_OPTIONS, as container
// images often set it) is for the main thread, and V8 would otherwise read it
// over the worker's resourceLimits. Limits only, no times.
import t from 'tap';
import { execFileSync } from 'node:child_process';
import { ROOT_DIR } from '../../../src/server/paths.ts';
import { PULL_WORKER_LIMITS } from '../../../src/server/jobs/pull-in-worker.ts';
import { startFlags } from '../../helpers/start-flags.ts';

const SCRIPT = `
import v8 from 'node:v8';
import { boundedWorker, PULL_WORKER_LIMITS } from './src/server/jobs/pull-in-worker.ts';
const worker = boundedWorker(
  "process.getBuiltinModule('node:worker_threads').parentPort.postMessage(process.getBuiltinModule('node:v8').getHeapStatistics().heap_size_limit)",
  { eval: true, resourceLimits: PULL_WORKER_LIMITS },
);
const workerLimit = await new Promise((resolve) => worker.once('message', resolve));
process.stdout.write(JSON.stringify({ workerLimit, mainLimit: v8.getHeapStatistics().heap_size_limit }));
`;

const MB = 1024 * 1024;
const OWN_MB = PULL_WORKER_LIMITS.maxOldGenerationSizeMb! + PULL_WORKER_LIMITS.maxYoungGenerationSizeMb!;

for (const [how, flags, nodeOptions] of [
  ["npm start's flags and a heap flag on node's command line", [...startFlags(), '--max-old-space-size=2000'], ''],
  ['a heap flag in NODE_OPTIONS', [], '--max-old-space-size=2000'],
] as const)
  t.test(`with ${how}, the pull worker keeps its own heap limit and the main thread the one it was given`, async (t) => {
    const out = execFileSync(process.execPath, [...flags, '--import', 'tsx', '--input-type=module', '-e', SCRIPT], {
      cwd: ROOT_DIR,
      encoding: 'utf8',
      // Not tap's NODE_OPTIONS (its loaders): only the one under test.
      env: { ...process.env, NODE_OPTIONS: nodeOptions },
    });
    const { workerLimit, mainLimit } = JSON.parse(out) as { workerLimit: number; mainLimit: number };
    t.ok(workerLimit / MB <= OWN_MB * 1.25, `the worker's heap limit is ${(workerLimit / MB).toFixed(0)} MB (its own ${OWN_MB} MB)`);
    t.ok(mainLimit / MB >= 2000, `the main thread's is ${(mainLimit / MB).toFixed(0)} MB, as node was told`);
  });
