// Prefetching of visible links in idle time (SPEC §7): the page's code and its
// data, unless the visitor is offline, on a 2g connection or saving data.
import { preload } from 'swr';
import { matchCandidates, dataKey, dataNeedsFor } from '../../shared/match.ts';
import { PREFETCH_IDLE_TIMEOUT_MS } from '../../shared/constants.ts';
import { loadPage } from '../pages/index.ts';
import { getJson } from './api.ts';
import { readsKnown } from '../../shared/routes.ts';
import { withoutPrefix } from '../../shared/seo.ts';

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

// A link in view fetches its page's code in idle time; its data waits for a sign
// of intent (pointer over it, focus, touch), so a page of 12 result cards does
// not fetch 48 answers nobody may ask for.
const codeDone = new Set<string>();
const dataDone = new Set<string>();
let observer: IntersectionObserver | null = null;

const idle = (fn: () => void) =>
  'requestIdleCallback' in window ? window.requestIdleCallback(fn, { timeout: PREFETCH_IDLE_TIMEOUT_MS }) : setTimeout(fn, 1);

/** Prefetches the page at `path` (path + query, under the router's `base`): its code, and with `withData` its data too. */
export function prefetchPath(path: string, base: string, withData = false): void {
  // The page in view already has its code and data.
  if (path === window.location.pathname + window.location.search || !canPrefetch()) return;
  const [address = path, query = ''] = path.split('?', 2);
  // Links carry the page's language first (the router's base); the routes know the path after it.
  const pathname = withoutPrefix(address, base);
  // The first candidate that needs no partner check is certain; partner routes
  // fetch their code only (their data depends on the partner lookup).
  const match = matchCandidates(pathname)[0];
  if (!match) return;
  if (!codeDone.has(pathname)) {
    codeDone.add(pathname);
    loadPage(match.route.page).catch(() => codeDone.delete(pathname));
  }
  // A search's reads are known once its page's code has come (routes.ts, provideSearchReads).
  if (!withData || dataDone.has(path) || match.params.partner !== undefined || !readsKnown(match.route)) return;
  dataDone.add(path);
  // A route's data step may refuse the address (a bad id): then there is nothing to prefetch.
  let needs: ReturnType<typeof dataNeedsFor>;
  try {
    // A client's own reads are never prefetched: they are read afresh when the page opens.
    needs = dataNeedsFor(match, query, false);
  } catch {
    return;
  }
  for (const need of needs) preload(dataKey(need), getJson).catch(() => dataDone.delete(path));
}

/** Watches a link under the router's `base`: in view, its code is prefetched in idle time; on intent, its data. */
export function observeLink(el: HTMLAnchorElement, base: string): () => void {
  const target = () => el.pathname + el.search;
  const intent = () => prefetchPath(target(), base, true);
  el.addEventListener('pointerenter', intent);
  el.addEventListener('focus', intent);
  el.addEventListener('touchstart', intent, { passive: true });
  const stopIntent = () => {
    el.removeEventListener('pointerenter', intent);
    el.removeEventListener('focus', intent);
    el.removeEventListener('touchstart', intent);
  };
  if (typeof IntersectionObserver === 'undefined') return stopIntent;
  observer ??= new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      const a = entry.target as HTMLAnchorElement;
      observer?.unobserve(a);
      idle(() => prefetchPath(a.pathname + a.search, base));
    }
  });
  observer.observe(el);
  return () => {
    stopIntent();
    observer?.unobserve(el);
  };
}
