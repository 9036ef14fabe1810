// A code chunk that fails to load (usually a deploy replaced it) is fixed by a
// full reload, at most once per CHUNK_RELOAD_THROTTLE_MS so a real outage
// cannot loop (SPEC §8).
import { CHUNK_RELOAD_THROTTLE_MS } from '../../shared/constants.ts';

const KEY = 'chunk-reload-at';

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically|Failed to fetch/i.test(message);
}

/** Reloads into `href` unless a reload happened within the throttle; says whether it did. */
export function reloadForChunkError(href: string, now = Date.now()): boolean {
  let last = 0;
  try {
    last = Number(sessionStorage.getItem(KEY)) || 0;
  } catch {
    /* storage unavailable: still reload, throttled by nothing */
  }
  if (now - last < CHUNK_RELOAD_THROTTLE_MS) return false;
  try {
    sessionStorage.setItem(KEY, String(now));
  } catch {
    /* ignore */
  }
  window.location.assign(href);
  return true;
}
