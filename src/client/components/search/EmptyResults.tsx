// No results: say so, and offer to widen the search one filter at a time
// (each link drops one), or to clear them all. A page past the last result
// offers the first page instead.
import type { PlaceRef } from '../../../shared/catalogue.ts';
import { t } from '../../../shared/i18n.ts';
import { CLEARED, DEFAULT_SEARCH, geoFromSegments, geoSegments, type SearchFilters } from '../../../shared/search-url.ts';
import { Link } from '../Link.tsx';
import type { SearchPageState } from './useSearchPage.ts';

interface Widening {
  key: string;
  label: string;
  change: Partial<SearchFilters>;
}

/** The ways to widen this search, one filter at a time. */
export function widenings(filters: SearchFilters, trail: PlaceRef[]): Widening[] {
  const out: Widening[] = [];
  if (filters.bbox) out.push({ key: 'bbox', label: t('search.empty.wholeMap'), change: { bbox: undefined } });
  const place = geoSegments(filters.esGeo);
  if (place.length) {
    const parent = trail[place.length - 2];
    out.push({
      key: 'place',
      label: parent ? t('search.empty.anywhereIn', { place: parent.name }) : t('search.empty.anywhere'),
      change: { esGeo: geoFromSegments(place.slice(0, -1)) ?? {} },
    });
  }
  if (filters.cat.length) out.push({ key: 'cat', label: t('search.empty.anyType'), change: { cat: [] } });
  if (filters.bedrooms) out.push({ key: 'bedrooms', label: t('search.empty.anyBedrooms'), change: { bedrooms: 0 } });
  if (filters.bathrooms) out.push({ key: 'bathrooms', label: t('search.empty.anyBathrooms'), change: { bathrooms: 0 } });
  if (filters.pricefrom || filters.priceto < DEFAULT_SEARCH.priceto)
    out.push({ key: 'price', label: t('search.empty.anyPrice'), change: { pricefrom: 0, priceto: DEFAULT_SEARCH.priceto } });
  return out;
}

export interface EmptyResultsProps {
  state: SearchPageState;
  /** The search has results, on earlier pages. */
  pastEnd: boolean;
  trail: PlaceRef[];
}

export function EmptyResults({ state, pastEnd, trail }: EmptyResultsProps) {
  const ways = pastEnd ? [] : widenings(state.filters, trail);
  return (
    <div className="search-empty" role="status">
      <h2 className="search-empty__title">{t('search.empty.title')}</h2>
      {pastEnd ? (
        <>
          <p>{t('search.empty.pastEnd')}</p>
          <Link className="button button--primary" href={state.hrefFor({ page: 1 })}>
            {t('search.empty.firstPage')}
          </Link>
        </>
      ) : (
        <>
          {ways.length ? <p>{t('search.empty.text')}</p> : null}
          <ul className="search-empty__ways">
            {ways.map((way) => (
              <li key={way.key}>
                <Link
                  className="button button--outline"
                  href={state.hrefFor({ ...way.change, page: 1 })}
                  onClick={() => state.remember(way.change)}
                >
                  {way.label}
                </Link>
              </li>
            ))}
            {ways.length > 1 ? (
              <li>
                <Link className="button button--primary" href={state.hrefFor(CLEARED)} onClick={() => state.remember(CLEARED)}>
                  {t('search.filters.clear')}
                </Link>
              </li>
            ) : null}
          </ul>
        </>
      )}
    </div>
  );
}
