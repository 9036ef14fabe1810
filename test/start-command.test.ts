// The server's production start, written twice: `npm start` (package.json) and
// the image's CMD (Dockerfile). Both give node the same flags, among them the
// bound on V8's semi-spaces that keeps a busy server's memory down
// (docs/decisions/bounded-young-generation.md).
import t from 'tap';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT_DIR } from '../src/server/paths.ts';
import { SITE_ENTRY, startFlags } from './helpers/start-flags.ts';

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

t.test('npm start and the image start the server with the same node flags', async (t) => {
  t.same(imageFlags(), startFlags());
});

t.test("the server's semi-spaces are bounded", async (t) => {
  const flags = startFlags();
  t.ok(
    flags.some((flag) => /^--max-semi-space-size=\d+$/.test(flag)),
    `npm start's flags: ${flags.join(' ') || 'none'}`,
  );
});
