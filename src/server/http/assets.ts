// The client build: content-hashed files under /assets/, cached for a year, and
// the manifest that tells each page which files it needs (written by build.mjs).
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { PageAssets } from '../../shared/ssr.ts';
import { ASSET_CACHE } from './caching.ts';

export interface Manifest {
  entry: string;
  css: string[];
  /** Page name → its chunk and the chunks it imports, for modulepreload. */
  pages: Record<string, string[]>;
}

export function readManifest(clientDir: string): Manifest {
  const file = path.join(clientDir, 'manifest.json');
  if (!fs.existsSync(file)) throw new Error(`The client build is missing (${file}): run npm run build`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
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
    cacheControl: false,
    etag: false,
    lastModified: false,
    setHeaders(res) {
      res.setHeader('cache-control', ASSET_CACHE);
    },
  });
}
