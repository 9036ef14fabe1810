// Per-page locale sections (src/client/messages-split.mjs, applied by build.mjs):
// on the real client build, every key a client source names is there when
// that source runs (in the entry's strings or in the sections of every page
// whose code reaches it), and the entry's chunks hold none of the sections
// only pages show, which their own page chunks do.
import fs from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { build, type Metafile } from 'esbuild';
import { analyseClient, clientOptions, root } from '../../build.mjs';
import { clientMessages } from '../../src/client/messages-build.mjs';
import { lookup, namedKeys } from '../../src/client/messages-split.mjs';
import { tempDir } from '../helpers/app.ts';
import { sample, strings } from '../helpers/locale-strings.ts';

const en = JSON.parse(fs.readFileSync(path.join(root, 'locales/en.json'), 'utf8')) as Record<string, unknown>;
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const isPage = (file: string) => /^src\/client\/pages\/[^/]+\.tsx$/.test(file);

/** The entry points (entry.tsx, a page module) whose code reaches `file` without going through another page module. */
function reachers(inputs: Metafile['inputs'], file: string): string[] {
  const importers = new Map<string, string[]>();
  for (const [from, input] of Object.entries(inputs))
    for (const imp of input.imports) importers.set(imp.path, [...(importers.get(imp.path) ?? []), from]);
  const found = new Set<string>();
  const seen = new Set<string>();
  const up = (f: string) => {
    if (seen.has(f)) return;
    seen.add(f);
    if (f === 'src/client/entry.tsx' || isPage(f)) found.add(f);
    else for (const from of importers.get(f) ?? []) up(from);
  };
  up(file);
  return [...found];
}

t.test('every key a client source names is there when it runs; page-only sections are out of the entry', async (t) => {
  const out = tempDir(t);
  const options = clientOptions(out);
  const result = await build({ ...options, write: false, logLevel: 'silent' });
  const { inputs, outputs } = result.metafile!;
  const client = clientMessages(en);
  // What the build used (build.mjs reads the same graph first).
  const { core, pages, moved } = (await analyseClient(options.entryPoints as string[], options.outdir!)).split;
  t.ok(moved.length > 10, `sections moved to pages (${moved.length})`);

  const missing: string[] = [];
  let checked = 0;
  for (const file of Object.keys(inputs).filter((f) => /^src\/.*\.tsx?$/.test(f))) {
    for (const { key } of namedKeys(read(file), client)) {
      for (const reacher of reachers(inputs, file)) {
        checked++;
        const page = isPage(reacher) ? path.basename(reacher, '.tsx') : undefined;
        const has = lookup(core, key) !== undefined || (page !== undefined && lookup(pages[page], key) !== undefined);
        if (!has) missing.push(`${file} (from ${reacher}): ${key}`);
      }
    }
  }
  t.ok(checked > 300, `keys checked (${checked})`);
  t.same(missing, [], 'every one is in the entry’s strings or its page’s sections');

  // The built code: the entry and what it imports statically, and each page's chunk.
  const code = (file: string) => result.outputFiles!.find((f) => f.path === path.join(root, file))!.text;
  const closure = (file: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(file)) return seen;
    seen.add(file);
    for (const imp of outputs[file]!.imports) if (imp.kind === 'import-statement') closure(imp.path, seen);
    return seen;
  };
  const outputOf = (entry: string) => Object.keys(outputs).find((f) => outputs[f]!.entryPoint === entry && f.endsWith('.js'))!;
  const entryCode = [...closure(outputOf('src/client/entry.tsx'))].map(code).join('\n');
  for (const [page, sections] of Object.entries(pages)) {
    const pageCode = [...closure(outputOf(`src/client/pages/${page}.tsx`))].map(code).join('\n');
    const absent = strings(sections)
      .map(sample)
      .filter((s) => s !== undefined && !pageCode.includes(s));
    t.same(absent, [], `${page}'s chunks hold its sections`);
  }
  for (const section of ['living.topics', 'franchise.package', 'broker.services', 'living.coasts', 'property.history']) {
    t.ok(moved.includes(section), `${section} is a page's section`);
    t.equal(lookup(core, section), undefined, `${section} is not in the entry's strings`);
    for (const s of strings(lookup(client, section))
      .map(sample)
      .filter((w) => w !== undefined))
      t.notOk(entryCode.includes(s), `the entry's chunks lack ${section}'s “${s}”`);
  }
});
