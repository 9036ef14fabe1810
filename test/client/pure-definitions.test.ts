// The shared modules' superstruct definitions leave the browser bundle when
// nothing there uses them (src/client/pure-definitions.mjs), and superstruct is
// in no chunk the search and property pages load before interaction (issue 12).
import path from 'node:path';
import t from 'tap';
import { build } from 'esbuild';
import { clientOptions } from '../../build.mjs';
import { hasDefinitions, isShared, pureDefinitions } from '../../src/client/pure-definitions.mjs';
import { tempDir } from '../helpers/app.ts';
import { outputOf, staticClosure } from '../helpers/chunks.ts';

const MODULE = `import { object, string } from 'superstruct';
export const LIMIT = 5;
export const Name = object({ name: string() });
export const Email = Name.schema.name;
const stages = ['a', 'b'] as const;
export function check(): number { return LIMIT; }
`;

t.test('which modules are rewritten: shared ones that import superstruct', async (t) => {
  t.ok(hasDefinitions('src/shared/leads.ts', MODULE));
  t.notOk(hasDefinitions('src/shared/format.ts', "import { t } from './i18n.ts';\nexport const A = 1;\n"), 'no superstruct');
  t.notOk(hasDefinitions('src/client/pages/profile.tsx', MODULE), 'not a shared module');
  t.notOk(hasDefinitions('src/shared/search-url.ts', "import type { Infer } from 'superstruct';\n"), 'a type import only');
  t.ok(isShared('src/shared/leads.ts'), 'the build reads a shared module to decide');
  t.notOk(isShared('src/client/pages/profile.tsx'), 'and no other: known from the path alone');
});

t.test('each top-level const but a literal is a call marked pure, the rest as it was', async (t) => {
  const out = pureDefinitions(MODULE);
  t.match(out, 'export const LIMIT = 5;', 'a literal stays');
  t.match(out, 'export const Name = /* @__PURE__ */ (() => (object({ name: string() })))();');
  t.match(out, 'export const Email = /* @__PURE__ */ (() => (Name.schema.name))();', 'a property read too');
  t.match(out, "const stages = /* @__PURE__ */ (() => (['a', 'b'] as const))();");
  t.match(out, 'export function check(): number { return LIMIT; }', 'functions untouched');
});

t.test('esbuild drops what nothing uses, superstruct with it, and keeps what is used', async (t) => {
  const bundle = async (entry: string) => {
    const result = await build({
      stdin: { contents: entry, resolveDir: process.cwd(), loader: 'ts' },
      bundle: true,
      write: false,
      minify: true,
      format: 'esm',
      plugins: [
        {
          name: 'module',
          setup(b) {
            b.onResolve({ filter: /^virtual-module$/ }, () => ({ path: 'module.ts', namespace: 'm' }));
            b.onLoad({ filter: /.*/, namespace: 'm' }, () => ({
              contents: pureDefinitions(MODULE),
              loader: 'ts',
              resolveDir: process.cwd(),
            }));
          },
        },
      ],
    });
    return result.outputFiles[0]!.text;
  };
  const constant = await bundle("import { LIMIT } from 'virtual-module'; console.log(LIMIT);");
  t.notMatch(constant, 'Expected an object', 'a constant alone brings no superstruct');
  const struct = await bundle("import { Email } from 'virtual-module'; console.log(Email);");
  t.match(struct, 'Expected an object', 'a struct used brings it');
});

t.test('on the real build: no superstruct on the search and property pages before interaction, no unused struct anywhere', async (t) => {
  const options = clientOptions(tempDir(t));
  const result = await build({ ...options, write: false, logLevel: 'silent' });
  const outputs = result.metafile!.outputs;
  const entry = staticClosure(outputs, outputOf(outputs, 'src/client/entry.tsx'));
  for (const page of ['search', 'for-sale']) {
    const loaded = [...staticClosure(outputs, outputOf(outputs, `src/client/pages/${page}.tsx`), new Set(entry))];
    const inputs = loaded.flatMap((f) => Object.keys(outputs[f]!.inputs));
    t.same(
      inputs.filter((i) => i.includes('superstruct')),
      [],
      `${page}: no superstruct in its first load`,
    );
  }
  const lazy = Object.values(outputs).some((o) => Object.keys(o.inputs).some((i) => i.includes('superstruct')));
  t.ok(lazy, 'superstruct is still in the build, for the forms when used');

  // What the rewriting buys: a page that loads superstruct for its own form carries none of the
  // structs it does not use (catalogue.ts's BBox, which names itself 'BBox', comes with the page's imports).
  const login = [...staticClosure(outputs, outputOf(outputs, 'src/client/pages/client-login.tsx'))];
  t.ok(
    login.some((f) => Object.keys(outputs[f]!.inputs).some((i) => i.includes('superstruct'))),
    'the client login page loads superstruct, for its form',
  );
  const code = result.outputFiles
    .filter((o) => login.includes(path.relative(process.cwd(), o.path)))
    .map((o) => o.text)
    .join('\n');
  t.ok(code.length > 0, "the login page's code read");
  t.notOk(code.includes('"BBox"'), "but not the search's structs, which it never uses");
});
