// Per-page locale sections for the browser bundle (docs/decisions/locale-sections-per-module.md). The entry chunk
// carries en.json (less the server-only strings, messages-build.mjs) less the
// sections that only lazily loaded modules name (the page modules, the cookie
// dialog, the search's map view); each of those brings the sections its own
// code names (build.mjs prepends an import that hands them to shared/i18n.ts's
// addMessages before its code runs). A section is a
// key's first two parts (`home.features`), or a key made at run time's stem
// (`categories.${key}`: all of `categories`). A section some code of the entry
// names, and every key no client code names, stay in the entry: a key made in
// a way this cannot read is never missing. test/client/messages-split.test.ts
// checks it on the real build.
import { clientMessages } from './messages-build.mjs';

const PAGE = /^src\/client\/pages\/[^/]+\.tsx$/;
const SOURCE = /^src\/.*\.tsx?$/;

export function lookup(messages, key) {
  let node = messages;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = node[part];
  }
  return node;
}

/**
 * The keys of `messages` that `code` names: a whole key in quotes (t(), tList(),
 * a table of keys), or, `stem: true`, the stem of one made at run time
 * (`categories.${key}`), which needs all that is under it.
 */
export function namedKeys(code, messages) {
  const keys = [];
  for (const [, key] of code.matchAll(/['"`]([a-zA-Z]\w*(?:\.\w+)+)['"`]/g))
    if (lookup(messages, key) !== undefined) keys.push({ key, stem: false });
  for (const [, key] of code.matchAll(/`([a-zA-Z]\w*(?:\.\w+)*)\.\$\{/g))
    if (lookup(messages, key) !== undefined) keys.push({ key, stem: true });
  return keys;
}

const sectionOf = (key) => key.split('.').slice(0, 2).join('.');
const overlaps = (a, b) => a === b || a.startsWith(`${b}.`) || b.startsWith(`${a}.`);

/** The modules a chunk of their own loads on demand: the page modules and every other target of a dynamic import() among the sources. */
export function lazyRoots(inputs) {
  const roots = new Set(Object.keys(inputs).filter((file) => PAGE.test(file)));
  for (const input of Object.values(inputs))
    for (const imp of input.imports) if (imp.kind === 'dynamic-import' && SOURCE.test(imp.path)) roots.add(imp.path);
  return roots;
}

/** Every source reachable from `start` through any import, not entering another lazy root. */
function reachable(inputs, start, roots) {
  const seen = new Set();
  const walk = (file) => {
    if (seen.has(file) || !inputs[file]) return;
    seen.add(file);
    for (const imp of inputs[file].imports) if (!imp.external && (imp.path === start || !roots.has(imp.path))) walk(imp.path);
  };
  walk(start);
  return [...seen].filter((file) => SOURCE.test(file));
}

/**
 * From an esbuild metafile's inputs and the full en.json: `core`, the browser's
 * locale for the entry, and `lazy`, a lazily loaded module (a page module, the
 * cookie dialog, …) → the subtree it adds when it loads.
 * `read(file)` reads a source (path relative to the project's root);
 * `entryModules`, modules build.mjs has the entry import beside its own (common-chunk.mjs).
 */
export function splitMessages(inputs, messages, read, entryModules = []) {
  const client = clientMessages(messages);
  const roots = lazyRoots(inputs);
  const sectionsOf = (files) => new Set(files.flatMap((file) => namedKeys(read(file), client).map(({ key }) => sectionOf(key))));
  const core = [...sectionsOf(['src/client/entry.tsx', ...entryModules].flatMap((file) => reachable(inputs, file, roots)))];
  const rootSections = [...roots].map((file) => [
    file,
    [...sectionsOf(reachable(inputs, file, roots))].filter((s) => !core.some((c) => overlaps(c, s))),
  ]);
  const moved = [...new Set(rootSections.flatMap(([, sections]) => sections))];
  const lazy = {};
  for (const [file, sections] of rootSections) {
    if (sections.length === 0) continue;
    lazy[file] = {};
    // A section inside another of the module's is in it already.
    for (const section of sections.filter((s) => !sections.some((o) => o !== s && s.startsWith(`${o}.`)))) {
      const parts = section.split('.');
      let node = lazy[file];
      for (const part of parts.slice(0, -1)) node = node[part] ??= {};
      node[parts.at(-1)] = lookup(client, section);
    }
  }
  return { core: clientMessages(client, moved), lazy, moved };
}
