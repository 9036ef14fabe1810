// Mounts @glidejs/glide on a gallery's root when the gallery is used beyond
// its first picture (issue 12): the first press of an arrow, a thumbnail, an
// arrow key or a swipe loads Glide, mounts it at the slide shown and then
// moves to the slide asked for, so a visitor who only looks at the first
// picture loads none of it. `atOnce` loads it on mount instead (the full-screen
// view, opened by a click and shown at any slide). Glide is client-only; the
// server renders the same slides as plain markup, and Glide's core CSS (in the
// page's sheet) lays them out the same way before and after it mounts, so
// nothing moves. Glide's own keyboard binding listens on the whole document,
// which would turn the slides while a visitor types in the contact form: it is
// off, and each gallery handles the arrow keys where it has the focus.
import { useCallback, useEffect, useRef, useState, type RefObject, type TouchEvent } from 'react';
import type Glide from '@glidejs/glide';
import { useHydrated } from '../../lib/useHydrated.ts';

/** A horizontal move at least this long, before Glide is there, is a swipe. */
const SWIPE_PX = 40;

export interface GlideControl {
  /** The slide shown, from 0. */
  index: number;
  /** Whether the controls work: after hydration (a press loads Glide), or once Glide is mounted with `atOnce`. */
  ready: boolean;
  previous(): void;
  next(): void;
  show(index: number): void;
  /** For the viewer: a swipe made before Glide is there (Glide handles the ones after). */
  swipe: { onTouchStart(event: TouchEvent): void; onTouchEnd(event: TouchEvent): void };
}

export function useGlide(root: RefObject<HTMLElement | null>, count: number, { startAt = 0, atOnce = false } = {}): GlideControl {
  const [index, setIndex] = useState(startAt);
  const [wanted, setWanted] = useState(atOnce);
  const [mounted, setMounted] = useState(false);
  const hydrated = useHydrated();
  const glide = useRef<Glide | null>(null);
  const shown = useRef(startAt);
  /** The slide asked for before Glide was mounted. */
  const asked = useRef<number | null>(null);
  const touchX = useRef<number | null>(null);

  useEffect(() => {
    if (count < 2 || !wanted) return;
    let cancelled = false;
    import('@glidejs/glide').then(
      ({ default: GlideClass }) => {
        if (cancelled || !root.current) return;
        const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
        const instance = new GlideClass(root.current, {
          type: 'slider',
          startAt: shown.current,
          perView: 1,
          gap: 0,
          keyboard: false,
          rewind: true,
          // A click during a slide's animation counts (Glide would drop it).
          waitForTransition: false,
          animationDuration: still ? 0 : 350,
          rewindDuration: still ? 0 : 500,
        });
        instance.on('run', () => {
          shown.current = Number(instance.index);
          setIndex(shown.current);
        });
        instance.mount();
        glide.current = instance;
        setMounted(true);
        if (asked.current !== null) instance.go(`=${asked.current}`);
        asked.current = null;
      },
      () => {
        // The slider's code did not load: the slides stay a plain list, still readable; a later press tries again.
        asked.current = null;
        if (!cancelled) setWanted(atOnce);
      },
    );
    return () => {
      cancelled = true;
      glide.current?.destroy();
      glide.current = null;
      setMounted(false);
    };
  }, [root, count, wanted, atOnce]);

  /** Moves to `target(the slide shown or already asked for)`, loading Glide first when it is not there. */
  const go = useCallback(
    (pattern: string, target: (from: number) => number) => {
      if (glide.current) return void glide.current.go(pattern);
      if (count < 2) return;
      asked.current = target(asked.current ?? shown.current);
      setWanted(true);
    },
    [count],
  );
  const previous = useCallback(() => go('<', (i) => (i - 1 + count) % count), [go, count]);
  const next = useCallback(() => go('>', (i) => (i + 1) % count), [go, count]);
  const show = useCallback((i: number) => go(`=${i}`, () => i), [go]);

  const swipe = {
    onTouchStart(event: TouchEvent) {
      if (glide.current || count < 2) return;
      touchX.current = event.touches[0]?.clientX ?? null;
      // The gesture may well be a swipe: start loading now.
      setWanted(true);
    },
    onTouchEnd(event: TouchEvent) {
      const from = touchX.current;
      touchX.current = null;
      const to = event.changedTouches[0]?.clientX;
      if (from === null || to === undefined || Math.abs(to - from) < SWIPE_PX) return;
      if (to < from) next();
      else previous();
    },
  };

  return { index, ready: atOnce ? mounted : hydrated && count > 1, previous, next, show, swipe };
}
