// A part of en.json in another language, for that language's browser bundle
// (build.mjs): the English tree's shape with the language's strings at the
// same keys, so that a string the language's file lacks stays English. A
// plural message is the exception: it takes the language's own forms, which
// are not English's (Russian has one, few, many and other; Japanese only
// other), so that tp() picks the same form in the browser as on the server.

const PLURAL_CATEGORIES = new Set(['zero', 'one', 'two', 'few', 'many', 'other']);

/** A message with a form per plural category (shared/i18n.ts's tp()): an object of strings, `other` among them. */
export function isPluralMessage(node) {
  return (
    node !== null &&
    typeof node === 'object' &&
    !Array.isArray(node) &&
    typeof node.other === 'string' &&
    Object.entries(node).every(([key, value]) => PLURAL_CATEGORIES.has(key) && typeof value === 'string')
  );
}

/** `tree` (a part of en.json) with the strings of `strings` (another language's file) at the same keys. */
export function inLanguage(tree, strings) {
  if (typeof tree === 'string') return typeof strings === 'string' ? strings : tree;
  if (isPluralMessage(tree)) return isPluralMessage(strings) ? strings : tree;
  // Item by item: the cut of server-only parts (messages-build.mjs) reaches into lists.
  if (Array.isArray(tree)) return tree.map((item, i) => inLanguage(item, Array.isArray(strings) ? strings[i] : undefined));
  if (!tree || typeof tree !== 'object') return tree;
  const out = {};
  for (const [key, value] of Object.entries(tree))
    out[key] = inLanguage(value, strings && typeof strings === 'object' ? strings[key] : undefined);
  return out;
}
