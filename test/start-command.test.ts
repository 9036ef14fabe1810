// The server's production start, written twice: `npm start` (package.json) and
// the image's CMD (Dockerfile). Both give node the same flags, among them the
// bound on V8's semi-spaces that keeps a busy server's memory down
// (docs/decisions/bounded-young-generation.md).
import t from 'tap';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT_DIR } from '../src/server/paths.ts';

const ENTRY = 'dist/server/main.js';

/** The words of a command `node <flags> dist/server/main.js`: its flags. */
function flagsOf(words: string[], where: string): string[] {
  const entry = words.indexOf(ENTRY);
  if (words[0] !== 'node' || entry < 0) throw new Error(`${where} does not run \`node … ${ENTRY}\`: ${words.join(' ')}`);
  return words.slice(1, entry);
}

function npmStartFlags(): string[] {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(ROOT_DIR, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  return flagsOf((scripts.start ?? '').split(/\s+/), "package.json's start");
}

function imageFlags(): string[] {
  const dockerfile = fs.readFileSync(path.join(ROOT_DIR, 'Dockerfile'), 'utf8');
  const cmd = /^CMD (\[.*\])\s*$/m.exec(dockerfile)?.[1];
  if (!cmd) throw new Error('the Dockerfile has no CMD in exec form');
  return flagsOf(JSON.parse(cmd) as string[], "the Dockerfile's CMD");
}

t.test('npm start and the image start the server with the same node flags', async (t) => {
  t.same(imageFlags(), npmStartFlags());
});

t.test("the server's semi-spaces are bounded", async (t) => {
  const flags = npmStartFlags();
  t.ok(
    flags.some((flag) => /^--max-semi-space-size=\d+$/.test(flag)),
    `npm start's flags: ${flags.join(' ') || 'none'}`,
  );
});
