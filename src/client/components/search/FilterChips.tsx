// The filters in use as chips beside the "Filters (n)" button: one per filter,
// its value in words, each a link to the same search without it (so it works
// without JavaScript too). On a narrow screen, where the form folds away, they
// say what the results are filtered by in one row (styles/search.css).
import type { PlaceRef } from '../../../shared/catalogue.ts';
import { KNOWN_CATEGORIES } from '../../../shared/catalogue-terms.ts';
import { DEFAULT_SEARCH, geoSegments, type SearchFilters } from '../../../shared/search-url.ts';
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

/** The filters in use, in the form's order. */
export function filterChips(f: SearchFilters, place: PlaceRef | null): Chip[] {
  const rooms = (name: 'bedrooms' | 'bathrooms') => `${t(`search.terms.${name}`)}: ${t('search.terms.atLeast', { count: f[name] })}`;
  const chips: Array<Chip | false> = [
    f.cat.length > 0 && {
      text: KNOWN_CATEGORIES.filter((c) => f.cat.includes(c.id))
        .map(categoryLabel)
        .join(', '),
      without: { cat: [] },
    },
    geoSegments(f.esGeo).length > 0 && { text: place?.name ?? geoSegments(f.esGeo).at(-1)!, without: { esGeo: {} } },
    f.bedrooms > 0 && { text: rooms('bedrooms'), without: { bedrooms: 0 } },
    f.bathrooms > 0 && { text: rooms('bathrooms'), without: { bathrooms: 0 } },
    (f.pricefrom > 0 || f.priceto < DEFAULT_SEARCH.priceto) && {
      text: priceText(f),
      without: { pricefrom: 0, priceto: DEFAULT_SEARCH.priceto },
    },
    f.builtfrom > 0 && { text: t('search.terms.atLeastArea', { area: f.builtfrom }), without: { builtfrom: 0 } },
    f.beach > 0 && { text: t('search.terms.beachWithin', { km: f.beach }), without: { beach: 0 } },
    f.stage.length > 0 && { text: f.stage.map((s) => t(`stages.${s}`)).join(', '), without: { stage: [] } },
    f.delivery !== undefined && {
      text: f.delivery === 'now' ? t('search.terms.deliveryNow') : t('search.terms.deliveryYear', { year: f.delivery }),
      without: { delivery: undefined },
    },
    f.features.length > 0 && { text: f.features.map((x) => t(`features.${x}`)).join(', '), without: { features: [] } },
  ];
  return chips.filter((c): c is Chip => c !== false);
}

export function FilterChips({ state, chips }: { state: SearchPageState; chips: Chip[] }) {
  return chips.map((chip) => (
    <Link
      key={chip.text}
      className="search-chip"
      href={state.hrefFor({ ...chip.without, page: 1 })}
      onClick={() => state.remember(chip.without)}
      aria-label={t('search.chips.remove', { filter: chip.text })}
    >
      {chip.text} <span aria-hidden="true">×</span>
    </Link>
  ));
}
