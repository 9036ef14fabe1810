// What each page of the route table makes a browser download from the client
// build: the JavaScript (the entry and what it imports, plus the page's chunk
// and its shared chunks, the list the server preloads: pageAssets of
// src/server/http/assets.ts), the JavaScript it may fetch later on demand
// (dynamic imports such as Leaflet or Glide, other pages left out) and the
// CSS; raw and gzipped as @fastify/compress sends them (zlib's default level).
// Then the HTML of the home, the 12-card search page and a property page, as the
// app renders them on the demo catalogue (app.inject, a temporary data folder),
// raw and as sent with Brotli; then the budget lines (bench/budgets.ts).
// Figures only, no listening server, no load: a few seconds.
//
//   npx tsx bench/sizes.ts            (alone; DIST_DIR picks another build)
//   BENCH_ONLY=sizes npm run bench    (builds first)
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { pageAssets, readManifest, type Manifest } from '../src/server/http/assets.ts';
import { routes } from '../src/shared/routes.ts';
import { textTable } from './table.ts';
import { testApp } from '../test/helpers/app.ts';
import { pageWeights, type PageWeight } from '../test/helpers/page-weight.ts';
import { HTML_BUDGET, JS_BUDGET, budgetLine } from './budgets.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DIST_DIR = process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR) : path.join(ROOT, 'dist');

export interface PageSize {
  /** The page's name, or the error screen (no page chunk). */
  page: string;
  js: { files: number; raw: number; gzip: number };
  /** Fetched only when a part of the page asks for it (a dynamic import). */
  onDemand: { files: number; raw: number; gzip: number };
  css: { files: number; raw: number; gzip: number };
}

/**
 * The `import … from "…"` statements that open an esbuild ES module (static
 * imports always come first in its output), and every `import("…")` in it.
 */
