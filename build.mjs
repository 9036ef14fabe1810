// Builds the site with esbuild into dist/: the browser bundle (code-split per
// page, content-hashed names, a manifest the server reads), the server-side
// entry of the same React code (server/ssr.js), and the server itself for plain
// `node` (server/main.js, server/cli/*.js, and the data files beside the
// server's code in server/files/, see src/server/paths.ts). `--if-needed`
// skips the build when it is up to date. `npm run dev` (dev.mjs) watches the
// same builds with the options exported here.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { buildBasemap } from './src/client/components/map/basemap-build.mjs';
import { lazyRoots, splitMessages } from './src/client/messages-split.mjs';
import { inLanguage } from './src/client/messages-language.mjs';
import { ALWAYS_COMMON, SEARCH_GROUP, commonModules, groupRoots } from './src/client/common-chunk.mjs';

/** The languages of the site, as src/shared/languages.ts lists them (test/client/js-budget.test.ts holds the copy to it): the browser bundle is built once in each. */
export const LANGUAGES = ['en', 'da', 'de', 'es', 'fr', 'hr', 'hu', 'it', 'ja', 'nl', 'no', 'pl', 'pt', 'ru', 'sv', 'uk'];

export const root = path.dirname(fileURLToPath(import.meta.url));
// DIST_DIR moves the output (e.g. one build per worktree in parallel test runs).
export const dist = process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR) : path.join(root, 'dist');
const pagesDir = path.join(root, 'src/client/pages');
const cliDir = path.join(root, 'src/server/cli');
const inputs = ['src/client', 'src/shared', 'src/server', 'locales', 'build.mjs', 'package-lock.json'];

function newest(p) {
  const full = path.join(root, p);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(full).map((name) => newest(path.join(p, name))));
}

function upToDate() {
  const outputs = ['client/manifest.json', 'client/manifest.uk.json', 'server/ssr.js', 'server/main.js'].map((f) => path.join(dist, f));
  if (!outputs.every((f) => fs.existsSync(f))) return false;
  const built = Math.min(...outputs.map((f) => fs.statSync(f).mtimeMs));
  return Math.max(...inputs.map(newest)) < built;
}

// The maps' basemap (src/client/components/map/basemap-build.mjs): a content-hashed GeoJSON beside the
// chunks (cached a year like them), whose address the code imports as
// 'virtual:basemap'. Made here, once per build, from packaged data.
const basemap = JSON.stringify(buildBasemap());
const basemapFile = `basemap-${crypto.createHash('sha256').update(basemap).digest('hex').slice(0, 8).toUpperCase()}.geojson`;
const basemapPlugin = {
  name: 'basemap',
  setup(b) {
    b.onResolve({ filter: /^virtual:basemap$/ }, () => ({ path: 'basemap', namespace: 'basemap' }));
    b.onLoad({ filter: /.*/, namespace: 'basemap' }, () => ({
      contents: `export default ${JSON.stringify(`/assets/${basemapFile}`)};`,
      loader: 'js',
    }));
  },
};

/**
 * What the client build reads from a first, unwritten build of the same entry
 * points: `common`, the modules most pages load (src/client/common-chunk.mjs),
 * and `split`, the locale for the entry and each lazily loaded module's sections
 * (src/client/messages-split.mjs).
 */
