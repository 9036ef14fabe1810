// Where a typed place name leads when it may mean several places, or none
// (src/shared/place-choice.ts; one place meant never shows this page): the
// places as links to their searches, the entry's other filters kept, and the
// search entry again with what was typed. Works without JavaScript.
import { useSearch } from 'wouter';
// Its route's reads come from the search address (src/shared/routes.ts, provideSearchReads).
import '../../shared/search-reads.ts';
import type { PageProps } from './index.ts';
import { t } from '../../shared/i18n.ts';
import { entryFilters, placeSearchHref, typedPlace } from '../../shared/place-choice.ts';
import { searchHref } from '../../shared/search-url.ts';
import { Meta } from '../components/Meta.tsx';
import { Link } from '../components/Link.tsx';
import { PageHeader } from '../components/Sections.tsx';
import { SearchEntry } from '../components/SearchEntry.tsx';
import { developmentsLabel, placeWhere } from '../components/search/place-labels.ts';
import { useHref } from '../lib/section.tsx';
import { useRouteData } from '../lib/useRouteData.ts';

export default function PlaceChoicePage({ match }: PageProps) {
  const query = new URLSearchParams(useSearch());
  const typed = typedPlace(query);
  const places = useRouteData(match, '/api/places')?.data ?? [];
  const root = useHref('/search');
  const title = places.length ? t('placeChoice.title') : t('placeChoice.noneTitle');
  const lead = places.length ? t('placeChoice.lead', { typed }) : t('placeChoice.noneLead', { typed });
  return (
    <>
      <Meta title={title} description={lead} noindex />
      <PageHeader title={title} lead={lead} />
      <div className="container page place-choice">
        {places.length > 0 && (
          <ul className="place-choice__list">
            {places.map((place) => (
              <li key={place.path}>
                <Link className="place-choice__link" href={placeSearchHref(root, place, query)}>
                  <span className="place-choice__name">{place.name}</span>
                  <span className="place-choice__where">{placeWhere(place)}</span>
                  <span className="place-choice__count">{developmentsLabel(place.count)}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        <SearchEntry id="place-choice-search" initial={query} />
        <p>
          <Link href={searchHref(root, entryFilters(query))}>{t('placeChoice.all')}</Link>
        </p>
      </div>
    </>
  );
}
