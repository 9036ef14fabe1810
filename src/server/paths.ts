// Where the server finds its own files at run time, from source and compiled alike.
// Run from source (tsx), import.meta.url is this file's; compiled by build.mjs,
// it is the address of a bundle under dist/server/ (main.js, cli/*.js). So:
// the project root is the nearest folder above with a package.json, and the data
// files that live beside the server's code in src/server/ (a word list, logos,
// the demo feed) are read from there, or from dist/server/files/, where
// build.mjs copies every such file under the same path.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const compiled = !import.meta.url.endsWith('.ts');

function findRoot(dir: string): string {
  for (let d = dir; ; d = path.dirname(d)) {
    if (fs.existsSync(path.join(d, 'package.json'))) return d;
    if (path.dirname(d) === d) return path.resolve(here, '../..');
  }
}

export const ROOT_DIR = findRoot(here);
/** The build (build.mjs); DIST_DIR moves it, as it does for the build. */
export const DIST_DIR = process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR) : path.join(ROOT_DIR, 'dist');

/** A data file shipped with the server, by its path under src/server/ (e.g. 'demo/logos'). */
export function serverFile(relative: string): string {
  return compiled ? path.join(DIST_DIR, 'server', 'files', relative) : path.join(ROOT_DIR, 'src', 'server', relative);
}

/** A module started on its own (a worker thread's), by its path under src/server/ without extension (e.g. 'jobs/pull-worker'). */
export function serverEntry(relative: string): string {
  return compiled ? path.join(DIST_DIR, 'server', `${relative}.js`) : path.join(ROOT_DIR, 'src', 'server', `${relative}.ts`);
}
