// Types of messages-build.mjs, for the TypeScript that imports it (its test).
export const SERVER_ONLY_MESSAGES: string[];
export function clientMessages<T>(messages: T, serverOnly?: string[]): T;
