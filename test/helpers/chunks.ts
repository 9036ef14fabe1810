// Reading a client build's esbuild metafile: what an output loads at once
// (it and its static imports, through any depth) and the output of an entry point.
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
