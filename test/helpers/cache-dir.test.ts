// What the tests keep across runs (compiled TypeScript, store templates) is in
// the user's own cache folder, never under a fixed name in the shared /tmp,
// where another user could put code or a store there first.
import t from 'tap';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { TEST_CACHE_DIR } from './cache-dir.mjs';

t.test("the tests' cache is the user's, not the shared temporary folder's", async (t) => {
  t.notOk(TEST_CACHE_DIR.startsWith(os.tmpdir()), TEST_CACHE_DIR);
  t.ok(TEST_CACHE_DIR.startsWith(process.env.XDG_CACHE_HOME || os.homedir()), 'under the home or XDG_CACHE_HOME');
  for (const file of ['test/helpers/typescript-imports.mjs', 'test/helpers/store-templates.ts', 'test/run.mjs'])
    t.notMatch(
      fs.readFileSync(path.join(import.meta.dirname, '../..', file), 'utf8'),
      /os\.tmpdir\(\), 'newbuild/,
      `${file} keeps nothing at a fixed name in /tmp`,
    );
});
