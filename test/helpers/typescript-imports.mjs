// Tests load the project's TypeScript (.ts, .tsx) through esbuild's transform,
// as the build compiles it (React's automatic JSX runtime), with an inline
// source map for stack traces; JavaScript is left alone. Synchronous and in
// the test's own thread: tsx's loader, on a thread of its own, cost about 0.7 s
// of CPU per test file, mostly in messages about tap's own few hundred
// modules. Loaded by .taprc's node-arg.
//
// Each output is kept under the user's cache folder (cache-dir.mjs), named by a hash of
// the file's path and contents (and esbuild's version and options), so a test
// file that loads the server's two hundred modules reads them instead of
// sending each to esbuild again: about 0.4 s of CPU less per such file. A
// changed file has a new hash: an output is never older than its source
// (test/run.mjs removes those unwritten for a week).
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire, registerHooks } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_CACHE_DIR } from './cache-dir.mjs';

const TYPESCRIPT = /\.(ts|tsx|mts)$/;
const OPTIONS = {
  format: 'esm',
  jsx: 'automatic',
  target: 'node24',
  sourcemap: 'inline',
  sourcesContent: false,
};
const ESBUILD_VERSION = createRequire(import.meta.url)('esbuild/package.json').version;
const CACHE_DIR = path.join(TEST_CACHE_DIR, 'typescript', `esbuild-${ESBUILD_VERSION}`);

let esbuild;

registerHooks({
  load(url, context, nextLoad) {
    if (!url.startsWith('file:') || !TYPESCRIPT.test(url) || url.includes('/node_modules/')) return nextLoad(url, context);
    // The source comes through the hooks below this one, tap's among them: its
    // record of the files a test loads is what `npm run test:watch` (--changed)
    // reruns a test for.
    const { source } = nextLoad(url, { ...context, format: 'module' });
    return { format: 'module', source: compiled(fileURLToPath(url), String(source)), shortCircuit: true };
  },
});

function compiled(file, source) {
  const key = crypto.createHash('sha256').update(JSON.stringify(OPTIONS)).update(file).update('\0').update(source).digest('hex');
  const kept = path.join(CACHE_DIR, `${key.slice(0, 32)}.js`);
  try {
    return fs.readFileSync(kept, 'utf8');
  } catch {
    // Not kept yet: transform it below.
  }
  esbuild ??= createRequire(import.meta.url)('esbuild');
  const { code } = esbuild.transformSync(source, { ...OPTIONS, loader: file.endsWith('.tsx') ? 'tsx' : 'ts', sourcefile: file });
  // Written whole under a name of its own, then renamed: a test file starting
  // at the same time reads either nothing or all of it.
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  const partial = `${kept}.${process.pid}`;
  fs.writeFileSync(partial, code);
  fs.renameSync(partial, kept);
  return code;
}
