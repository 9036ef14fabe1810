// Every JavaScript file of the browser build asks V8 to compile it on a
// background thread while it streams (docs/decisions/compile-hints.md): read
// from the build the tests run against.
import fs from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { DIST_DIR } from '../../src/server/paths.ts';

t.test("each browser chunk starts with Chrome's compile hint", async (t) => {
  const assets = path.join(DIST_DIR, 'client', 'assets');
  const scripts = fs.readdirSync(assets).filter((name) => name.endsWith('.js'));
  t.ok(scripts.length > 10, `${scripts.length} scripts in the build`);
  const without = scripts.filter((name) => !fs.readFileSync(path.join(assets, name), 'utf8').startsWith('//# allFunctionsCalledOnLoad\n'));
  t.same(without, [], 'none without the hint on its first line');
});
