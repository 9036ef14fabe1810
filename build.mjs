// Builds the client with esbuild: the browser bundle (code-split per page,
// content-hashed names, a manifest the server reads) and the server-side entry
// of the same React code. `--if-needed` skips the build when it is up to date.
import { build } from 'esbuild';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildBasemap } from './src/client/components/map/basemap-build.mjs';

const root = path.dirname(fileURLToPath(import.meta.url));
// DIST_DIR moves the output (e.g. one build per worktree in parallel test runs).
const dist = process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR) : path.join(root, 'dist');
// Built into a fresh folder and swapped in at the end, so a server or test
// running from dist/ never sees it half-written.
const staging = `${dist}.building-${process.pid}`;
const clientOut = path.join(staging, 'client');
const serverOut = path.join(staging, 'server');
const pagesDir = path.join(root, 'src/client/pages');
const inputs = ['src/client', 'src/shared', 'locales', 'build.mjs', 'package-lock.json'];

function newest(p) {
  const full = path.join(root, p);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(full).map((name) => newest(path.join(p, name))));
}

function upToDate() {
  const outputs = [path.join(dist, 'client', 'manifest.json'), path.join(dist, 'server', 'ssr.js')];
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
    b.onLoad({ filter: /.*/, namespace: 'basemap' }, () => ({ contents: `export default ${JSON.stringify(`/assets/${basemapFile}`)};`, loader: 'js' }));
  },
};

const shared = {
  bundle: true,
  plugins: [basemapPlugin],
  jsx: 'automatic',
  target: 'es2022',
  logLevel: 'warning',
  loader: { '.svg': 'file', '.jpg': 'file', '.webp': 'file', '.png': 'file', '.woff2': 'file' },
  assetNames: '[name]-[hash]',
  publicPath: '/assets',
  define: { 'process.env.NODE_ENV': '"production"' },
};

async function buildClient() {
  const pages = fs.readdirSync(pagesDir).filter((f) => f.endsWith('.tsx')).map((f) => path.join('src/client/pages', f));
  const result = await build({
    ...shared,
    absWorkingDir: root,
    entryPoints: ['src/client/entry.tsx', ...pages],
    outdir: path.join(clientOut, 'assets'),
    format: 'esm',
    splitting: true,
    minify: true,
    sourcemap: 'linked',
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    metafile: true,
  });
  const outputs = result.metafile.outputs;
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
  fs.writeFileSync(path.join(clientOut, 'manifest.json'), JSON.stringify(manifest, null, 2));
  return manifest;
}

async function buildServerEntry() {
  await build({
    ...shared,
    absWorkingDir: root,
    entryPoints: { ssr: 'src/client/ssr.tsx' },
    outdir: serverOut,
    platform: 'node',
    format: 'esm',
    // React and the other UI packages are bundled, in their production builds;
    // browser-only packages stay out (they are imported in effects only).
    external: ['@glidejs/glide', 'leaflet'],
    // CommonJS packages inside an ES module bundle still call require() for builtins.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    loader: { ...shared.loader, '.css': 'empty' },
    sourcemap: 'linked',
  });
}

if (process.argv.includes('--if-needed') && upToDate()) {
  process.exit(0);
}
const started = Date.now();
try {
  await Promise.all([buildClient(), buildServerEntry()]);
  const old = `${dist}.old-${process.pid}`;
  if (fs.existsSync(dist)) fs.renameSync(dist, old);
  fs.renameSync(staging, dist);
  fs.rmSync(old, { recursive: true, force: true });
} finally {
  fs.rmSync(staging, { recursive: true, force: true });
}
console.log(`client built in ${Date.now() - started} ms`);
