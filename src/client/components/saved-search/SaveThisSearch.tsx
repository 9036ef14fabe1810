// "Save this search" on every search page: a disclosure (a native <details>,
// so it opens by keyboard and without JavaScript) for the filters on screen.
// Its form is not in the page as sent: without JavaScript the disclosure holds
// a link to the save page (/saved-searches/new, the same form); with it,
// opening loads the form (SaveSearchPanel.tsx) in place and moves the focus to
// its first field.
import { useState, type SyntheticEvent } from 'react';
import { savedSearchPath } from '../../../shared/saved-search-path.ts';
import type { SearchFilters } from '../../../shared/search-url.ts';
import { t } from '../../../shared/i18n.ts';
import { useHref } from '../../lib/section.tsx';
import { onDemand, useOnDemand } from '../../lib/on-demand.ts';
import { useAddress } from '../Link.tsx';

const savePanel = onDemand(() => import('./SaveSearchPanel.tsx').then((mod) => mod.SaveSearchPanel));

export function SaveThisSearch({ filters }: { filters: SearchFilters }) {
  const search = savedSearchPath(filters);
  const savePage = useAddress(useHref(`/saved-searches/new?search=${encodeURIComponent(search)}`));
  const [open, setOpen] = useState(false);
  const Panel = useOnDemand(savePanel, open).value;
  return (
    <details className="save-search" onToggle={(event: SyntheticEvent<HTMLDetailsElement>) => setOpen(event.currentTarget.open)}>
      <summary className="button button--outline save-search__open">{t('savedSearches.saveOpen')}</summary>
      <div className="save-search__panel">
        {open && Panel ? (
          // A new search is a new form: no message of the last one stays.
          <Panel key={search} search={search} />
        ) : (
          <a className="save-search__page" href={savePage} aria-busy={open}>
            {t('savedSearches.saveTitle')}
          </a>
        )}
      </div>
    </details>
  );
}
