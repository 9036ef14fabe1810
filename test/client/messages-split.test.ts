// Per-page locale sections (src/client/messages-split.mjs, applied by build.mjs):
// on the real client build, every key a client source names is there when
// that source runs (in the entry's strings or in the sections of every lazily
// loaded module, a page module or the cookie dialog, whose code reaches it),
// and the entry's chunks hold none of the sections only pages show, which
// their own chunks do.
import fs from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { build, type Metafile } from 'esbuild';
import { analyseClient, clientOptions, root } from '../../build.mjs';
import { clientMessages } from '../../src/client/messages-build.mjs';
import { lazyRoots, lookup, namedKeys } from '../../src/client/messages-split.mjs';
import { tempDir } from '../helpers/app.ts';
import { sample, strings } from '../helpers/locale-strings.ts';
import { outputOf as entryOutput, staticClosure } from '../helpers/chunks.ts';

const en = JSON.parse(fs.readFileSync(path.join(root, 'locales/en.json'), 'utf8')) as Record<string, unknown>;
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

/** The modules (entry.tsx, a lazily loaded one) whose code reaches `file` without going through another lazily loaded one. */
function reachers(inputs: Metafile['inputs'], roots: Set<string>, file: string): string[] {
  const importers = new Map<string, string[]>();
  for (const [from, input] of Object.entries(inputs))
    for (const imp of input.imports) importers.set(imp.path, [...(importers.get(imp.path) ?? []), from]);
  const found = new Set<string>();
  const seen = new Set<string>();
  const up = (f: string) => {
    if (seen.has(f)) return;
    seen.add(f);
    if (f === 'src/client/entry.tsx' || roots.has(f)) found.add(f);
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
  const { core, lazy, moved } = (await analyseClient(options.entryPoints as string[], options.outdir!)).split;
  t.ok(moved.length > 10, `sections moved out of the entry (${moved.length})`);
  t.ok(lazy['src/client/components/consent/CookieDialog.tsx'], 'the cookie dialog brings its own');
  const roots = lazyRoots(inputs);

  const missing: string[] = [];
  let checked = 0;
  for (const file of Object.keys(inputs).filter((f) => /^src\/.*\.tsx?$/.test(f))) {
    for (const { key } of namedKeys(read(file), client)) {
      for (const reacher of reachers(inputs, roots, file)) {
        checked++;
        const has = lookup(core, key) !== undefined || lookup(lazy[reacher], key) !== undefined;
        if (!has) missing.push(`${file} (from ${reacher}): ${key}`);
      }
    }
  }
  t.ok(checked > 300, `keys checked (${checked})`);
  t.same(missing, [], 'every one is in the entry’s strings or its lazily loaded module’s sections');

  // The built code: the entry and what it imports statically, and each lazily loaded module's chunk.
  const code = (file: string) => result.outputFiles!.find((f) => f.path === path.join(root, file))!.text;
  const closure = (file: string) => staticClosure(outputs, file);
  const outputOf = (entry: string) => entryOutput(outputs, entry);
  const entryCode = [...closure(outputOf('src/client/entry.tsx'))].map(code).join('\n');
  for (const [file, sections] of Object.entries(lazy)) {
    const ownCode = [...closure(outputOf(file))].map(code).join('\n');
    const absent = strings(sections)
      .map(sample)
      .filter((s) => s !== undefined && !ownCode.includes(s));
    t.same(absent, [], `${file}'s chunks hold its sections`);
  }
  for (const section of [
    'living.topics',
    'franchise.package',
    'broker.services',
    'living.coasts',
    'property.history',
    'consent.necessaryDescription',
  ]) {
    t.ok(moved.includes(section), `${section} loads with the module that shows it`);
    t.equal(lookup(core, section), undefined, `${section} is not in the entry's strings`);
    for (const s of strings(lookup(client, section))
      .map(sample)
      .filter((w) => w !== undefined))
      t.notOk(entryCode.includes(s), `the entry's chunks lack ${section}'s “${s}”`);
  }
});
