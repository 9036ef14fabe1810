// A list of project ids kept in this browser's localStorage under one key,
// in the order added: a visitor's favorites (favorites.ts), the developments
// to compare (compare-list.ts).
//
// Read with useSyncExternalStore, whose server snapshot is the empty list:
// pages are cached for every visitor, so the server and the hydrating browser
// both render as if nothing were kept; what is kept shows right after.
import { useSyncExternalStore } from 'react';
import { readStored, writeStored } from './local-storage.ts';

const NONE: readonly number[] = Object.freeze([]);

export interface StoredIds {
  key: string;
  /** The ids in a stored value, at most `max` (the newest); anything else in it is ignored. */
  parse(raw: string | null): number[];
  read(): readonly number[];
  write(ids: readonly number[]): void;
  /** The list (none on the server and while hydrating), updated when it changes here or in another tab. */
  use(): readonly number[];
}

/** `ids` with `id` added (last) or removed, at most `max` (the newest). */
export function toggledId(ids: readonly number[], id: number, on: boolean, max: number): number[] {
  const rest = ids.filter((x) => x !== id);
  return (on ? [...rest, id] : rest).slice(-max);
}

export function storedIds(key: string, max: number): StoredIds {
  const listeners = new Set<() => void>();
  let cachedRaw: string | null = null;
  let cached: readonly number[] = NONE;

  function parse(raw: string | null): number[] {
    let value: unknown;
    try {
      value = JSON.parse(raw ?? '[]');
    } catch {
      return [];
    }
    if (!Array.isArray(value)) return [];
    const ids = value.filter((v): v is number => Number.isSafeInteger(v) && v > 0);
    return [...new Set(ids)].slice(-max);
  }

  function read(): readonly number[] {
    const raw = readStored(key);
    if (raw !== cachedRaw) {
      cachedRaw = raw;
      cached = raw ? parse(raw) : NONE;
    }
    return cached;
  }

  function write(ids: readonly number[]): void {
    // Full or refused: nothing is kept, and the page shows the list as it was.
    writeStored(key, ids.length ? JSON.stringify(ids) : null);
    for (const l of listeners) l();
  }

  function subscribe(listener: () => void): () => void {
    listeners.add(listener);
    const onStorage = (e: StorageEvent) => (e.key === key || e.key === null) && listener();
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  }

  return { key, parse, read, write, use: () => useSyncExternalStore(subscribe, read, () => NONE) };
}
