// The build's own output (dist/: the server-side renderer and its chunks) is
// plain ESM, loaded here as Node loads it in production. Left to tsx, each of
// its files would be parsed and its dynamic imports wrapped, with a character-
// level source map of the result: about a second of CPU for dist/server/ssr.js
// in every test file that builds the app. Loaded by .taprc's node-arg.
import fs from 'node:fs';
import { registerHooks } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// As src/server/paths.ts finds it.
const distDir = process.env.DIST_DIR
  ? path.resolve(process.env.DIST_DIR)
  : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist');
const DIST = `${pathToFileURL(distDir).href}/`;

registerHooks({
  load(url, context, nextLoad) {
    if (!url.startsWith(DIST) || !url.endsWith('.js')) return nextLoad(url, context);
    return { format: 'module', source: fs.readFileSync(fileURLToPath(url), 'utf8'), shortCircuit: true };
  },
});
