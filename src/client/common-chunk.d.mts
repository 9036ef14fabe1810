// Types of common-chunk.mjs, for the TypeScript that imports it (its test).
import type { Metafile } from 'esbuild';

export function commonModules(inputs: Metafile['inputs'], share?: number): string[];
export const ALWAYS_COMMON: string[];
export const SEARCH_GROUP: string[];
export function groupRoots(inputs: Metafile['inputs'], roots: Set<string>, group: string[]): Set<string>;
