// Types of pure-definitions.mjs, for the TypeScript that imports it (its test).
export function isShared(file: string): boolean;
export function hasDefinitions(file: string, code: string): boolean;
export function pureDefinitions(code: string): string;
