// A saved search in words (issue 13), for its mails and pages: in a module of
// its own, so that the search page, which links to the save form, does not load
// the words (nor their locale sections) before they are needed.
import { KNOWN_CATEGORIES } from './catalogue-terms.ts';
import { PRICE_UPPER_BOUND } from './constants.ts';
import { formatPrice } from './format.ts';
import { t } from './i18n.ts';
import type { SavedFilters } from './saved-searches.ts';
import { geoSegments } from './search-url.ts';

/**
 * A search in words, for mails and pages: 'Apartment, Penthouse in Torrevieja,
 * 2+ bedrooms, € 100.000 – € 300.000, in a map area'. `place` is the place's
 * name (the store knows it); without one, the slug.
 */
export function describeSearch(f: SavedFilters, place?: string | null): string {
  const types = f.cat.map((id) => {
    const known = KNOWN_CATEGORIES.find((c) => c.id === id);
    return known ? t(`categories.${known.key}`) : `#${id}`;
  });
  const slugs = geoSegments(f.esGeo);
  const where = place || slugs[slugs.length - 1];
  const parts = [
    (types.length ? types.join(', ') : t('savedSearches.describe.anyType')) +
      (where ? ` ${t('savedSearches.describe.in', { place: where })}` : ''),
  ];
  if (f.bedrooms > 0) parts.push(t('savedSearches.describe.bedrooms', { count: f.bedrooms }));
  if (f.bathrooms > 0) parts.push(t('savedSearches.describe.bathrooms', { count: f.bathrooms }));
  if (f.pricefrom > 0 && f.priceto < PRICE_UPPER_BOUND) parts.push(`${formatPrice(f.pricefrom)} – ${formatPrice(f.priceto)}`);
  else if (f.pricefrom > 0) parts.push(t('savedSearches.describe.from', { price: formatPrice(f.pricefrom) }));
  else if (f.priceto < PRICE_UPPER_BOUND) parts.push(t('savedSearches.describe.upTo', { price: formatPrice(f.priceto) }));
  if (f.builtfrom > 0) parts.push(t('savedSearches.describe.builtFrom', { area: f.builtfrom }));
  if (f.beach > 0) parts.push(t('search.terms.beachWithin', { km: f.beach }));
  if (f.stage.length) parts.push(f.stage.map((s) => t(`stages.${s}`)).join(` ${t('savedSearches.describe.or')} `));
  if (f.delivery === 'now') parts.push(t('search.terms.deliveryNow'));
  else if (f.delivery) parts.push(t('savedSearches.describe.readyBy', { year: f.delivery }));
  if (f.features.length) parts.push(t('savedSearches.describe.with', { features: f.features.map((x) => t(`features.${x}`)).join(', ') }));
  if (f.bbox) parts.push(t('savedSearches.describe.mapArea'));
  return parts.join(', ');
}
