// Parts no page needs before the visitor interacts stay out of every page's
// first load (issue 12): on the real client build, none of the entry's or a
// page module's outputs, nor what they import statically, holds them; each
// is in a chunk of its own that the part's loader fetches when it is needed.
// That each still works when used is tested in the browser (test/e2e/load-on-demand.e2e.test.ts, map.e2e.test.ts,
// not-found.e2e.test.ts, progress-bar.e2e.test.ts, search.e2e.test.ts, accounts.e2e.test.ts).
import t from 'tap';
import { build } from 'esbuild';
import { clientOptions } from '../../build.mjs';
import { tempDir } from '../helpers/app.ts';
import { outputOf, staticClosure } from '../helpers/chunks.ts';

const LOADED_WHEN_NEEDED = [
  // Its Leaflet wrapper, basemap and pin: when the property page's map nears the screen.
  'src/client/components/map/PlaceMapLeaflet.tsx',
  // The error screen: before the first render of an error, or when a navigation fails.
  'src/client/components/ErrorScreen.tsx',
  // What a search that found nothing shows: before the first render of one, or while a new search is on its way.
  'src/client/components/search/EmptyResults.tsx',
  // The logged-in client's menu: before the first render of their pages, and on login.
  'src/client/components/account/ClientMenu.tsx',
  // The search page's filter form, the chips of the filters in use and the pages of results: the
  // server's until first used (search/LazySearchParts.browser.tsx).
  'src/client/components/search/SearchForm.tsx',
  'src/client/components/search/LocationFields.tsx',
  'src/client/components/search/FilterChips.tsx',
  'src/client/components/search/Pagination.tsx',
  // Done in earlier sessions, kept out since.
  'src/client/components/search/MapResults.tsx',
  'src/client/components/consent/CookieDialog.tsx',
];

t.test('on the real build, the parts loaded when needed are in no page’s first load', async (t) => {
  const options = clientOptions(tempDir(t));
  const result = await build({ ...options, write: false, logLevel: 'silent' });
  const outputs = result.metafile!.outputs;
  const firstLoads = Object.keys(outputs).filter(
    (file) => file.endsWith('.js') && /^src\/client\/(entry|pages\/[^/]+)\.tsx$/.test(outputs[file]!.entryPoint ?? ''),
  );
  t.ok(firstLoads.length > 10, `the entry and the pages (${firstLoads.length})`);
  const loadedAtOnce = new Set(firstLoads.flatMap((file) => [...staticClosure(outputs, file)]));
  for (const part of LOADED_WHEN_NEEDED) {
    const holders = Object.keys(outputs).filter((file) => file.endsWith('.js') && part in outputs[file]!.inputs);
    t.equal(holders.length, 1, `${part} is built, in one chunk`);
    t.same(
      holders.filter((file) => loadedAtOnce.has(file)),
      [],
      `${part} is loaded by no page before it is needed`,
    );
  }
});

// The shared modules whose structs only the server checks with: the browser imports types from them,
// never a value, or every struct in them would come along (esbuild keeps a module's top-level calls).
const SERVER_STRUCTS = [
  'src/shared/accounts.ts',
  'src/shared/leads.ts',
  'src/shared/catalogue.ts',
  'src/shared/partner.ts',
  'src/shared/content.ts',
  'src/shared/favorite-alerts.ts',
  'src/shared/saved-search-bodies.ts',
];

t.test(
  'on the real build, no superstruct before interaction on the search and property pages, and no server-only struct anywhere',
  async (t) => {
    const result = await build({ ...clientOptions(tempDir(t)), write: false, logLevel: 'silent' });
    const outputs = result.metafile.outputs;
    const inputsOf = (files: Iterable<string>) => [...files].flatMap((f) => Object.keys(outputs[f]!.inputs));
    const entry = staticClosure(outputs, outputOf(outputs, 'src/client/entry.tsx'));
    for (const page of ['home', 'search', 'for-sale']) {
      const loaded = staticClosure(outputs, outputOf(outputs, `src/client/pages/${page}.tsx`), new Set(entry));
      t.same(
        inputsOf(loaded).filter((i) => i.includes('superstruct')),
        [],
        `${page}: no superstruct before interaction`,
      );
    }
    const login = inputsOf(staticClosure(outputs, outputOf(outputs, 'src/client/pages/client-login.tsx')));
    t.ok(
      login.some((i) => i.includes('superstruct')),
      'the login page loads superstruct, for its form',
    );
    const everything = new Set(inputsOf(Object.keys(outputs)));
    for (const module of SERVER_STRUCTS) t.notOk(everything.has(module), `${module} is in no browser chunk`);
  },
);
