// Reading a client build's esbuild metafile: what an output loads at once
// (it and its static imports, through any depth) and the output of an entry point.
import fs from 'node:fs';
import path from 'node:path';
import type { Metafile } from 'esbuild';

type Outputs = Metafile['outputs'];

/** `file` and every output it imports statically, through any depth. */
export function staticClosure(outputs: Outputs, file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const imp of outputs[file]!.imports) if (imp.kind === 'import-statement') staticClosure(outputs, imp.path, seen);
  return seen;
}

/** The JavaScript output of the entry point `source` (e.g. 'src/client/entry.tsx'). */
export function outputOf(outputs: Outputs, source: string): string {
  return Object.keys(outputs).find((f) => outputs[f]!.entryPoint === source && f.endsWith('.js'))!;
}

/** The modules built into `files` (paths as the metafile names them, relative to the project). */
export function modulesIn(outputs: Outputs, files: Iterable<string>): Set<string> {
  return new Set([...files].flatMap((file) => Object.keys(outputs[file]!.inputs)));
}

// An island that loads its code as soon as the page has hydrated (lib/island.tsx): `island(() => import('./Part.tsx')…, { … eager: true })`.
const EAGER_ISLAND = /island\(\s*\(\) => import\('([^']+)'\)[^;]*?\beager: true/g;

/** The modules that the islands among `modules` load as soon as the page has hydrated, before any interaction. */
export function eagerIslands(modules: Iterable<string>): string[] {
  return [...modules]
    .filter((module) => module.endsWith('.browser.tsx'))
    .flatMap((module) =>
      [...fs.readFileSync(module, 'utf8').matchAll(EAGER_ISLAND)].map((match) => path.posix.join(path.posix.dirname(module), match[1]!)),
    );
}
