// The browser's locale strings (src/client/messages-build.mjs, applied by
// build.mjs): every key the browser bundle's code names is still there, the
// server-only ones are gone from the built bundle, and the guides keep what
// their cards show. The bundle's sources are esbuild's own list (its metafile),
// so a file the browser never loads may name any key.
import fs from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { build } from 'esbuild';
import { clientOptions, root } from '../../build.mjs';
import { SERVER_ONLY_MESSAGES, clientMessages } from '../../src/client/messages-build.mjs';
import { lookup } from '../../src/shared/i18n.ts';
import { namedKeys } from '../../src/client/messages-split.mjs';
import { tempDir } from '../helpers/app.ts';
import { sample, strings } from '../helpers/locale-strings.ts';

const en = JSON.parse(fs.readFileSync(path.join(root, 'locales/en.json'), 'utf8')) as Record<string, unknown>;
const kept = clientMessages(en);

/** Every path `pattern` (with `*` for any key or item) names in `node`. */
function expand(node: unknown, pattern: string[], prefix: string[] = []): string[] {
  if (pattern.length === 0) return [prefix.join('.')];
  if (node === null || typeof node !== 'object') return [];
  const [head, ...rest] = pattern;
  const keys = head === '*' ? Object.keys(node) : [head!];
  return keys.filter((k) => k in node).flatMap((k) => expand((node as Record<string, unknown>)[k], rest, [...prefix, k]));
}

t.test('the browser bundle keeps every key its code names and none of the server-only ones', async (t) => {
  const out = tempDir(t);
  const result = await build({ ...clientOptions(out), write: false, logLevel: 'silent' });
  const sources = Object.keys(result.metafile!.inputs).filter((f) => /^src\/.*\.tsx?$/.test(f));
  t.ok(sources.includes('src/client/entry.tsx') && sources.length > 50, `the bundle's sources (${sources.length})`);

  const missing: string[] = [];
  let named = 0;
  for (const file of sources) {
    const code = fs.readFileSync(path.join(root, file), 'utf8');
    for (const { key, stem } of namedKeys(code, en)) {
      named++;
      // A key made at run time (`categories.${key}`): everything under its stem stays.
      if (stem ? JSON.stringify(lookup(kept, key)) !== JSON.stringify(lookup(en, key)) : lookup(kept, key) === undefined)
        missing.push(`${file}: ${key}${stem ? '.*' : ''}`);
    }
  }
  t.ok(named > 300, `keys named by the bundle's code (${named})`);
  t.same(missing, [], 'every one is in the browser’s locale strings');

  const code = result
    .outputFiles!.filter((f) => f.path.endsWith('.js'))
    .map((f) => f.text)
    .join('\n');
  for (const pattern of SERVER_ONLY_MESSAGES) {
    const paths = expand(en, pattern.split('.'));
    t.ok(paths.length > 0, `${pattern} names something in en.json`);
    for (const p of paths) {
      t.equal(lookup(kept, p), undefined, `${p} is cut`);
      const leaked = strings(lookup(en, p)).filter((s) => {
        const words = sample(s);
        return words !== undefined && code.includes(words);
      });
      t.same(leaked, [], `no string of ${p} in the built bundle`);
    }
  }
});

t.test('the guides keep what their cards show', async (t) => {
  const guides = lookup(kept, 'demo.pages') as Array<Record<string, unknown>>;
  t.ok(guides.length > 0);
  for (const guide of guides) {
    t.same(Object.keys(guide).sort(), ['slug', 'summary', 'title'], `${String(guide.slug)}: slug, title and summary, no body`);
  }
});