function importsOf(source: string): { statics: string[]; dynamics: string[] } {
  const statics: string[] = [];
  const head = /^\s*import\s*(?:[^"';]*?\bfrom\s*)?"([^"]+)";?/;
  let rest = source;
  for (let match = head.exec(rest); match; match = head.exec(rest)) {
    statics.push(match[1]!);
    rest = rest.slice(match[0].length);
  }
  const dynamics = [...source.matchAll(/\bimport\("([^"]+)"\)/g)].map((m) => m[1]!);
  return { statics, dynamics };
}

class Assets {
  private readonly sources = new Map<string, Buffer>();
  private readonly gzipped = new Map<string, number>();

  constructor(private readonly clientDir: string) {}

  /** The file behind an /assets/… address. */
  read(url: string): Buffer {
    let source = this.sources.get(url);
    if (!source) {
      if (!url.startsWith('/assets/')) throw new Error(`not a built asset: ${url}`);
      source = fs.readFileSync(path.join(this.clientDir, url));
      this.sources.set(url, source);
    }
    return source;
  }

  gzipSize(url: string): number {
    let size = this.gzipped.get(url);
    if (size === undefined) {
      size = zlib.gzipSync(this.read(url)).length;
      this.gzipped.set(url, size);
    }
    return size;
  }

  /** `urls` and everything they import statically, as a browser loads a module graph. */
  closure(urls: string[], into = new Set<string>()): Set<string> {
    for (const url of urls) {
      if (into.has(url)) continue;
      into.add(url);
      this.closure(importsOf(this.read(url).toString('utf8')).statics, into);
    }
    return into;
  }

  /** What the modules in `loaded` may import later, not counting pages (each page is its own row). */
  onDemand(loaded: Set<string>, pages: Set<string>): Set<string> {
    const later = new Set<string>();
    const roots = [...loaded].flatMap((url) => importsOf(this.read(url).toString('utf8')).dynamics).filter((url) => !pages.has(url));
    for (const url of this.closure(roots)) if (!loaded.has(url)) later.add(url);
    return later;
  }

  total(urls: Iterable<string>): { files: number; raw: number; gzip: number } {
    let files = 0;
    let raw = 0;
    let gzip = 0;
    for (const url of urls) {
      files++;
      raw += this.read(url).length;
      gzip += this.gzipSize(url);
    }
    return { files, raw, gzip };
  }
}

/** The pages of the route table, in its order, then the error screen. */
export function routePages(): Array<string | null> {
  return [...new Set(routes.map((r) => r.page)), null];
}

export function pageSizes(distDir = DIST_DIR): PageSize[] {
  const clientDir = path.join(distDir, 'client');
  const manifest: Manifest = readManifest(clientDir);
  const assets = new Assets(clientDir);
  const pageChunks = new Set(Object.values(manifest.pages).map((files) => files[0]!));
  return routePages().map((page) => {
    const { entry, preload, stylesheets } = pageAssets(manifest, page);
    if (page && !manifest.pages[page]) throw new Error(`the build has no chunk for the page '${page}'`);
    const loaded = assets.closure([entry, ...preload]);
    return {
      page: page ?? '(error screen)',
      js: assets.total(loaded),
      onDemand: assets.total(assets.onDemand(loaded, pageChunks)),
      css: assets.total(stylesheets),
    };
  });
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

export function sizesTable(rows: PageSize[]): string {
  const header = ['page', 'JS files', 'JS KiB', 'JS gzip KiB', 'on demand gzip KiB', 'CSS KiB', 'CSS gzip KiB', 'JS+CSS gzip KiB'];
  const lines = rows.map((r) => [
    r.page,
    String(r.js.files),
    kb(r.js.raw),
    kb(r.js.gzip),
    r.onDemand.files ? `${kb(r.onDemand.gzip)} (${r.onDemand.files})` : '-',
    kb(r.css.raw),
    kb(r.css.gzip),
    kb(r.js.gzip + r.css.gzip),
  ]);
  return textTable(header, lines);
}

/** The HTML of the pages the budgets name: raw, and as the site sends it to a browser that accepts Brotli; the icons each draws from the sprite. */
export async function htmlWeights(): Promise<PageWeight[]> {
  const teardowns: Array<() => unknown> = [];
  try {
    return await pageWeights(await testApp({ teardown: (fn) => teardowns.push(fn) }));
  } finally {
    for (const fn of teardowns.reverse()) await fn();
  }
}

export function htmlSizesTable(weights: PageWeight[]): string {
  const rows = weights.map((p) => [
    p.page,
    p.path,
    String(p.status),
    kb(p.raw),
    `${kb(p.sent)} (${p.encoding})`,
    String(p.cards),
    String([...p.spriteUses.values()].reduce((a, b) => a + b, 0)),
    String([...p.inlineSvgs.values()].reduce((a, b) => a + b, 0)),
  ]);
  return textTable(['page', 'path', 'status', 'HTML KiB', 'HTML sent KiB', 'cards', 'sprite icons', 'inline svgs'], rows);
}

/** The budget lines (bench/budgets.ts): JS before interaction of the home, search and property pages, then their HTML as sent. */
export function budgetLines(sizes: PageSize[], weights: PageWeight[]): string[] {
  const js = (page: string) => sizes.find((r) => r.page === page)!.js.gzip;
  const html = (page: keyof typeof HTML_BUDGET) => weights.find((p) => p.page === page)!.sent;
  return [
    budgetLine('JS before interaction, home (gzip)', js('home'), JS_BUDGET.home),
    budgetLine('JS before interaction, search (gzip)', js('search'), JS_BUDGET.search),
    budgetLine('JS before interaction, property (gzip)', js('for-sale'), JS_BUDGET.property),
    budgetLine('HTML as sent, search (Brotli)', html('search'), HTML_BUDGET.search),
    budgetLine('HTML as sent, property (Brotli)', html('property'), HTML_BUDGET.property),
  ];
}

export async function runSizes(distDir = DIST_DIR): Promise<void> {
  const where = path.relative(process.cwd(), distDir);
  console.log(
    `# ${where.startsWith('..') ? distDir : where || '.'}: what each page loads at first (JS: the entry's and the page's module graph), what it may fetch on demand (dynamic imports, other pages left out; files in brackets), and the CSS; gzip at zlib's default level`,
  );
  const sizes = pageSizes(distDir);
  console.log(sizesTable(sizes));
  console.log('\n# the HTML on the demo catalogue (app.inject): raw, and as the site sends it to a browser that accepts Brotli');
  const weights = await htmlWeights();
  console.log(htmlSizesTable(weights));
  console.log('\n# budgets: figure / budget');
  for (const line of budgetLines(sizes, weights)) console.log(line);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  try {
    await runSizes();
  } catch (error) {
    console.error(`sizes failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
