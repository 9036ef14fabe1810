// Favorites of a visitor who has not logged in: project ids kept in this
// browser's localStorage, newest last, merged into the account at login or
// registration (the `favorites` of the login body) and then forgotten here.
//
// Read with useSyncExternalStore, whose server snapshot is the empty list:
// pages are cached for every visitor, so the server and the hydrating browser
// both show every heart unpressed; the stored ones show right after.
import { useSyncExternalStore } from 'react';
import { FAVORITES_MAX_MERGE } from '../../shared/constants.ts';

export const LOCAL_FAVORITES_KEY = 'favorites';
const NONE: readonly number[] = Object.freeze([]);

/** The ids in a stored value; anything else in it is ignored. */
export function parseFavorites(raw: string | null): number[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const ids = value.filter((v): v is number => Number.isSafeInteger(v) && v > 0);
  return [...new Set(ids)].slice(-FAVORITES_MAX_MERGE);
}

/** `ids` with `id` added (last) or removed. */
export function toggled(ids: readonly number[], id: number, on: boolean): number[] {
  const rest = ids.filter((x) => x !== id);
  return (on ? [...rest, id] : rest).slice(-FAVORITES_MAX_MERGE);
}

const listeners = new Set<() => void>();
let cachedRaw: string | null = null;
let cached: readonly number[] = NONE;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled: nothing kept, nothing read
  }
}

export function readLocalFavorites(): readonly number[] {
  const raw = storage()?.getItem(LOCAL_FAVORITES_KEY) ?? null;
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cached = raw ? parseFavorites(raw) : NONE;
  }
  return cached;
}

export function writeLocalFavorites(ids: readonly number[]): void {
  const store = storage();
  try {
    if (ids.length) store?.setItem(LOCAL_FAVORITES_KEY, JSON.stringify(ids));
    else store?.removeItem(LOCAL_FAVORITES_KEY);
  } catch {
    // full or refused: nothing is kept, and the heart shows as it was
  }
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // A heart clicked in another tab shows here too.
  const onStorage = (e: StorageEvent) => (e.key === LOCAL_FAVORITES_KEY || e.key === null) && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The favorites kept in this browser (none on the server and while hydrating). */
export function useLocalFavorites(): readonly number[] {
  return useSyncExternalStore(subscribe, readLocalFavorites, () => NONE);
}