export async function analyseClient(entryPoints, outdir) {
  const { build } = await import('esbuild');
  const { metafile } = await build({
    ...ui,
    plugins: [...ui.plugins, browserTwins],
    entryPoints,
    outdir,
    format: 'esm',
    splitting: true,
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const messages = JSON.parse(await fs.promises.readFile(path.join(root, 'locales/en.json'), 'utf8'));
  const common = [...commonModules(metafile.inputs), ...ALWAYS_COMMON];
  const split = splitMessages(metafile.inputs, messages, (file) => fs.readFileSync(path.join(root, file), 'utf8'), common);
  const roots = lazyRoots(metafile.inputs);
  return { common, split, roots, searchGroup: groupRoots(metafile.inputs, roots, SEARCH_GROUP) };
}

// The client's module graph, shaped: the entry, every page module and every
// lazily loaded module import the common modules (one shared chunk instead of many small ones), those
// that reach the search addresses' grammar import all of SEARCH_GROUP (one file for it), the
// browser's en.json is the entry's part of the locale (less what it never
// shows, messages-build.mjs, and less the sections only lazily loaded modules
// name), and each of those modules' first import hands its own sections to
// i18n before any of its code runs. The server's render and tests keep the whole en.json.
function clientGraphPlugin(entryPoints, language, shared) {
  return {
    name: 'client-graph',
    setup(b) {
      let plan;
      let strings;
      b.onStart(async () => {
        plan = await (shared ?? analyseClient(entryPoints, b.initialOptions.outdir));
        strings = language === 'en' ? null : JSON.parse(await fs.promises.readFile(path.join(root, `locales/${language}.json`), 'utf8'));
      });
      // The English tree's shape with the language's strings (messages-language.mjs).
      const translated = (tree) => (strings ? inLanguage(tree, strings) : tree);
      b.onLoad({ filter: /[\\/]locales[\\/]en\.json$/ }, () => ({ contents: JSON.stringify(translated(plan.split.core)), loader: 'json' }));
      // The entry and the page modules import the common modules; a lazily loaded module's first
      // import hands its sections to i18n. On the file's first line, so that source maps keep its line numbers.
      b.onLoad({ filter: /[\\/]src[\\/].*\.tsx?$/, namespace: 'file' }, async (args) => {
        const file = path.relative(root, args.path).split(path.sep).join('/');
        // Every module loaded as a chunk of its own (the entry, a page, a lazily loaded part) imports
        // them: reached from one set of entry points, they stay in one chunk instead of a chunk per set.
        const common = file === 'src/client/entry.tsx' || plan.roots.has(file);
        const messages = plan.split.lazy[file] ? `import ${JSON.stringify(`virtual:messages/${file}`)};` : '';
        const search = plan.searchGroup.has(file) ? 'import "virtual:search-group";' : '';
        // Most modules are none of these: known from the path, they are left to esbuild unread.
        if (!common && !messages && !search) return undefined;
        const code = await fs.promises.readFile(args.path, 'utf8');
        return { contents: `${messages}${common ? 'import "virtual:common";' : ''}${search}${code}`, loader: path.extname(file).slice(1) };
      });
      b.onResolve({ filter: /^virtual:(messages\/|common$|search-group$)/ }, (args) => ({
        path: args.path.slice('virtual:'.length),
        namespace: 'client-graph',
      }));
      b.onLoad({ filter: /.*/, namespace: 'client-graph' }, (args) => {
        const group = { common: plan.common, 'search-group': SEARCH_GROUP }[args.path];
        return {
          contents: group
            ? group.map((file) => `import ${JSON.stringify(`./${file}`)};`).join('\n')
            : `import { addMessages } from './src/shared/i18n.ts';\naddMessages(${JSON.stringify(translated(plan.split.lazy[args.path.slice('messages/'.length)]))});`,
          resolveDir: root,
          loader: 'js',
        };
      });
    },
  };
}

// A module with a `.browser` twin beside it (Name.browser.tsx) is that twin in
// the browser bundle: code the server's render needs and the browser does not
// run before interaction (the parts taken over on first use, lib/island.tsx;
// the property page's structured data).
const browserTwins = {
  name: 'browser-twins',
  setup(b) {
    b.onResolve({ filter: /^\.\.?\/.*\.tsx?$/ }, (args) => {
      const twin = path.join(args.resolveDir, args.path.replace(/\.(tsx?)$/, '.browser.$1'));
      return fs.existsSync(twin) ? { path: twin } : undefined;
    });
  },
};

// swr and wouter import `use-sync-external-store/shim`, a fallback for React
// before 18 that React 19 never runs; the browser gets React's own hook.
const reactsOwnStoreHook = {
  name: 'reacts-own-store-hook',
  setup(b) {
    b.onResolve({ filter: /^use-sync-external-store\/shim(\/index\.js)?$/ }, () => ({
      path: path.join(root, 'src/client/vendor/use-sync-external-store.ts'),
    }));
  },
};

// What the browser bundle and the server-side render entry share: the same React code.
const ui = {
  absWorkingDir: root,
  bundle: true,
  plugins: [basemapPlugin, reactsOwnStoreHook],
  jsx: 'automatic',
  target: 'es2022',
  logLevel: 'warning',
  loader: { '.svg': 'file', '.jpg': 'file', '.webp': 'file', '.png': 'file', '.woff2': 'file' },
  assetNames: '[name]-[hash]',
  publicPath: '/assets',
  define: { 'process.env.NODE_ENV': '"production"' },
};

/**
 * The browser bundle in `language` into `clientOut`/assets; its manifest is written by
 * `writeClientManifest`. `plan`, the analysis every language shares (analyseClient), made by the build if not given.
 */
export function clientOptions(clientOut, language = 'en', plan) {
  const pages = fs
    .readdirSync(pagesDir)
    .filter((f) => f.endsWith('.tsx'))
    .map((f) => path.join('src/client/pages', f));
  const entryPoints = ['src/client/entry.tsx', ...pages];
  return {
    ...ui,
    plugins: [...ui.plugins, clientGraphPlugin(entryPoints, language, plan), browserTwins],
    entryPoints,
    outdir: path.join(clientOut, 'assets'),
    define: { ...ui.define, __BUILT_LANGUAGE__: JSON.stringify(language) },
    format: 'esm',
    splitting: true,
    minify: true,
    sourcemap: 'linked',
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    metafile: true,
    // Chrome compiles the file on a background thread as it streams (docs/decisions/compile-hints.md).
    banner: { js: '//# allFunctionsCalledOnLoad' },
  };
}

/** The file of a language's manifest: manifest.json for English, manifest.de.json for German. */
export const manifestName = (language) => (language === 'en' ? 'manifest.json' : `manifest.${language}.json`);

/** The manifest the server reads (entry, stylesheets, each page's chunks) and the basemap, from a client build's metafile. */
export function writeClientManifest(metafile, clientOut, language = 'en') {
  const outputs = metafile.outputs;
  const url = (file) => '/assets/' + path.relative(path.join(clientOut, 'assets'), path.join(root, file)).split(path.sep).join('/');
  const staticImports = (file, seen = new Set()) => {
    if (seen.has(file)) return seen;
    seen.add(file);
    for (const imp of outputs[file]?.imports ?? []) if (imp.kind === 'import-statement' && !imp.external) staticImports(imp.path, seen);
    return seen;
  };
  const manifest = { entry: '', css: [], pages: {} };
  for (const [file, out] of Object.entries(outputs)) {
    if (!out.entryPoint || !file.endsWith('.js')) continue;
    if (out.entryPoint === 'src/client/entry.tsx') {
      manifest.entry = url(file);
      if (out.cssBundle) manifest.css.push(url(out.cssBundle));
    } else if (out.entryPoint.startsWith('src/client/pages/')) {
      const name = path.basename(out.entryPoint, '.tsx');
      manifest.pages[name] = [...staticImports(file)].map(url);
    }
  }
  fs.writeFileSync(path.join(clientOut, 'assets', basemapFile), basemap);
  fs.writeFileSync(path.join(clientOut, manifestName(language)), JSON.stringify(manifest, null, 2));
}

/** The server-side render entry, `serverOut`/ssr.js. */
export function ssrOptions(serverOut) {
  return {
    ...ui,
    entryPoints: { ssr: 'src/client/ssr.tsx' },
    outdir: serverOut,
    platform: 'node',
    format: 'esm',
    // React and the other UI packages are bundled, in their production builds;
    // browser-only packages stay out (they are imported in effects only).
    external: ['@glidejs/glide', 'leaflet'],
    // CommonJS packages inside an ES module bundle still call require() for builtins.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    loader: { ...ui.loader, '.css': 'empty' },
    sourcemap: 'linked',
  };
}

/**
 * Packages bundled into the server's code instead of loaded from node_modules:
 * pure ES modules of many small files, which node would find, read and link
 * one by one at every start (kysely: 262 files, about 0.25 s of a start, issue 12).
 */
const SERVER_BUNDLED = new Set(['kysely']);

/** Every other package stays in node_modules (native addons, CommonJS, files read at run time). */
const serverExternals = {
  name: 'server-externals',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      const parts = args.path.split('/');
      const name = args.path.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
      return SERVER_BUNDLED.has(name) ? undefined : { external: true };
    });
  },
};

