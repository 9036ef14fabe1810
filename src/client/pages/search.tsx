// The search page (issue 4, SPEC §2, §3): the filters, a heading of its own
// for a place URL, the results as a grid, a list or a strip over the map, and
// pagination. Server-rendered from the URL, so it works without JavaScript;
// with it, the results follow the URL through SWR without flashing.
import { useEffect, useRef, useState, type ReactNode } from 'react';
// Its route's reads come from the search address (src/shared/routes.ts, provideSearchReads).
import '../../shared/search-reads.ts';
import type { PageProps } from './index.ts';
import type { GeoNode, PlaceRef, SearchAnswer } from '../../shared/catalogue.ts';
import { SORTS } from '../../shared/catalogue-terms.ts';
import { t } from '../../shared/i18n.ts';
import { filtersInUse, geoFromSegments, geoSegments, type SearchSort } from '../../shared/search-url.ts';
import { Meta } from '../components/Meta.tsx';
import { Link } from '../components/Link.tsx';
import { scrollToY } from '../lib/scroll.ts';
import { useHydrated } from '../lib/useHydrated.ts';
import { useSearchPage, type SearchPageState } from '../components/search/useSearchPage.ts';
import { SEARCH_FORM_ID } from '../components/search/form-id.ts';
import { FilterChips, Pagination, SearchForm, prepareSearchForm } from '../components/search/LazySearchParts.tsx';
import { PlaceNameForm } from '../components/search/LazyPlaceNameForm.tsx';
import { ResultCards } from '../components/search/ResultCards.tsx';
import { ViewSwitch } from '../components/search/ViewSwitch.tsx';
import { MapResultsOnDemand, mapResults } from '../components/search/MapResultsOnDemand.tsx';
import { countText, searchTexts } from '../components/search/texts.ts';
import { SaveThisSearch } from '../components/saved-search/SaveThisSearch.tsx';
import { onDemand, useOnDemand } from '../lib/on-demand.ts';

const RESULTS_ID = 'search-results';
const PLACE_NAME_FORM_ID = 'place-name-form';
const RESULTS_ENDPOINT = '/api/properties';
// The same empty tree each render: the form's frame compares its props (lib/island.tsx).
const NO_PLACES: GeoNode[] = [];

// What a search that found nothing shows: most searches find something, so its code is loaded when needed.
const emptyResults = onDemand(() => import('../components/search/EmptyResults.tsx').then((mod) => mod.EmptyResults));

/**
 * Before the first render: the map view's code when the address asks for the map, the empty
 * search's when it found nothing, the filter form's as LazySearchParts says (the server's render:
 * the "more filters" when the address uses or asks for them; a client navigation's: the form's).
 */
export async function prepare(routePath: string, data: Readonly<Record<string, unknown>>): Promise<void> {
  const query = new URLSearchParams(routePath.split('?')[1] ?? '');
  await Promise.all([
    query.get('view') === 'map' ? mapResults.load() : null,
    foundNothing(data) ? emptyResults.load() : null,
    prepareSearchForm(query),
  ]);
}

/** The page's reads hold a search that found nothing (a search page reads one search). */
function foundNothing(data: Readonly<Record<string, unknown>>): boolean {
  return Object.entries(data).some(
    ([key, answer]) => key.split('?')[0] === RESULTS_ENDPOINT && (answer as SearchAnswer | undefined)?.data.length === 0,
  );
}

