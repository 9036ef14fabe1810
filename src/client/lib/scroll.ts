// Smooth scrolling over SCROLL_ANIMATION_MS (SPEC §9), to the top on navigation
// and to in-page anchors; instant for visitors who prefer reduced motion.
import { SCROLL_ANIMATION_MS } from '../../shared/constants.ts';

let frame = 0;

export function scrollToY(target: number): void {
  cancelAnimationFrame(frame);
  const start = window.scrollY;
  const distance = target - start;
  if (distance === 0) return;
  if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) {
    window.scrollTo(0, target);
    return;
  }
  const t0 = performance.now();
  const step = (now: number) => {
    const p = Math.min(1, (now - t0) / SCROLL_ANIMATION_MS);
    const eased = p < 0.5 ? 2 * p * p : 1 - (-2 * p + 2) ** 2 / 2;
    window.scrollTo(0, start + distance * eased);
    if (p < 1) frame = requestAnimationFrame(step);
  };
  frame = requestAnimationFrame(step);
}

export function scrollToHash(hash: string): boolean {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  const el = id ? document.getElementById(id) : null;
  if (!el) return false;
  scrollToY(el.getBoundingClientRect().top + window.scrollY);
  return true;
}
