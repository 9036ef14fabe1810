// Whether an element is about to enter the screen: true once it comes within
// `margin` of the viewport (IntersectionObserver's rootMargin), and from then
// on; false on the server and until then. Code a part of the page needs only
// when seen (the maps' Leaflet) waits for it, so a page whose map lies far
// below the fold loads none of it unless the visitor scrolls there.
import { useEffect, useState, type RefObject } from 'react';

/** Most of a screen ahead: the code has time to arrive before the part is seen. */
export const APPROACH_MARGIN = '75% 0px';

export function useNearViewport(target: RefObject<Element | null>, margin = APPROACH_MARGIN): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = target.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- without an observer, nothing tells when: load at once
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [target, margin, near]);
  return near;
}
