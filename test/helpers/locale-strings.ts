// Reading locale strings in built code (the browser bundle's locale tests).

/** The strings of a subtree of en.json. */
export function strings(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  if (node === null || typeof node !== 'object') return [];
  return Object.values(node).flatMap(strings);
}

/** Plain words from the middle of a string, to look for in built code (its opening may be shared with a title; JSON escapes quotes and breaks). */
export function sample(text: string): string | undefined {
  return /[A-Za-z ,.]{30}/.exec(text.slice(Math.floor(text.length / 2)))?.[0];
}
