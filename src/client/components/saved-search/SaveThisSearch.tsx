// "Save this search" on every search page: a disclosure (a native <details>,
// so it opens by keyboard and without JavaScript) holding the save form for
// the filters on screen. Opening it moves focus to its first field.
import type { SyntheticEvent } from 'react';
import { savedSearchPath } from '../../../shared/saved-searches.ts';
import type { SearchFilters } from '../../../shared/search-url.ts';
import { t } from '../../../shared/i18n.ts';
import { SaveSearchForm } from './LazySaveSearchForm.tsx';

function focusFirstField(event: SyntheticEvent<HTMLDetailsElement>) {
  if (event.currentTarget.open) event.currentTarget.querySelector<HTMLElement>('input:not([type="hidden"]), select')?.focus();
}

export function SaveThisSearch({ filters }: { filters: SearchFilters }) {
  const search = savedSearchPath(filters);
  return (
    <details className="save-search" onToggle={focusFirstField}>
      <summary className="button button--outline save-search__open">{t('savedSearches.save.open')}</summary>
      <div className="save-search__panel">
        <h2 className="save-search__title">{t('savedSearches.save.title')}</h2>
        <p>{t('savedSearches.save.lead')}</p>
        {/* A new search is a new form: no message of the last one stays. */}
        <SaveSearchForm key={search} search={search} />
      </div>
    </details>
  );
}