export default function SearchPage({ match }: PageProps) {
  const state = useSearchPage(match);
  const { filters, results, geo } = state;
  const answer = results.data;
  const place = geo.data?.data.place ?? null;
  const trail = place?.trail ?? [];
  const total = answer?.meta.total;
  const texts = searchTexts(place, total, filters.page);
  const [fullscreen, setFullscreen] = useState(false);
  const isMap = filters.view === 'map';

  usePageScroll(filters.page);
  useEffect(() => {
    const on = fullscreen && isMap;
    document.documentElement.classList.toggle('has-fullscreen-map', on);
    return () => document.documentElement.classList.remove('has-fullscreen-map');
  }, [fullscreen, isMap]);

  const pagination = answer ? <Pagination page={filters.page} pages={answer.meta.pages} hrefFor={state.hrefFor} /> : null;
  const updating = results.updating;
  const foundNone = answer?.data.length === 0;
  // Loaded before the first render of a search that found nothing (prepare), and while a new search
  // is on its way, so that it is there when the answer is empty: the page never shows the old cards as that answer.
  const { value: EmptyResults } = useOnDemand(emptyResults, foundNone || updating);
  const empty = foundNone && EmptyResults ? <EmptyResults state={state} pastEnd={answer.meta.total > 0} trail={trail} /> : null;

  return (
    <div className={`container page search-page search-page--${filters.view}${fullscreen && isMap ? ' is-map-fullscreen' : ''}`}>
      {/* One search, one address: legacy and form URLs point at the readable one; the view is no part of it. */}
      <Meta title={texts.title} description={texts.description} canonicalPath={state.hrefFor({ view: 'grid' })} />
      <header className="search-head">
        {place ? <PlaceTrail state={state} trail={[...place.trail, place]} /> : null}
        <h1 className="search-head__title">{texts.heading}</h1>
        <p className="search-head__count" role="status">
          {total !== undefined ? countText(total) : ''}
        </p>
        <SaveThisSearch filters={filters} />
      </header>

      <div className="search-layout">
        <FiltersPanel state={state} place={place}>
          <PlaceNameForm id={PLACE_NAME_FORM_ID} filters={filters} />
          <SearchForm
            id={SEARCH_FORM_ID}
            filters={filters}
            root={state.root}
            mapQuery={state.mapQuery}
            go={state.go}
            hrefFor={state.hrefFor}
            remember={state.remember}
            tree={geo.data?.data.tree ?? NO_PLACES}
            place={place}
          />
        </FiltersPanel>

        <section
          id={RESULTS_ID}
          className={updating ? 'search-layout__results is-updating' : 'search-layout__results'}
          aria-labelledby="search-results-title"
          aria-busy={updating}
        >
          <h2 id="search-results-title" className="visually-hidden">
            {t('search.results')}
          </h2>
          <div className="search-toolbar">
            <SortField state={state} />
            {filters.bbox ? (
              <Link
                className="search-chip"
                href={state.hrefFor({ bbox: undefined, page: 1 })}
                onClick={() => state.remember({ bbox: undefined })}
                aria-label={t('search.chips.removeMapArea')}
              >
                {t('search.chips.mapArea')} <span aria-hidden="true">×</span>
              </Link>
            ) : null}
            <ViewSwitch state={state} />
          </div>

          {results.error ? (
            <div className="search-error" role="alert">
              <p>{t('messages.networkError')}</p>
              <button type="button" className="button button--outline" onClick={results.retry}>
                {t('search.retry')}
              </button>
            </div>
          ) : null}
          {updating ? (
            <p className="visually-hidden" role="status">
              {t('search.updating')}
            </p>
          ) : null}

          {isMap ? (
            <MapResultsOnDemand state={state} projects={answer?.data ?? []} fullscreen={fullscreen} onFullscreenChange={setFullscreen}>
              {empty}
              {pagination}
            </MapResultsOnDemand>
          ) : (
            <>
              {foundNone ? empty : <ResultCards projects={answer?.data ?? []} variant={filters.view === 'list' ? 'list' : 'grid'} />}
              {pagination}
            </>
          )}
        </section>
      </div>
    </div>
  );
}

// Whether the visitor opened the filters on a narrow screen; kept across the
// new page a change of place is (the hydrating render starts closed, as the server's).
let filtersOpen = false;

/**
 * Below 992 px the filters fold behind a button, so the results are in view;
 * the filters in use show beside it as chips. Only with scripting (CSS
 * `scripting: enabled`): without it the form stays open.
 */
function FiltersPanel({ state, place, children }: { state: SearchPageState; place: PlaceRef | null; children: ReactNode }) {
  const [open, setOpen] = useState(filtersOpen);
  const inUse = filtersInUse(state.filters).length;
  const toggle = () => setOpen((filtersOpen = !open));
  // With the page's code, every change of the form applies at once: styles hide its submit button.
  const live = useHydrated() ? ' is-live' : '';
  return (
    <aside className={`search-layout__filters${open ? ' is-open' : ''}${live}`}>
      <div className="search-filters-bar" role="group" aria-label={t('search.chips.label')}>
        <button
          type="button"
          className="button button--outline search-filters-toggle"
          aria-expanded={open}
          aria-controls={`${PLACE_NAME_FORM_ID} ${SEARCH_FORM_ID}`}
          onClick={toggle}
        >
          {inUse ? t('search.chips.toggleCount', { count: inUse }) : t('search.chips.toggle')}
        </button>
        <FilterChips filters={state.filters} place={place} hrefFor={state.hrefFor} remember={state.remember} />
      </div>
      {children}
    </aside>
  );
}

/** A new page of results starts at the top of the results (not on the first render). */
function usePageScroll(page: number) {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) return void (first.current = false);
    const el = document.getElementById(RESULTS_ID);
    if (el && el.getBoundingClientRect().top < 0) scrollToY(el.getBoundingClientRect().top + window.scrollY);
  }, [page]);
}

function SortField({ state }: { state: SearchPageState }) {
  return (
    <div className="search-toolbar__sort">
      <label htmlFor="search-sort">{t('search.sort.label')}</label>
      <select
        id="search-sort"
        className="field__input"
        name="sort"
        form={SEARCH_FORM_ID}
        value={state.filters.sort}
        onChange={(e) => state.go({ sort: e.target.value as SearchSort, page: 1 })}
      >
        {SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {t(`search.sort.${sort}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

const geoOf = (place: PlaceRef) => geoFromSegments(place.path.split('/')) ?? {};

/** All areas › Spain › Alicante › Torrevieja: each level a search of its own. */
function PlaceTrail({ state, trail }: { state: SearchPageState; trail: PlaceRef[] }) {
  const here = geoSegments(state.filters.esGeo).length;
  return (
    <nav className="search-trail" aria-label={t('search.breadcrumb')}>
      <ol>
        <li>
          <Link href={state.hrefFor({ esGeo: {}, page: 1 })} onClick={() => state.remember({ esGeo: {} })}>
            {t('search.allAreas')}
          </Link>
        </li>
        {trail.map((p, i) => (
          <li key={p.path}>
            {i === here - 1 ? (
              <span aria-current="page">{p.name}</span>
            ) : (
              <Link href={state.hrefFor({ esGeo: geoOf(p), page: 1 })} onClick={() => state.remember({ esGeo: geoOf(p) })}>
                {p.name}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