/**
 * The server for plain `node`: main.js, the feed pulls' worker thread
 * (jobs/pull-worker.js) and every command-line tool (cli/<name>.js),
 * sharing chunks. Packages stay in node_modules but for SERVER_BUNDLED, and
 * NODE_ENV is read at run time (config.ts), never replaced.
 */
export function serverOptions(serverOut) {
  const cli = fs
    .readdirSync(cliDir)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => path.join('src/server/cli', f));
  return {
    absWorkingDir: root,
    // A worker thread's code is an entry of its own (src/server/paths.ts: serverEntry).
    entryPoints: ['src/server/main.ts', 'src/server/jobs/pull-worker.ts', ...cli],
    outbase: 'src/server',
    outdir: serverOut,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    plugins: [serverExternals],
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    sourcemap: 'linked',
    logLevel: 'warning',
  };
}

/** Copies the files the server reads beside its code (not .ts, not READMEs) to `serverOut`/files, same paths. */
export function copyServerFiles(serverOut) {
  const from = path.join(root, 'src/server');
  for (const entry of fs.readdirSync(from, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name.endsWith('.ts') || entry.name === 'README.md') continue;
    const relative = path.relative(from, path.join(entry.parentPath, entry.name));
    fs.mkdirSync(path.dirname(path.join(serverOut, 'files', relative)), { recursive: true });
    fs.copyFileSync(path.join(from, relative), path.join(serverOut, 'files', relative));
  }
}

