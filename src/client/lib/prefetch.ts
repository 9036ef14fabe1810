// Prefetching of visible links in idle time (SPEC §7): the page's code and its
// data, unless the visitor is offline, on a 2g connection or saving data.
import { preload } from 'swr';
import { matchCandidates, dataKey, dataNeeds } from '../../shared/match.ts';
import { PREFETCH_IDLE_TIMEOUT_MS } from '../../shared/constants.ts';
import { loadPage } from '../pages/index.ts';
import { getJson } from './api.ts';

interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

export function canPrefetch(nav: Navigator = navigator): boolean {
  if (!nav.onLine) return false;
  const connection = (nav as Navigator & { connection?: NetworkInformation }).connection;
  if (connection?.saveData) return false;
  if (connection?.effectiveType?.includes('2g')) return false;
  return true;
}

const done = new Set<string>();
let observer: IntersectionObserver | null = null;

const idle = (fn: () => void) =>
  'requestIdleCallback' in window ? window.requestIdleCallback(fn, { timeout: PREFETCH_IDLE_TIMEOUT_MS }) : setTimeout(fn, 1);

export function prefetchPath(path: string): void {
  // The page in view already has its code and data.
  if (path === window.location.pathname + window.location.search) return;
  if (done.has(path) || !canPrefetch()) return;
  done.add(path);
  // The first candidate that needs no partner check is certain; partner routes
  // fetch their code only (their data depends on the partner lookup).
  const [pathname = path, query = ''] = path.split('?', 2);
  const match = matchCandidates(pathname)[0];
  if (!match) return;
  loadPage(match.route.page).catch(() => done.delete(path));
  if (match.params.partner !== undefined) return;
  // A route's data step may refuse the address (a bad id): then there is nothing to prefetch.
  let needs: ReturnType<typeof dataNeeds> = [];
  try {
    needs = dataNeeds(match, query);
  } catch {
    return;
  }
  for (const need of needs) preload(dataKey(need), getJson).catch(() => {});
}

/** Watches a link; when it scrolls into view, prefetches it in idle time. */
export function observeLink(el: HTMLAnchorElement): () => void {
  if (typeof IntersectionObserver === 'undefined') return () => {};
  observer ??= new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      const a = entry.target as HTMLAnchorElement;
      observer?.unobserve(a);
      idle(() => prefetchPath(a.pathname + a.search));
    }
  });
  observer.observe(el);
  return () => observer?.unobserve(el);
}
