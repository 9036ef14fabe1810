// Developments side by side (issue 22): up to four, named in the address
// (`/compare?ids=12,7,31` in every section), so a comparison is a link to
// share and the server renders it for anyone, with or without JavaScript.
// The browser remembers the visitor's own list (client/lib/compare-list.ts).
// Pure: the browser loads it (the API's struct is CompareQuery in catalogue.ts).
import type { Distances, ProjectCard } from './catalogue.ts';
import type { Feature } from './features.ts';

/** The most developments one comparison holds: four columns still fit a laptop's screen. */
export const COMPARE_MAX = 4;

/** Ids are 32-bit in the store (request-ids.ts' ProjectId). */
const LARGEST_ID = 2_147_483_647;

/** A development as the comparison shows it: its card and the features its feed states. */
export interface ComparedProject extends ProjectCard {
  /** Stated by the feed; a feature not in the list is unknown, never "no". */
  features: Feature[];
  distances: Distances;
}

export interface CompareAnswer {
  data: ComparedProject[];
}

/**
 * The ids an address asks to compare: positive whole numbers, each once, in
 * their order, at most COMPARE_MAX; anything else in the list is passed over,
 * so an edited or truncated link still shows what it can.
 */
export function compareIds(value: string | null | undefined): number[] {
  const ids = (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter((v) => /^[1-9]\d{0,9}$/.test(v))
    .map(Number)
    .filter((id) => id <= LARGEST_ID);
  return [...new Set(ids)].slice(0, COMPARE_MAX);
}

/** The comparison of `ids` at `page`, the section's compare page (e.g. '/old/compare'). */
export function compareHref(page: string, ids: readonly number[]): string {
  return ids.length ? `${page}?ids=${ids.join(',')}` : page;
}
