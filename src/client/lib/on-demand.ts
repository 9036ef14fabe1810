// Code a part of the page loads when it is needed (issue 12): the map's, the
// error screen's, an empty search's. `onDemand` loads it once (again after a
// failure) and remembers it, so that a render after it arrived (a client
// navigation, or the first render after a page module's `prepare` loaded it)
// has it at once; `useOnDemand` loads it when `wanted` and renders again when
// it is there.
import { useEffect, useState } from 'react';

export interface OnDemand<T> {
  load(): Promise<T>;
  /** The code if it has arrived, else null. */
  loaded(): T | null;
}

export function onDemand<T>(importer: () => Promise<T>): OnDemand<T> {
  let loaded: T | null = null;
  let loading: Promise<T> | null = null;
  return {
    load() {
      loading ??= importer().then(
        (value) => (loaded = value),
        (error: unknown) => {
          loading = null;
          throw error;
        },
      );
      return loading;
    },
    loaded: () => loaded,
  };
}

export interface OnDemandState<T> {
  value: T | null;
  /** The code could not be loaded (e.g. offline, or a deploy replaced it). */
  failed: boolean;
}

export function useOnDemand<T>(part: OnDemand<T>, wanted = true): OnDemandState<T> {
  // A component as the value: held in a box, since useState would call a function.
  const [box, setBox] = useState(() => ({ value: part.loaded() }));
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!wanted || box.value) return;
    let cancelled = false;
    part.load().then(
      (value) => !cancelled && setBox({ value }),
      (error: unknown) => {
        console.warn('a part of the page could not be loaded', error);
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [part, wanted, box]);
  return { value: box.value, failed };
}

const FIRST_INTERACTION = ['pointermove', 'pointerdown', 'touchstart', 'wheel', 'scroll', 'keydown'] as const;
let interacted: Promise<void> | null = null;

/** Settles on the visitor's first move, touch, scroll or key anywhere in the page (the page has hydrated by then). */
function firstInteraction(): Promise<void> {
  interacted ??= new Promise((resolve) => {
    const done = () => {
      for (const type of FIRST_INTERACTION) window.removeEventListener(type, done, true);
      resolve();
    };
    for (const type of FIRST_INTERACTION) window.addEventListener(type, done, { capture: true, passive: true });
  });
  return interacted;
}

/** Calls `load` on the visitor's first move, touch, scroll or key (soon after, if that has been); returns what stops it. */
export function afterFirstInteraction(load: () => void): () => void {
  let live = true;
  void firstInteraction().then(() => live && load());
  return () => {
    live = false;
  };
}

/**
 * An island's `when` (lib/island.tsx): its code at once where `already()` holds (what this browser
 * keeps shows in it), else on the visitor's first move, touch, scroll or key.
 */
export function nowOrOnFirstInteraction(already: () => boolean): (load: () => void) => () => void {
  return (load) => {
    if (already()) load();
    return afterFirstInteraction(load);
  };
}

/**
 * False until the visitor first does something in the page: a part that may appear a moment later
 * (a card's "Compare") loads its code then, not before interaction (README's budget). True at once
 * after that, for parts rendered later (a client navigation).
 */
export function useAfterFirstInteraction(): boolean {
  const [done, setDone] = useState(false);
  useEffect(() => afterFirstInteraction(() => setDone(true)), []);
  return done;
}
