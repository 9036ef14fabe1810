// The modules most pages load at once, loaded with the entry instead.
// esbuild puts a module shared by several entry points into a chunk of its
// own per set of entry points that reach it; with a page module per route,
// a page's first load came in some twenty small files, each compressed on
// its own (about 5 KiB gzip more than the same code in one file, search page).
// build.mjs has the entry and every page module import these, so that they
// share one set of entry points, and land in the few chunks every page loads
// with React. A page that needs none of them loads a few KiB it does not use;
// a page that needs them fetches fewer files.
const PAGE = /^src\/client\/pages\/[^/]+\.tsx$/;
// The project's code (packages come with it; esbuild would drop a bare import of one marked free of side effects).
const MODULE = /^src\/.*\.tsx?$/;

/** Every module `start` imports statically, through any depth, not entering another page module. */
function staticGraph(inputs, start) {
  const seen = new Set();
  const walk = (file) => {
    if (seen.has(file) || !inputs[file]) return;
    seen.add(file);
    for (const imp of inputs[file].imports)
      if (!imp.external && (imp.kind === 'import-statement' || imp.kind === 'require-call') && !PAGE.test(imp.path)) walk(imp.path);
  };
  walk(start);
  seen.delete(start);
  return seen;
}

/**
 * Common whatever their share: modules only some pages load at once, which would otherwise each
 * make a chunk of their own for the pages that do. The frame of the parts taken over on first use
 * (search and property pages), the client menu's loader and the disclosure (the entry and the
 * logged-in client's menu), the favorites, the labels and formats (the cards and the property
 * page's tables). Together they save the search and property pages 2.0 KiB gzip and 9 files
 * (docs/decisions/common-chunk.md); the home loads 0.4 KiB it does not use. The toasts and the
 * consent, which every page loads, stay in it whatever other pages import them (a page module
 * more, or a part of a page that reads the consent, split them into files of their own); so do the
 * language note's check (the layouts' and the languages page's) and the contact lines (the
 * header's menu and the footer, a part of its own).
 */
export const ALWAYS_COMMON = [
  'src/client/lib/island.tsx',
  'src/client/lib/client-menu.ts',
  'src/client/lib/useDisclosure.ts',
  'src/client/lib/favorites.ts',
  'src/shared/category-label.ts',
  'src/shared/format.ts',
  'src/client/components/toast/Toasts.tsx',
  'src/client/lib/consent.tsx',
  'src/client/lib/compare-list.ts',
  'src/client/components/CardActions.tsx',
  'src/client/components/ProjectCard.tsx',
  'src/shared/catalogue-terms.ts',
  'src/client/lib/language-offer.ts',
  'src/client/components/ContactLines.tsx',
];

/** The project's modules that at least `share` of the page modules load at once (import statically, through any depth); 0.6 measured best (docs/decisions/common-chunk.md). */
export function commonModules(inputs, share = 0.6) {
  const pages = Object.keys(inputs).filter((file) => PAGE.test(file));
  const counts = new Map();
  for (const page of pages) for (const file of staticGraph(inputs, page)) counts.set(file, (counts.get(file) ?? 0) + 1);
  return [...counts]
    .filter(([file, count]) => count >= pages.length * share && MODULE.test(file))
    .map(([file]) => file)
    .sort();
}

/**
 * The search addresses' grammar and what is made of it: only the pages and parts that show or make
 * a search load them (routes.ts, provideSearchReads). Imported by several of them, esbuild would
 * give each set of importers a file of its own; every module that reaches one of them imports all
 * of them instead (build.mjs), so that they come in one file.
 */
export const SEARCH_GROUP = [
  'src/shared/search-url.ts',
  'src/shared/saved-search-path.ts',
  'src/shared/search-reads.ts',
  'src/client/components/search/ResultCards.tsx',
  'src/shared/features.ts',
];

/** The modules of `roots` (each loaded as a file of its own) that import one of `group`, through any depth. */
export function groupRoots(inputs, roots, group) {
  const wanted = new Set(group);
  return new Set([...roots].filter((root) => !wanted.has(root) && [...staticGraph(inputs, root)].some((file) => wanted.has(file))));
}
