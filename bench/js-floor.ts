// The JavaScript floor of a page (bench/client.ts): the libraries every page of
// this design runs before interaction (React and react-dom's client to hydrate,
// wouter to route on the client, swr for the pages' data; DESIGN.md and SPEC.md's
// client navigation), as the site imports them, bundled and minified alone as the
// client build bundles them. No page can load less than this.
import zlib from 'node:zlib';
import { build } from 'esbuild';

const ENTRY = `
import { hydrateRoot, createRoot } from 'react-dom/client';
import { jsx, jsxs, Fragment } from 'react/jsx-runtime';
import { useState, useEffect, useRef, useCallback, useMemo, Suspense, lazy, createContext, useContext } from 'react';
import useSWR, { SWRConfig, preload, useSWRConfig } from 'swr';
import { Router, useLocation, useSearch } from 'wouter';
globalThis.__floor = [hydrateRoot, createRoot, jsx, jsxs, Fragment, useState, useEffect, useRef, useCallback, useMemo, Suspense, lazy,
  createContext, useContext, useSWR, SWRConfig, preload, useSWRConfig, Router, useLocation, useSearch];
`;

export interface JsFloor {
  /** Minified bytes. */
  raw: number;
  /** Gzip at zlib's default level, as bench/client.ts counts the pages' files. */
  gzip: number;
}

export async function librariesFloor(root: string): Promise<JsFloor> {
  const result = await build({
    stdin: { contents: ENTRY, resolveDir: root, loader: 'js' },
    absWorkingDir: root,
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2022',
    define: { 'process.env.NODE_ENV': '"production"' },
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.contents;
  return { raw: code.length, gzip: zlib.gzipSync(code).length };
}