// Every text asset gets a Brotli (.br, best quality) and a gzip (.gz, level 9)
// file beside it, which @fastify/static sends to a client that accepts them
// (preCompressed, src/server/http/assets.ts): no asset is compressed per
// request. Source maps are left out (only developer tools fetch them). A
// compressed file no smaller than its source is not written.
const PRECOMPRESSED = /\.(js|css|svg|geojson|json)$/;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export async function precompressAssets(assetsDir) {
  const files = fs.readdirSync(assetsDir).filter((f) => PRECOMPRESSED.test(f));
  await Promise.all(
    files.map(async (file) => {
      const source = fs.readFileSync(path.join(assetsDir, file));
      const params = { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length };
      const [br, gz] = await Promise.all([brotli(source, { params }), gzip(source, { level: 9 })]);
      if (br.length < source.length) fs.writeFileSync(path.join(assetsDir, `${file}.br`), br);
      if (gz.length < source.length) fs.writeFileSync(path.join(assetsDir, `${file}.gz`), gz);
    }),
  );
}

/**
 * The browser bundle in every language, into one folder: a chunk without strings is the same file
 * in all of them (its name is its content's hash), written once.
 */
async function buildClient(build, clientOut) {
  const base = clientOptions(clientOut);
  const plan = analyseClient(base.entryPoints, base.outdir);
  const results = await Promise.all(LANGUAGES.map((language) => build({ ...clientOptions(clientOut, language, plan), write: false })));
  const written = new Set();
  results.forEach((result, i) => {
    for (const file of result.outputFiles) {
      if (written.has(file.path)) continue;
      written.add(file.path);
      fs.mkdirSync(path.dirname(file.path), { recursive: true });
      fs.writeFileSync(file.path, file.contents);
    }
    writeClientManifest(result.metafile, clientOut, LANGUAGES[i]);
  });
}

async function buildAll() {
  // esbuild is a dev dependency: imported here, so that `--if-needed` on an up-to-date build needs none.
  const { build } = await import('esbuild');
  // Built into a fresh folder and swapped in at the end, so a server or test
  // running from dist/ never sees it half-written.
  const staging = `${dist}.building-${process.pid}`;
  const clientOut = path.join(staging, 'client');
  const serverOut = path.join(staging, 'server');
  const started = Date.now();
  try {
    await Promise.all([
      buildClient(build, clientOut).then(() => precompressAssets(path.join(clientOut, 'assets'))),
      build(ssrOptions(serverOut)),
      build(serverOptions(serverOut)).then(() => copyServerFiles(serverOut)),
    ]);
    const old = `${dist}.old-${process.pid}`;
    if (fs.existsSync(dist)) fs.renameSync(dist, old);
    fs.renameSync(staging, dist);
    fs.rmSync(old, { recursive: true, force: true });
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
  console.log(`built in ${Date.now() - started} ms`);
}

// Run as a script (node build.mjs); imported by dev.mjs for its options only.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (!(process.argv.includes('--if-needed') && upToDate())) await buildAll();
}
