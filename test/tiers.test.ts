// The two tiers (test/run.mjs): a test file named *.e2e.test.ts may start a
// browser or a child process; every other test file is in the fast tier and
// may not, directly or through anything it imports (test helpers, src/). Here:
// no fast-tier file reaches the modules that do, so `npm run test:fast` stays
// fast and needs no Chromium.
import t from 'tap';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT_DIR } from '../src/server/paths.ts';

/** What only the e2e tier may use: a browser, a child process. */
const E2E_ONLY = new Set(['node:child_process', 'child_process', 'puppeteer-core', 'puppeteer', 'lighthouse']);

const IMPORT = /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;(])import\s*\(?\s*['"]([^'"]+)['"]/g;

function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)].map((m) => (m[1] ?? m[2])!);
}

/**
 * The first chain of imports from `file` to a module only the e2e tier may use,
 * following the project's own files (relative imports), or undefined.
 */
function pathToE2eOnly(file: string, seen = new Set<string>()): string[] | undefined {
  if (seen.has(file)) return undefined;
  seen.add(file);
  for (const name of importsOf(file)) {
    if (E2E_ONLY.has(name)) return [name];
    if (!name.startsWith('.')) continue;
    const target = path.resolve(path.dirname(file), name);
    if (!fs.existsSync(target) || !/\.(ts|tsx|mjs|js)$/.test(target)) continue;
    const rest = pathToE2eOnly(target, seen);
    if (rest) return [path.relative(ROOT_DIR, target), ...rest];
  }
  return undefined;
}

const testFiles = fs
  .globSync('test/**/*.test.{ts,tsx}', { cwd: ROOT_DIR })
  .filter((f) => !f.includes('/fixtures/'))
  .sort();
const fast = testFiles.filter((f) => !f.endsWith('.e2e.test.ts'));

t.test('no fast-tier test starts a browser or a child process', async (t) => {
  t.ok(fast.length > 100 && fast.length < testFiles.length, `${fast.length} of ${testFiles.length} test files are fast`);
  for (const file of fast) {
    const chain = pathToE2eOnly(path.join(ROOT_DIR, file));
    t.notOk(chain, `${file}${chain ? ` reaches ${chain.join(' → ')}: name it *.e2e.test.ts, or use helpers that start nothing` : ''}`);
  }
});

t.test('the check sees an import of a browser or a process, direct or through a helper', async (t) => {
  t.same(pathToE2eOnly(path.join(ROOT_DIR, 'test/helpers/site-process.ts')), ['test/helpers/processes.ts', 'node:child_process']);
  t.same(pathToE2eOnly(path.join(ROOT_DIR, 'test/helpers/browser.ts')), ['puppeteer-core']);
  t.same(pathToE2eOnly(path.join(ROOT_DIR, 'test/helpers/wait.ts')), undefined, 'waiting starts nothing');
});
