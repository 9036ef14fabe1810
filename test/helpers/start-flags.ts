// How `npm start` starts the server: package.json's `start`, the one place its
// node flags are written, read for the tests that start the site, the benches
// and the check that the image starts it alike. Starts nothing itself (a
// fast-tier test may import it).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The compiled server, relative to the folder it runs in. */
export const SITE_ENTRY = 'dist/server/main.js';

/** The node flags `npm start` gives the server before its entry (package.json's `start`: the one place they are written). */
export function startFlags(): string[] {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const words = (scripts.start ?? '').split(/\s+/).filter(Boolean);
  const entry = words.indexOf(SITE_ENTRY);
  if (words[0] !== 'node' || entry < 0) throw new Error(`package.json's start does not run \`node … ${SITE_ENTRY}\`: ${words.join(' ')}`);
  return words.slice(1, entry);
}
