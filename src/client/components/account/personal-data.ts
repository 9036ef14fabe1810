// API answers that depend on who is logged in: the favorites, a project's
// files (their download addresses) and the client's sessions. Forgotten from
// SWR's cache when the client changes, so the next page that needs one reads
// it again (after a login the files become links; after a logout they lock
// again). Deleted without revalidating: a page still showing would otherwise
// refetch as nobody.
import type { Cache } from 'swr';

const PERSONAL = {
  favorites: /^\/api\/favorites(?:\?|$)/,
  files: /^\/api\/project\/files(?:\?|$)/,
  sessions: /^\/api\/client-sessions(?:\?|$)/,
} as const;

export function forgetPersonalData(cache: Cache, only?: keyof typeof PERSONAL): void {
  const patterns = only ? [PERSONAL[only]] : Object.values(PERSONAL);
  for (const key of [...cache.keys()]) if (patterns.some((re) => re.test(key))) cache.delete(key);
}

/**
 * Whether a page still showing this personal read reads it again when the client changes: a
 * project's files answer anyone (locked for a visitor); the others refuse a visitor (401).
 */
export const rereadOnClientChange = (key: string): boolean => PERSONAL.files.test(key);

/**
 * A personal read is fetched afresh when a page needs it, never taken from
 * SWR's preload() store: a link prefetched before a login would hand over the
 * answer it got as a visitor.
 */
export function isPersonalKey(key: string): boolean {
  return Object.values(PERSONAL).some((re) => re.test(key));
}
