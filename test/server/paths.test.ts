// The server's own files are found from source and, compiled, from dist/
// (test/build.e2e.test.ts runs that). Here: every file the server reads beside its
// code goes through paths.ts, since an address relative to import.meta.url
// points into the bundle once compiled.
import fs from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { ROOT_DIR, serverFile } from '../../src/server/paths.ts';

t.test('from source, serverFile is the file under src/server', async (t) => {
  t.ok(fs.existsSync(serverFile('demo/demo-feed.xml')));
  t.ok(fs.existsSync(serverFile('demo/logos')));
  t.equal(serverFile('demo/logos'), path.join(ROOT_DIR, 'src/server/demo/logos'));
});

t.test('no server module builds a file path from its own address but paths.ts', async (t) => {
  const serverDir = path.join(ROOT_DIR, 'src/server');
  const offenders = fs
    .readdirSync(serverDir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && f !== 'paths.ts')
    .filter((f) =>
      fs
        .readFileSync(path.join(serverDir, f), 'utf8')
        // Resolving a package (createRequire) works from a bundle too: node_modules is beside dist/.
        .replaceAll('createRequire(import.meta.url)', '')
        .match(/import\.meta\.(url|dirname|filename)|__dirname|__filename/),
    );
  t.same(offenders, [], 'read data files with serverFile() (src/server/paths.ts)');
});
