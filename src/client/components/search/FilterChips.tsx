// The filters in use as chips beside the "Filters (n)" button: one per filter,
// its value in words, each a link to the same search without it (so it works
// without JavaScript too). On a narrow screen, where the form folds away, they
// say what the results are filtered by in one row (styles/search.css).
// The browser loads this code on first use (LazySearchParts.browser.tsx, lib/island.tsx).
import type { PlaceRef } from '../../../shared/catalogue.ts';
import { KNOWN_CATEGORIES } from '../../../shared/catalogue-terms.ts';
import { DEFAULT_SEARCH, filtersInUse, geoSegments, type FilterInUse, type SearchFilters } from '../../../shared/search-url.ts';
import { formatPrice } from '../../../shared/format.ts';
import { t } from '../../../shared/i18n.ts';
import { categoryLabel } from '../../../shared/category-label.ts';
import { Link } from '../Link.tsx';
import type { SearchPageState } from './useSearchPage.ts';

interface Chip {
  text: string;
  /** What the search is without it. */
  without: Partial<SearchFilters>;
}

function priceText({ pricefrom, priceto }: SearchFilters): string {
  const to = priceto < DEFAULT_SEARCH.priceto ? formatPrice(priceto) : '';
  const from = pricefrom > 0 ? formatPrice(pricefrom) : '';
  if (from && to) return `${from} – ${to}`;
  return from ? t('search.chips.priceFrom', { price: from }) : t('search.chips.priceTo', { price: to });
}

const rooms = (f: SearchFilters, name: 'bedrooms' | 'bathrooms') =>
  `${t(`search.terms.${name}`)}: ${t('search.terms.atLeast', { count: f[name] })}`;

/** Each filter's chip. */
const CHIPS: Record<FilterInUse, (f: SearchFilters, place: PlaceRef | null) => Chip> = {
  cat: (f) => ({
    text: KNOWN_CATEGORIES.filter((c) => f.cat.includes(c.id))
      .map(categoryLabel)
      .join(', '),
    without: { cat: [] },
  }),
  esGeo: (f, place) => ({ text: place?.name ?? geoSegments(f.esGeo).at(-1)!, without: { esGeo: {} } }),
  bedrooms: (f) => ({ text: rooms(f, 'bedrooms'), without: { bedrooms: 0 } }),
  bathrooms: (f) => ({ text: rooms(f, 'bathrooms'), without: { bathrooms: 0 } }),
  price: (f) => ({ text: priceText(f), without: { pricefrom: 0, priceto: DEFAULT_SEARCH.priceto } }),
  builtfrom: (f) => ({ text: t('search.terms.atLeastArea', { area: f.builtfrom }), without: { builtfrom: 0 } }),
  beach: (f) => ({ text: t('search.terms.beachWithin', { km: f.beach }), without: { beach: 0 } }),
  stage: (f) => ({ text: f.stage.map((s) => t(`stages.${s}`)).join(', '), without: { stage: [] } }),
  delivery: (f) => ({
    text: f.delivery === 'now' ? t('search.terms.deliveryNow') : t('search.terms.deliveryYear', { year: f.delivery! }),
    without: { delivery: undefined },
  }),
  features: (f) => ({ text: f.features.map((x) => t(`features.${x}`)).join(', '), without: { features: [] } }),
};

export interface FilterChipsProps extends Pick<SearchPageState, 'filters' | 'hrefFor' | 'remember'> {
  place: PlaceRef | null;
}

export function FilterChips({ filters, place, hrefFor, remember }: FilterChipsProps) {
  return filtersInUse(filters).map((name) => {
    const chip = CHIPS[name](filters, place);
    return (
      <Link
        key={name}
        className="search-chip"
        href={hrefFor({ ...chip.without, page: 1 })}
        onClick={() => remember(chip.without)}
        aria-label={t('search.chips.remove', { filter: chip.text })}
      >
        {chip.text} <span aria-hidden="true">×</span>
      </Link>
    );
  });
}
