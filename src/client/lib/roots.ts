// React's root makers, handed over by the entry to code that makes roots of its
// own (lib/island.tsx), so that react-dom/client is imported by the entry alone
// and stays in the entry's file. React preloads that file at low priority, after
// the stylesheet and the hero picture; imported from a common module it went
// into the common chunk, preloaded at normal priority, and its 88 KiB competed
// with the first paint (Lighthouse's FCP +200 ms on the home and the search).
import type { createRoot, hydrateRoot } from 'react-dom/client';

export interface RootMakers {
  createRoot: typeof createRoot;
  hydrateRoot: typeof hydrateRoot;
}

let makers: RootMakers | null = null;

/** Called by the entry before it hydrates. */
export function provideRoots(given: RootMakers): void {
  makers = given;
}

export function rootMakers(): RootMakers {
  if (!makers) throw new Error('React roots used before the entry provided them (lib/roots.ts)');
  return makers;
}
