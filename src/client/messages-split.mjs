// Per-page locale sections for the browser bundle (issue 12). The entry chunk
// carries en.json (less the server-only strings, messages-build.mjs) less the
// sections that only page modules name; each page module brings the sections
// its own code names (build.mjs prepends an import that hands them to
// shared/i18n.ts's addMessages before the page's code runs). A section is a
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

/** Every source reachable from `start` through any import, not entering another page module. */
function reachable(inputs, start) {
  const seen = new Set();
  const walk = (file) => {
    if (seen.has(file) || !inputs[file]) return;
    seen.add(file);
    for (const imp of inputs[file].imports) if (!imp.external && (imp.path === start || !PAGE.test(imp.path))) walk(imp.path);
  };
  walk(start);
  return [...seen].filter((file) => SOURCE.test(file));
}

/**
 * From an esbuild metafile's inputs and the full en.json: `core`, the browser's
 * locale for the entry, and `pages`, page name → the subtree its module adds.
 * `read(file)` reads a source (path relative to the project's root);
 * `entryModules`, modules build.mjs has the entry import beside its own (common-chunk.mjs).
 */
export function splitMessages(inputs, messages, read, entryModules = []) {
  const client = clientMessages(messages);
  const sectionsOf = (files) => new Set(files.flatMap((file) => namedKeys(read(file), client).map(({ key }) => sectionOf(key))));
  const core = [...sectionsOf(['src/client/entry.tsx', ...entryModules].flatMap((file) => reachable(inputs, file)))];
  const pageSections = Object.fromEntries(
    Object.keys(inputs)
      .filter((file) => PAGE.test(file))
      .map((file) => [
        file.slice('src/client/pages/'.length, -'.tsx'.length),
        [...sectionsOf(reachable(inputs, file))].filter((s) => !core.some((c) => overlaps(c, s))),
      ]),
  );
  const moved = [...new Set(Object.values(pageSections).flat())];
  const pages = {};
  for (const [page, sections] of Object.entries(pageSections)) {
    if (sections.length === 0) continue;
    pages[page] = {};
    // A section inside another of the page's is in it already.
    for (const section of sections.filter((s) => !sections.some((o) => o !== s && s.startsWith(`${o}.`)))) {
      const parts = section.split('.');
      let node = pages[page];
      for (const part of parts.slice(0, -1)) node = node[part] ??= {};
      node[parts.at(-1)] = lookup(client, section);
    }
  }
  return { core: clientMessages(client, moved), pages, moved };
}
