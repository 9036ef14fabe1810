// The search by place name (issue 22): the places of the catalogue's tree
// (countries, regions, towns with listings, within the partner's scope) whose
// name, or another name of theirs (`aliases`: 'Alacant' for Alicante), a typed
// text names. Case, accents and punctuation do not count ('malaga' is Málaga);
// a name is found by its whole, by its start, by the start of a word in it
// ('costa' finds Orihuela Costa), or, from five letters, with one letter
// wrong, missing, extra or two swapped ('torrevija'). The closest kind of match
// first, then the places with more developments.
import type { GeoNode, PlaceMatch } from '../../../shared/catalogue.ts';
import { GEO_LEVELS } from '../../../shared/search-url.ts';
import { placeKey } from '../../../shared/place-key.ts';

/** The most places one answer names. */
export const PLACE_MATCHES_MAX = 8;

/** Typed texts shorter than this find nothing: one letter names half the map. */
const SHORTEST = 2;

/** From this many letters a name may differ from the typed text by one edit. */
const TYPO_FROM = 5;

/**
 * Each place's folded name, worked out once per place: the tree is kept per
 * catalogue version (geo.ts), and a place field asks on every keystroke.
 */
const keys = new WeakMap<GeoNode, string>();

function keyOf(node: GeoNode): string {
  let key = keys.get(node);
  if (key === undefined) keys.set(node, (key = placeKey(node.name)));
  return key;
}

/** How closely `key` (a place's name, folded) matches the typed `text` (folded): 0 best; null no match. */
function closeness(key: string, text: string): number | null {
  if (key === text) return 0;
  if (key.startsWith(text)) return 1;
  if (key.split(' ').some((word) => word.startsWith(text))) return 2;
  if (text.length >= TYPO_FROM && key.length >= TYPO_FROM && oneEditApart(key, text)) return 3;
  return null;
}

/** Whether `a` becomes `b` by one substitution, insertion, deletion or swap of two neighbours. */
export function oneEditApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1 || a === b) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length)
    return a.slice(i + 1) === b.slice(i + 1) || (a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2));
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

export function findPlaces(tree: GeoNode[], typed: string, aliases: ReadonlyMap<string, string[]> = new Map()): PlaceMatch[] {
  const text = placeKey(typed);
  if (text.length < SHORTEST) return [];
  const found: Array<Omit<PlaceMatch, 'exact'> & { closeness: number }> = [];
  const visit = (nodes: GeoNode[], within: PlaceMatch['within'], depth: number) => {
    for (const node of nodes) {
      const key = keyOf(node);
      const scores = [key, ...(aliases.get(key) ?? [])].map((name) => closeness(name, text)).filter((s) => s !== null);
      const place = { name: node.name, slug: node.slug, path: node.path };
      if (scores.length && node.count > 0)
        found.push({ ...place, kind: GEO_LEVELS[depth]!, count: node.count, within, closeness: Math.min(...scores) });
      visit(node.children, [place, ...within], depth + 1);
    }
  };
  visit(tree, [], 0);
  return found
    .sort((a, b) => a.closeness - b.closeness || b.count - a.count || a.name.localeCompare(b.name, 'es'))
    .slice(0, PLACE_MATCHES_MAX)
    .map(({ closeness, ...match }) => ({ ...match, exact: closeness === 0 }));
}
