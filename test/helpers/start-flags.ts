// How `npm start` starts the server: package.json's `start`, the one place its
// environment and node flags are written, read for the tests that start the
// site, the benches and the check that the image starts it alike. Starts
// nothing itself (a fast-tier test may import it).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The compiled server, relative to the folder it runs in. */
export const SITE_ENTRY = 'dist/server/main.js';

/** A command's words before its program: `NAME=value`, the shell's way of giving it an environment. */
const ENV_WORD = /^([A-Z_][A-Z0-9_]*)=(.*)$/;

/** What starts the server: the environment set for it and node's flags. */
export interface StartCommand {
  env: Record<string, string>;
  flags: string[];
}

/** Words of a command, or of a bench's set to compare: `NAME=value` words are environment, the others node's flags. */
export function splitStartWords(words: string[]): StartCommand {
  const env: Record<string, string> = {};
  const flags: string[] = [];
  for (const word of words) {
    const assignment = ENV_WORD.exec(word);
    if (assignment) env[assignment[1]!] = assignment[2]!;
    else flags.push(word);
  }
  return { env, flags };
}

/**
 * `NAME=value … node <flags> dist/server/main.js`, package.json's `start`: the words that
 * matter to a caller, its environment's and node's flags (without `node` and the entry).
 */
export function startWords(): string[] {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const words = (scripts.start ?? '').split(/\s+/).filter(Boolean);
  const node = words.findIndex((word) => !ENV_WORD.test(word));
  const entry = words.indexOf(SITE_ENTRY);
  if (words[node] !== 'node' || entry < node)
    throw new Error(`package.json's start does not run \`node … ${SITE_ENTRY}\`: ${words.join(' ')}`);
  return [...words.slice(0, node), ...words.slice(node + 1, entry)];
}

/** The node flags `npm start` gives the server before its entry. */
export const startFlags = (): string[] => splitStartWords(startWords()).flags;

/** The environment `npm start` sets for the server (on top of the caller's). */
export const startEnv = (): Record<string, string> => splitStartWords(startWords()).env;
