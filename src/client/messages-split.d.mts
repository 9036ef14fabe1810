// Types of messages-split.mjs, for the TypeScript that imports it (its tests).
import type { Metafile } from 'esbuild';

export function lookup(messages: unknown, key: string): unknown;
export function lazyRoots(inputs: Metafile['inputs']): Set<string>;
export function namedKeys(code: string, messages: unknown): Array<{ key: string; stem: boolean }>;
export function splitMessages(
  inputs: Metafile['inputs'],
  messages: unknown,
  read: (file: string) => string,
  entryModules?: string[],
): { core: Record<string, unknown>; lazy: Record<string, Record<string, unknown>>; moved: string[] };
