// The client build: content-hashed files under /assets/, cached for a year, and
// the manifest that tells each page which files it needs (written by build.mjs).
// Assets are compressed at build, never per request: a client that accepts br or
// gzip gets the file build.mjs wrote beside the asset (Content-Encoding, Vary:
// Accept-Encoding); registered before @fastify/compress (app.ts), so that the
// plugin's hook is not on these routes at all.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { PageAssets } from '../../shared/ssr.ts';
import { ASSET_CACHE } from './caching.ts';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../shared/languages.ts';

/** The assets build.mjs compresses (PRECOMPRESSED there), as sent: the file or its .br or .gz. */
const COMPRESSED_AT_BUILD = /\.(js|css|svg|geojson|json)(\.br|\.gz)?$/;

export interface Manifest {
  entry: string;
  css: string[];
  /** Page name → its chunk and the chunks it imports, for modulepreload. */
  pages: Record<string, string[]>;
}

/** Each language's manifest (build.mjs builds the browser bundle once per language: manifest.json, manifest.de.json, …). */
export type Manifests = Record<Language, Manifest>;

export function readManifest(clientDir: string, language: Language = DEFAULT_LANGUAGE): Manifest {
  const file = path.join(clientDir, language === DEFAULT_LANGUAGE ? 'manifest.json' : `manifest.${language}.json`);
  if (!fs.existsSync(file)) throw new Error(`The client build is missing (${file}): run npm run build`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
}

export function readManifests(clientDir: string): Manifests {
  return Object.fromEntries(LANGUAGES.map((language) => [language, readManifest(clientDir, language)])) as Manifests;
}

export function pageAssets(manifest: Manifest, page: string | null): PageAssets {
  return {
    entry: manifest.entry,
    preload: page ? (manifest.pages[page] ?? []) : [],
    stylesheets: manifest.css,
  };
}

export async function assetRoutes(app: FastifyInstance, { clientDir }: { clientDir: string }): Promise<void> {
  await app.register(fastifyStatic, {
    root: path.join(clientDir, 'assets'),
    prefix: '/assets/',
    index: false,
    wildcard: true,
    // The .br and .gz files build.mjs writes beside each text asset; the file as is otherwise.
    preCompressed: true,
    cacheControl: false,
    etag: false,
    lastModified: false,
    setHeaders(res, file) {
      res.setHeader('cache-control', ASSET_CACHE);
      if (COMPRESSED_AT_BUILD.test(file)) res.setHeader('vary', 'Accept-Encoding');
    },
  });
}
