// The words of a search page: its heading, title and description, of its own
// for a place URL ("New-build homes in Torrevieja, Alicante"), generic otherwise.
import type { GeoAnswer } from '../../../shared/catalogue.ts';
import { formatCount } from '../../../shared/format.ts';
import { t, tp } from '../../../shared/i18n.ts';

export type SearchPlace = GeoAnswer['data']['place'];

export function countText(total: number): string {
  return total === 0 ? t('search.countNone') : tp('search.count', total, { count: formatCount(total) });
}

/** 'Torrevieja, Alicante', 'Alicante, Spain', 'Spain': the place and the level above it. */
export function placeLabel(place: NonNullable<SearchPlace>): string {
  const parent = place.trail[place.trail.length - 1];
  return parent ? `${place.name}, ${parent.name}` : place.name;
}

export interface SearchTexts {
  heading: string;
  title: string;
  description: string;
}

export function searchTexts(place: SearchPlace, total: number | undefined, page: number): SearchTexts {
  const heading = place ? t('search.placeHeading', { place: placeLabel(place) }) : t('search.heading');
  const counted =
    place && total !== undefined
      ? t('search.titleWithCount', { title: heading, count: countText(total) })
      : place
        ? heading
        : t('search.title');
  return {
    heading,
    title: page > 1 ? t('search.pageSuffix', { title: counted, page }) : counted,
    description:
      place && total !== undefined
        ? t('search.placeDescription', { count: countText(total), place: placeLabel(place) })
        : t('search.description'),
  };
}
