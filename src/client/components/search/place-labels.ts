// How a place and its count of developments read where places are listed: the
// place field's suggestions, the choice of places a name may mean, a partner's
// areas. Not in shared/category-label.ts, which every page loads.
import { t, tp } from '../../../shared/i18n.ts';
import type { PlaceMatch } from '../../../shared/catalogue.ts';

/** "1 development", "12 developments". */
export function developmentsLabel(count: number): string {
  return tp('partnerHome.developments', count);
}

/** What a place found by its name is and where it lies: "Town · Alicante, Spain". */
export function placeWhere(place: Pick<PlaceMatch, 'kind' | 'within'>): string {
  const kind = t(`searchEntry.kinds.${place.kind}`);
  return place.within.length ? `${kind} · ${place.within.map((p) => p.name).join(', ')}` : kind;
}
