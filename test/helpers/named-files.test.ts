// `node test/run.mjs fast -R tap` runs the fast tier with tap's reporter
// option: its value is not a file to run on its own.
import t from 'tap';
import path from 'node:path';
import { namedFiles } from './named-files.mjs';

const root = path.join(import.meta.dirname, '../..');

t.test('files and folders named on the command line, not the values of options', async (t) => {
  t.same(namedFiles(['-R', 'tap', '--grep', 'price history', '--bail'], root), [], "an option's value is no file");
  t.same(
    namedFiles(['test/tiers.test.ts', '-R', 'silent', 'test/server/seo'], root),
    ['test/tiers.test.ts', 'test/server/seo'],
    'a file and a folder',
  );
});
