// A saved search as the manage page and the profile list it: its title as a
// link to its results (on the site where it was saved), that site, and its status.
import type { SavedSearchView } from '../../../shared/saved-searches.ts';
import { t } from '../../../shared/i18n.ts';

export function SavedSearchSummary({ search: s, level, id }: { search: SavedSearchView; level: 'h2' | 'h3'; id?: string }) {
  const Heading = level;
  return (
    <>
      <Heading id={id} className="saved-search__title">
        <a href={s.href}>{s.title}</a>
      </Heading>
      <p className="saved-search__meta">
        {t('savedSearches.manage.site', { site: s.site })} · {t(`savedSearches.statuses.${s.status}`)}
      </p>
    </>
  );
}
