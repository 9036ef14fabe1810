// Types of messages-language.mjs, for the TypeScript that imports it (its tests).
export function isPluralMessage(node: unknown): node is Record<string, string>;
export function inLanguage(tree: unknown, strings: unknown): unknown;
