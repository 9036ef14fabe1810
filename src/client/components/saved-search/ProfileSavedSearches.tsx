// The profile's saved searches (issue 13): a logged-in client's searches,
// saved at once from any search page, each with how often and a delete
// button (POST /api/saved-searches/change as the client). A failure is
// announced; the list shown is always the server's answer.
import { useState } from 'react';
import useSWR from 'swr';
import { FREQUENCIES, type ManageBody, type SavedSearchList } from '../../../shared/saved-searches.ts';
import { t } from '../../../shared/i18n.ts';
import { postJson } from '../../lib/api.ts';
import { SavedSearchSummary } from './SavedSearchSummary.tsx';

const KEY = '/api/saved-searches/mine';

export function ProfileSavedSearches() {
  const { data, mutate } = useSWR<SavedSearchList>(KEY, { revalidateOnMount: true });
  const [failed, setFailed] = useState(false);
  const change = async (body: ManageBody) => {
    setFailed(false);
    try {
      await mutate(await postJson<SavedSearchList>('/api/saved-searches/change', body), { revalidate: false });
    } catch {
      setFailed(true);
    }
  };
  const searches = data?.data.searches ?? [];
  return (
    <section className="account-section" aria-labelledby="profile-searches-title">
      <h2 id="profile-searches-title">{t('savedSearches.profile.title')}</h2>
      {/* Nothing said until the list is known (the page as sent has it: the route reads it). */}
      {data ? <p>{searches.length ? t('savedSearches.profile.lead') : t('savedSearches.profile.none')}</p> : null}
      {failed ? (
        <p role="alert" className="field__error">
          {t('savedSearches.profile.failed')}
        </p>
      ) : null}
      <ul className="saved-search__list">
        {searches.map((s) => (
          <li key={s.id} className="saved-search__item">
            <SavedSearchSummary search={s} level="h3" />
            <div className="saved-search__actions">
              <label htmlFor={`profile-search-${s.id}`} className="visually-hidden">
                {t('savedSearches.manage.frequency', { title: s.title })}
              </label>
              <select
                id={`profile-search-${s.id}`}
                className="field__input"
                value={s.frequency}
                onChange={(e) => change({ action: 'frequency', id: s.id, frequency: e.target.value as ManageBody['frequency'] })}
              >
                {FREQUENCIES.map((f) => (
                  <option key={f} value={f}>
                    {t(`savedSearches.frequencies.${f}`)}
                  </option>
                ))}
              </select>
              <button
                type="button"
                className="button button--outline"
                aria-label={t('savedSearches.manage.deleteNamed', { title: s.title })}
                onClick={() => change({ action: 'delete', id: s.id })}
              >
                {t('savedSearches.manage.delete')}
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
