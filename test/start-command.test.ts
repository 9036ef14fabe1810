// The server's production start, written twice: `npm start` (package.json) and
// the image (its ENV and CMD). Both give the server the same environment and node
// the same flags: the size of V8's semi-spaces
// (docs/decisions/bounded-young-generation.md) and the bound on glibc's malloc
// arenas (docs/decisions/one-malloc-arena.md) that keep a busy server's
// memory down.
import t from 'tap';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT_DIR } from '../src/server/paths.ts';
import { SITE_ENTRY, startEnv, startFlags } from './helpers/start-flags.ts';

/** The flags of the image's `CMD ["node", <flags>, "dist/server/main.js"]`. */
function imageFlags(): string[] {
  const dockerfile = fs.readFileSync(path.join(ROOT_DIR, 'Dockerfile'), 'utf8');
  const cmd = /^CMD (\[.*\])\s*$/m.exec(dockerfile)?.[1];
  if (!cmd) throw new Error('the Dockerfile has no CMD in exec form');
  const words = JSON.parse(cmd) as string[];
  const entry = words.indexOf(SITE_ENTRY);
  if (words[0] !== 'node' || entry < 0) throw new Error(`the Dockerfile's CMD does not run \`node … ${SITE_ENTRY}\`: ${cmd}`);
  return words.slice(1, entry);
}

/** The image's `ENV NAME=value \` lines of its last stage, the one that runs. */
function imageEnv(): Record<string, string> {
  const dockerfile = fs.readFileSync(path.join(ROOT_DIR, 'Dockerfile'), 'utf8');
  const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
  const env: Record<string, string> = {};
  for (const [, block] of runtime.matchAll(/^ENV ((?:.*\\\n)*.*)$/gm))
    for (const [, name, value] of block!.matchAll(/([A-Z_][A-Z0-9_]*)=(\S+)/g)) env[name!] = value!;
  return env;
}

t.test('npm start and the image start the server with the same node flags', async (t) => {
  t.same(imageFlags(), startFlags());
});

t.test('the image sets the environment npm start sets', async (t) => {
  const image = imageEnv();
  for (const [name, value] of Object.entries(startEnv())) t.equal(image[name], value, name);
});

t.test("glibc's malloc arenas are bounded", async (t) => {
  t.match(startEnv(), { MALLOC_ARENA_MAX: /^\d+$/ });
});

t.test("the server's semi-spaces are bounded", async (t) => {
  const flags = startFlags();
  t.ok(
    flags.some((flag) => /^--max-semi-space-size=\d+$/.test(flag)),
    `npm start's flags: ${flags.join(' ') || 'none'}`,
  );
});
