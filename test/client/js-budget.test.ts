// The JavaScript budget (DESIGN §10): what the home, search and property pages
// load before interaction (the entry, the page's module and every chunk either
// imports statically, as bench/sizes.ts counts it, and the code of the parts
// that load theirs as soon as the page has hydrated, with what it imports), gzip at zlib's default
// level, on the real client build, in every language (issue 24: each is a
// build of its own, with its strings). Byte counts are deterministic, so the
// budget can be asserted.
import path from 'node:path';
import zlib from 'node:zlib';
import t from 'tap';
import { build } from 'esbuild';
import { JS_BUDGET } from '../../bench/budgets.ts';
import { LANGUAGES, analyseClient, clientOptions } from '../../build.mjs';
import { tempDir } from '../helpers/app.ts';
import { LANGUAGES as SITE_LANGUAGES } from '../../src/shared/languages.ts';
import { eagerIslands, modulesIn, outputOf, staticClosure } from '../helpers/chunks.ts';

const PAGES = { home: 'home', search: 'search', property: 'for-sale' } as const;

t.test("the build makes a bundle for each of the site's languages, no other", async (t) => {
  // build.mjs cannot import TypeScript: its list is a copy of shared/languages.ts's, held to it here.
  t.same(LANGUAGES, [...SITE_LANGUAGES]);
});

t.test('the home, search and property pages load no more JavaScript before interaction than their budget, in every language', async (t) => {
  const dir = tempDir(t);
  const base = clientOptions(dir);
  const plan = analyseClient(base.entryPoints as string[], base.outdir!);
  for (const language of LANGUAGES) {
    const result = await build({ ...clientOptions(dir, language, plan), write: false, logLevel: 'silent' });
    const outputs = result.metafile.outputs;
    const gzip = new Map(result.outputFiles.map((f) => [path.relative(process.cwd(), f.path), zlib.gzipSync(f.contents).length]));
    const entry = staticClosure(outputs, outputOf(outputs, 'src/client/entry.tsx'));
    for (const [name, page] of Object.entries(PAGES) as Array<[keyof typeof PAGES, string]>) {
      const loaded = staticClosure(outputs, outputOf(outputs, `src/client/pages/${page}.tsx`), new Set(entry));
      for (const part of eagerIslands(modulesIn(outputs, loaded))) staticClosure(outputs, outputOf(outputs, part), loaded);
      const bytes = [...loaded].reduce((sum, file) => sum + gzip.get(file)!, 0);
      t.ok(
        bytes <= JS_BUDGET[name],
        `${language} ${name}: ${(bytes / 1024).toFixed(1)} KiB gzip in ${loaded.size} files ≤ ${JS_BUDGET[name] / 1024} KiB`,
      );
    }
  }
});

t.test('the parts loaded as soon as a page has hydrated are found and counted', async (t) => {
  const result = await build({ ...clientOptions(tempDir(t)), write: false, logLevel: 'silent' });
  const outputs = result.metafile.outputs;
  const property = staticClosure(outputs, outputOf(outputs, 'src/client/pages/for-sale.tsx'));
  const eager = eagerIslands(modulesIn(outputs, property));
  t.ok(eager.includes('src/client/components/share/ShareLinks.tsx'), 'the share links, on every property page');
  for (const part of eager) t.ok(outputOf(outputs, part), `${part} is a chunk of its own, counted with what it imports`);
  t.notOk(eager.includes('src/client/components/property/SimilarProjects.tsx'), 'not a part loaded on use');
});
