// This browser's localStorage, the one way the client reads and writes it:
// storage may be missing, full or refused (private modes, policies), and then
// nothing is read or kept and the page goes on without it. In every page's
// first load (language-offer.ts and stored-ids.ts import it), a few bytes.

/** The value kept under `key`; null when there is none or storage is refused. */
export function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Keeps `value` under `key`, or removes the key for null; nothing is kept when storage is full or refused. */
export function writeStored(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // not kept: what depends on it is asked or shown again
  }
}
