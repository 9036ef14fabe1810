// Tests load the project's TypeScript (.ts, .tsx) through esbuild's transform,
// as the build compiles it (React's automatic JSX runtime), with an inline
// source map for stack traces; JavaScript is left alone. Synchronous and in
// the test's own thread: tsx's loader, on a thread of its own, cost about 0.7 s
// of CPU per test file, mostly in messages about tap's own few hundred
// modules. Loaded by .taprc's node-arg.
import fs from 'node:fs';
import { registerHooks } from 'node:module';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'esbuild';

const TYPESCRIPT = /\.(ts|tsx|mts)$/;

registerHooks({
  load(url, context, nextLoad) {
    if (!url.startsWith('file:') || !TYPESCRIPT.test(url) || url.includes('/node_modules/')) return nextLoad(url, context);
    const file = fileURLToPath(url);
    const { code } = transformSync(fs.readFileSync(file, 'utf8'), {
      loader: url.endsWith('.tsx') ? 'tsx' : 'ts',
      format: 'esm',
      jsx: 'automatic',
      target: 'node24',
      sourcefile: file,
      sourcemap: 'inline',
      sourcesContent: false,
    });
    return { format: 'module', source: code, shortCircuit: true };
  },
});
