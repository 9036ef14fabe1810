// The fast tier's processes (test/run.mjs, test/helpers/files-in-one-process.ts):
// two processes share one queue of test files; each file runs once, in one of
// them, as a subtest named by its path that is the file's own `t`.
import t from 'tap';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { tempDir } from './helpers/app.ts';
import { ROOT_DIR } from '../src/server/paths.ts';

const FIXTURES = ['first', 'second', 'third'].map((n) => path.join(ROOT_DIR, `test/fixtures/one-process/${n}.test.ts`));
const IMPORTS = ['--import=./test/helpers/typescript-imports.mjs', '--import=./test/helpers/asset-imports.mjs'];

t.test('each queued file runs once, in one of the processes, as its own subtest', async (t) => {
  const dir = tempDir(t, 'one-process-');
  const queue = path.join(dir, 'queue');
  fs.mkdirSync(queue);
  FIXTURES.forEach((file, i) => fs.writeFileSync(path.join(queue, String(i)), file));
  const runner = pathToFileURL(path.join(ROOT_DIR, 'test/helpers/files-in-one-process.ts')).href;
  const part = path.join(dir, 'part.test.mjs');
  fs.writeFileSync(part, `import { runQueuedFiles } from ${JSON.stringify(runner)};\nawait runQueuedFiles(${JSON.stringify(queue)});\n`);

  const run = () => promisify(execFile)(process.execPath, [...IMPORTS, part], { cwd: ROOT_DIR, env: { ...process.env, NODE_ENV: 'test' } });
  const outputs = (await Promise.all([run(), run()])).map((r) => r.stdout);
  const all = outputs.join('\n');
  for (const file of FIXTURES) {
    const name = path.relative(ROOT_DIR, file);
    t.equal(all.split(`\nok `).filter((line) => line.includes(` - ${name} #`)).length, 1, `${name} ran once, as a subtest of its own`);
    t.match(all, new RegExp(`# teardown of ${path.basename(name, '.test.ts')}`), 'its top-level teardown ran');
  }
  t.notMatch(all, /not ok/, 'every file saw its own t');
  t.same(fs.readdirSync(queue), [], 'the queue is empty');
});
