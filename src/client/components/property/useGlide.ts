// Mounts @glidejs/glide on a gallery's root once the page has hydrated (Glide
// is client-only; the server renders the same slides as plain markup, and
// Glide's core CSS lays them out the same way before and after it mounts, so
// nothing moves). Glide's own keyboard binding listens on the whole document,
// which would turn the slides while a visitor types in the contact form: it is
// off, and each gallery handles the arrow keys where it has the focus.
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type Glide from '@glidejs/glide';

export interface GlideControl {
  /** The slide shown, from 0. */
  index: number;
  /** Whether Glide is mounted (the controls work). */
  ready: boolean;
  previous(): void;
  next(): void;
  show(index: number): void;
}

export function useGlide(root: RefObject<HTMLElement | null>, count: number, startAt = 0): GlideControl {
  const [index, setIndex] = useState(startAt);
  const [ready, setReady] = useState(false);
  const glide = useRef<Glide | null>(null);

  useEffect(() => {
    if (count < 2) return;
    let cancelled = false;
    import('@glidejs/glide').then(
      ({ default: GlideClass }) => {
        if (cancelled || !root.current) return;
        const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
        const instance = new GlideClass(root.current, {
          type: 'slider',
          startAt,
          perView: 1,
          gap: 0,
          keyboard: false,
          rewind: true,
          // A click during a slide's animation counts (Glide would drop it).
          waitForTransition: false,
          animationDuration: still ? 0 : 350,
          rewindDuration: still ? 0 : 500,
        });
        instance.on('run', () => setIndex(Number(instance.index)));
        instance.mount();
        glide.current = instance;
        setReady(true);
      },
      () => {
        // The slider's code did not load: the slides stay a plain list, still readable.
      },
    );
    return () => {
      cancelled = true;
      glide.current?.destroy();
      glide.current = null;
      setReady(false);
    };
    // startAt only matters when mounting: a later one must not remount.
  }, [root, count]); // eslint-disable-line react-hooks/exhaustive-deps -- startAt: see above

  const previous = useCallback(() => void glide.current?.go('<'), []);
  const next = useCallback(() => void glide.current?.go('>'), []);
  const show = useCallback((i: number) => void glide.current?.go(`=${i}`), []);
  return { index, ready, previous, next, show };
}
