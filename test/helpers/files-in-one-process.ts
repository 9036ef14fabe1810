// The fast tier runs its files a few to a process (test/run.mjs): one process
// per file spent about 1.7 s of CPU loading tap, the server and React again for
// each of 168 files, more than the tests themselves took.
//
// Each file runs as one subtest named by its path, and is its `t`: the `tap`
// a test file imports resolves, for that file alone, to a module whose default
// export is the file's subtest. So whatever a file does with `t` at its top
// level (tests, timeouts, hooks, helpers such as forEachStore) stays with it,
// and the report still says which file. Helpers that import tap get tap's root.
import fs from 'node:fs';
import { registerHooks } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import tap from 'tap';
import { ROOT_DIR } from '../../src/server/paths.ts';

type FileTest = Parameters<Parameters<typeof tap.test>[0]>[0];

const testOfFile = new Map<string, FileTest>();
const STAND_IN = 'test-file-tap:';

/** The subtest of the test file at `url` (read by the stand-in module). */
export function fileTest(url: string): FileTest {
  const t = testOfFile.get(url);
  if (!t) throw new Error(`no subtest for ${url}`);
  return t;
}

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === 'tap' && context.parentURL && testOfFile.has(context.parentURL))
      return { url: `${STAND_IN}${context.parentURL}`, shortCircuit: true };
    return nextResolve(specifier, context);
  },
  load(url, context, nextLoad) {
    if (!url.startsWith(STAND_IN)) return nextLoad(url, context);
    const source = `import { fileTest } from ${JSON.stringify(import.meta.url)};\nexport default fileTest(${JSON.stringify(url.slice(STAND_IN.length))});\n`;
    return { format: 'module', source, shortCircuit: true };
  },
});

/**
 * Runs test files in this process one after another, each taken from `queue`
 * (a folder of files each naming one test file, as test/run.mjs writes it)
 * by renaming it away: the processes sharing a queue each take the next file
 * when done with their last, so they finish together, whatever each file costs.
 * A file has the time a process of its own would have (.taprc's timeout).
 */
export async function runQueuedFiles(queue: string): Promise<void> {
  for (let file = takeNext(queue); file; file = takeNext(queue))
    await tap.test(path.relative(ROOT_DIR, file), { timeout: 300_000 }, async (t) => {
      const url = pathToFileURL(file).href;
      testOfFile.set(url, t);
      await import(url);
    });
}

function takeNext(queue: string): string | undefined {
  const taken = `${queue}-taken`;
  fs.mkdirSync(taken, { recursive: true });
  for (const entry of fs.readdirSync(queue).sort()) {
    try {
      fs.renameSync(path.join(queue, entry), path.join(taken, entry));
    } catch {
      continue; // another process took it first
    }
    return fs.readFileSync(path.join(taken, entry), 'utf8');
  }
  return undefined;
}
