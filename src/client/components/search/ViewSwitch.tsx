// Grid, list or map: links (so they work without JavaScript) that keep the
// search and remember the choice.
import { t } from '../../../shared/i18n.ts';
import { SEARCH_VIEWS, type SearchView } from '../../../shared/search-url.ts';
import { Link } from '../Link.tsx';
import type { SearchPageState } from './useSearchPage.ts';

export function ViewSwitch({ state }: { state: SearchPageState }) {
  const current = state.filters.view;
  return (
    <nav className="view-switch" aria-label={t('search.views.label')}>
      {SEARCH_VIEWS.map((view: SearchView) => (
        <Link
          key={view}
          className={view === current ? 'view-switch__link is-current' : 'view-switch__link'}
          href={state.hrefFor({ view })}
          aria-current={view === current ? 'true' : undefined}
          data-view={view}
          prefetch={false}
          onClick={() => state.remember({ view })}
        >
          {t(`search.views.${view}`)}
        </Link>
      ))}
    </nav>
  );
}
