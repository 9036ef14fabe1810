// A home of a development in words, as the price history and the alert mails
// name it: 'Apartment, 2 bedrooms, 85 m², floor 3, ref. A-12' (what is not
// known left out; one bedroom in the singular).
import { categoryLabel } from './category-label.ts';
import { t, tp } from './i18n.ts';

export interface UnitFacts {
  category: { key: string };
  bedrooms: number | null;
  built?: number | null;
  floor?: string | null;
  ref: string | null;
}

export function unitWords(unit: UnitFacts): string {
  const { bedrooms, built, floor, ref } = unit;
  return [
    categoryLabel(unit.category),
    bedrooms ? tp('property.history.bedrooms', bedrooms) : '',
    built ? `${built} m²` : '',
    floor ? t('property.history.floor', { floor }) : '',
    ref ? t('property.history.ref', { ref }) : '',
  ]
    .filter(Boolean)
    .join(', ');
}
