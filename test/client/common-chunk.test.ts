// The modules most pages load come with the entry, in one chunk with React
// (src/client/common-chunk.mjs, applied by build.mjs), instead of a small
// file each: which modules, on a made-up graph, and where they land on the
// real build.
import path from 'node:path';
import t from 'tap';
import { build, type Metafile } from 'esbuild';
import { analyseClient, clientOptions } from '../../build.mjs';
import { SEARCH_GROUP, commonModules, groupRoots } from '../../src/client/common-chunk.mjs';
import { tempDir } from '../helpers/app.ts';
import { staticClosure } from '../helpers/chunks.ts';

type Inputs = Metafile['inputs'];

function graph(edges: Record<string, string[]>, dynamic: Record<string, string[]> = {}): Inputs {
  const inputs: Inputs = {};
  for (const file of new Set([
    ...Object.keys(edges),
    ...Object.values(edges).flat(),
    ...Object.keys(dynamic),
    ...Object.values(dynamic).flat(),
  ]))
    inputs[file] = {
      bytes: 1,
      imports: [
        ...(edges[file] ?? []).map((p) => ({ path: p, kind: 'import-statement' as const, original: p })),
        ...(dynamic[file] ?? []).map((p) => ({ path: p, kind: 'dynamic-import' as const, original: p })),
      ],
    };
  return inputs;
}

t.test('the modules at least a share of the pages import statically, through any depth', async (t) => {
  const inputs = graph(
    {
      'src/client/entry.tsx': ['src/client/App.tsx'],
      'src/client/pages/a.tsx': ['src/client/Card.tsx', 'src/client/Only-a.tsx'],
      'src/client/pages/b.tsx': ['src/client/Card.tsx'],
      'src/client/pages/c.tsx': ['src/client/Other.tsx'],
      'src/client/pages/d.tsx': ['src/client/pages/a.tsx', 'node_modules/lib/index.js'],
      'src/client/Card.tsx': ['src/client/format.ts', 'node_modules/lib/index.js'],
      'src/client/Other.tsx': ['node_modules/lib/index.js'],
    },
    {
      'src/client/pages/b.tsx': ['src/client/Lazy.tsx'],
      'src/client/pages/c.tsx': ['src/client/Lazy.tsx'],
      'src/client/pages/a.tsx': ['src/client/Lazy.tsx'],
    },
  );
  t.same(
    commonModules(inputs, 0.5),
    ['src/client/Card.tsx', 'src/client/format.ts'],
    'Card (2 of 4 pages) and what it imports; not what one page imports, a package, a dynamic import, nor through another page',
  );
});

t.test('on the real build, the common modules load with the entry, in chunks every page loads', async (t) => {
  const out = tempDir(t);
  const options = clientOptions(out);
  const { common } = await analyseClient(options.entryPoints as string[], options.outdir!);
  t.ok(common.length > 10, `common modules (${common.length})`);
  const result = await build({ ...options, write: false, logLevel: 'silent' });
  const outputs = result.metafile!.outputs;
  const closure = (file: string) => staticClosure(outputs, file);
  const chunks = new Set(common.flatMap((input) => Object.keys(outputs).filter((f) => f.endsWith('.js') && input in outputs[f]!.inputs)));
  t.ok(chunks.size <= common.length / 4, `in few chunks (${chunks.size})`);
  for (const [file, output] of Object.entries(outputs)) {
    if (!/^src\/client\/(entry|pages\/[^/]+)\.tsx$/.test(output.entryPoint ?? '') || !file.endsWith('.js')) continue;
    const loaded = closure(file);
    const missing = [...chunks].filter((c) => !loaded.has(c)).map((c) => path.basename(c));
    t.same(missing, [], `${output.entryPoint} loads them all at once`);
  }
});

// React preloads the entry's file at low priority (its bootstrap module), after the stylesheet and
// the hero picture; the pages' chunks are preloaded at normal priority. react-dom's client, the
// largest module by far, belongs in the entry's file (lib/roots.ts), not in a chunk that competes with the first paint.
t.test('on the real build, react-dom/client is in the entry’s own file and in no other', async (t) => {
  const out = tempDir(t);
  const options = clientOptions(out);
  const result = await build({ ...options, write: false, logLevel: 'silent' });
  const outputs = result.metafile!.outputs;
  const holding = Object.keys(outputs).filter(
    (f) => f.endsWith('.js') && Object.keys(outputs[f]!.inputs).some((i) => i.includes('react-dom-client')),
  );
  t.same(
    holding.map((f) => outputs[f]!.entryPoint ?? path.basename(f)),
    ['src/client/entry.tsx'],
    'only the entry holds it',
  );
});

t.test("a group's modules: imported by every module that reaches one of them", async (t) => {
  const inputs = graph({
    'src/client/pages/search.tsx': ['src/client/Form.tsx'],
    'src/client/pages/home.tsx': ['src/client/Card.tsx'],
    'src/client/pages/choice.tsx': ['src/shared/place.ts'],
    'src/client/Lazy.tsx': ['src/shared/grammar.ts'],
    'src/client/Form.tsx': ['src/shared/grammar.ts'],
    'src/shared/place.ts': ['src/shared/grammar.ts'],
  });
  const roots = new Set(['src/client/pages/search.tsx', 'src/client/pages/home.tsx', 'src/client/pages/choice.tsx', 'src/client/Lazy.tsx']);
  t.same(
    [...groupRoots(inputs, roots, ['src/shared/grammar.ts', 'src/shared/place.ts'])].sort(),
    ['src/client/Lazy.tsx', 'src/client/pages/choice.tsx', 'src/client/pages/search.tsx'],
    'through any depth; not the page that reaches none',
  );
});

t.test(
  "on the real build, the search addresses' grammar comes in one file, with the search page and not with the home's or a property's",
  async (t) => {
    const out = tempDir(t);
    const options = clientOptions(out);
    const result = await build({ ...options, write: false, logLevel: 'silent' });
    const outputs = result.metafile!.outputs;
    const holding = Object.keys(outputs).filter((f) => f.endsWith('.js') && SEARCH_GROUP.some((input) => input in outputs[f]!.inputs));
    t.equal(holding.length, 1, 'one file');
    const pageFile = (page: string) =>
      Object.keys(outputs).find((f) => outputs[f]!.entryPoint === `src/client/pages/${page}.tsx` && f.endsWith('.js'))!;
    t.ok(staticClosure(outputs, pageFile('search')).has(holding[0]!), 'the search page loads it at once');
    for (const page of ['home', 'for-sale']) t.notOk(staticClosure(outputs, pageFile(page)).has(holding[0]!), `${page} does not`);
  },
);
