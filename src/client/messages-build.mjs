// The locale strings the browser bundle gets: locales/en.json less
// what the browser never shows, cut by build.mjs when it bundles the client
// (the server and its render keep the whole file). Each path names a subtree;
// `*` stands for every item of a list or key of an object.
// test/client/messages-build.test.ts checks that every key the client's code
// names survives the cut and that these are gone.
export const SERVER_ONLY_MESSAGES = [
  // The guides' text is seeded into the store as content pages; the browser shows their titles and summaries only.
  'demo.pages.*.body',
  // The terms, seeded as a content page the same way.
  'accountUi.termsPage',
  // Mails, written by the server.
  'leadMail',
  'account.mail',
  'savedSearches.mail',
  'savedSearches.alert',
  'favoriteAlerts.mail',
  // The names of devices in the profile's list of sessions, written by the server.
  'account.devices',
  // The note offering another language, in that language: the server answers its words (/api/language-note).
  'languageNote',
  // Answers of the server to a malformed body or a form posted from elsewhere.
  'errors.body',
  'formPost.notForm',
  'formPost.crossOrigin',
];

function without(node, path) {
  if (node === null || typeof node !== 'object') return node;
  const [head, ...rest] = path;
  const copy = Array.isArray(node) ? [...node] : { ...node };
  for (const key of head === '*' ? Object.keys(copy) : [head]) {
    if (!(key in copy)) continue;
    if (rest.length === 0) {
      if (Array.isArray(copy)) copy[key] = undefined;
      else delete copy[key];
    } else copy[key] = without(copy[key], rest);
  }
  return copy;
}

/** `messages` (the parsed en.json) without the server-only subtrees. */
export function clientMessages(messages, serverOnly = SERVER_ONLY_MESSAGES) {
  return serverOnly.reduce((kept, path) => without(kept, path.split('.')), messages);
}
