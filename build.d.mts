// Types of build.mjs, for the TypeScript that imports it (test/client/messages-build.test.ts).
import type { BuildOptions } from 'esbuild';

export const root: string;
export const dist: string;
export const LANGUAGES: string[];
export function clientOptions(
  clientOut: string,
  language?: string,
  plan?: ReturnType<typeof analyseClient>,
): BuildOptions & { metafile: true };
export function ssrOptions(serverOut: string): BuildOptions;
export function serverOptions(serverOut: string): BuildOptions;
export function analyseClient(
  entryPoints: string[],
  outdir: string,
): Promise<{
  common: string[];
  split: { core: Record<string, unknown>; lazy: Record<string, Record<string, unknown>>; moved: string[] };
}>;
