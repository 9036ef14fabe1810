// The open "Save this search" of a search page (SaveThisSearch.tsx), loaded
// when the visitor opens it: what it does, and the form, whose first field
// takes the focus.
import { useEffect, useRef } from 'react';
import { t } from '../../../shared/i18n.ts';
import { SaveSearchForm } from './SaveSearchForm.tsx';

export function SaveSearchPanel({ search }: { search: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.querySelector<HTMLElement>('input:not([type="hidden"]), select')?.focus();
  }, []);
  return (
    <div ref={box}>
      <h2 className="save-search__title">{t('savedSearches.saveTitle')}</h2>
      <p>{t('savedSearches.save.lead')}</p>
      <SaveSearchForm search={search} />
    </div>
  );
}
