// The saved-search pages (issue 13), in every section; all work without
// JavaScript, their forms posting to render/saved-search-posts.ts:
//   …/saved-searches/new?search=…&error=…     the save form again (a form sent without JavaScript was refused)
//   …/saved-searches/sent                      "check your inbox" (or "saved", for a client)
//   …/saved-searches/manage/{token}?done=…     the address's searches: how often, stop, resume, delete, delete all
//   …/saved-searches/unsubscribe/{token}       stop one search (the mail's link), and a way to manage all
import { useSearch } from 'wouter';
import type { PageProps } from './index.ts';
import { FREQUENCIES, readSavedSearch, type Frequency, type SavedSearchView } from '../../shared/saved-searches.ts';
import { describeSearch } from '../../shared/saved-search-words.ts';
import { t } from '../../shared/i18n.ts';
import { Meta } from '../components/Meta.tsx';
import { Link, useAddress } from '../components/Link.tsx';
import { PageHeader } from '../components/Sections.tsx';
import { SaveSearchForm } from '../components/saved-search/SaveSearchForm.tsx';
import { SavedSearchSummary } from '../components/saved-search/SavedSearchSummary.tsx';
import { OneClickForm } from '../components/saved-search/OneClickForm.tsx';
import { useRouteData } from '../lib/useRouteData.ts';
import { useHref } from '../lib/section.tsx';

export default function SavedSearchPage({ match }: PageProps) {
  const step = match.route.name.replace(/^.*:saved-search-/, '');
  if (step === 'manage') return <ManagePage match={match} />;
  if (step === 'unsubscribe') return <UnsubscribePage match={match} />;
  return step === 'sent' ? <SentPage /> : <NewPage />;
}

function NewPage() {
  const query = new URLSearchParams(useSearch());
  const search = query.get('search') ?? '/search';
  const filters = readSavedSearch(search);
  const frequency = FREQUENCIES.find((f) => f === query.get('frequency'));
  return (
    <>
      <Meta title={t('savedSearches.saveTitle')} description={t('savedSearches.save.lead')} noindex />
      <PageHeader title={t('savedSearches.saveTitle')} lead={filters ? describeSearch(filters) : t('savedSearches.save.lead')} />
      <div className="container page saved-search">
        <SaveSearchForm search={filters ? search : '/search'} frequency={frequency} error={query.get('error')} />
      </div>
    </>
  );
}

function SentPage() {
  const active = new URLSearchParams(useSearch()).get('status') === 'active';
  const results = useHref('/search');
  return (
    <>
      <Meta
        title={active ? t('savedSearches.save.savedTitle') : t('savedSearches.save.sentTitle')}
        description={t('savedSearches.save.lead')}
        noindex
      />
      <PageHeader
        title={active ? t('savedSearches.save.savedTitle') : t('savedSearches.save.sentTitle')}
        lead={active ? t('savedSearches.save.savedNoJs') : t('savedSearches.save.sentNoJs')}
      />
      <div className="container page saved-search">
        <Link className="button button--outline" href={results}>
          {t('savedSearches.save.back')}
        </Link>
      </div>
    </>
  );
}

const DONE: Record<string, () => string> = {
  confirmed: () => t('savedSearches.manage.confirmed'),
  frequency: () => t('savedSearches.manage.updated'),
  resume: () => t('savedSearches.manage.updated'),
  delete: () => t('savedSearches.manage.deleted'),
  'delete-all': () => t('savedSearches.manage.deletedAll'),
};

function ManagePage({ match }: PageProps) {
  const answer = useRouteData(match, '/api/saved-searches/manage');
  const done = DONE[new URLSearchParams(useSearch()).get('done') ?? ''];
  const action = useAddress(useHref(`/saved-searches/manage/${match.params.token}`));
  if (!answer) return null;
  const { email, searches } = answer.data;
  return (
    <>
      <Meta title={t('savedSearches.manage.metaTitle')} description={t('savedSearches.manage.privacy')} noindex />
      <PageHeader title={t('savedSearches.manage.title')} lead={t('savedSearches.manage.lead', { email })} />
      <div className="container page saved-search">
        {done ? (
          <p className="saved-search__notice" role="status">
            {done()}
          </p>
        ) : null}
        {searches.length ? (
          <>
            <ul className="saved-search__list">
              {searches.map((s) => (
                <li key={s.id} className="saved-search__item">
                  <SavedSearchRow search={s} action={action} />
                </li>
              ))}
            </ul>
            <form method="post" action={action}>
              <input type="hidden" name="action" value="delete-all" />
              <button type="submit" className="button button--outline">
                {t('savedSearches.manage.deleteAll')}
              </button>
            </form>
          </>
        ) : (
          <p>{t('savedSearches.manage.empty')}</p>
        )}
        <p className="saved-search__privacy">{t('savedSearches.manage.privacy')}</p>
      </div>
    </>
  );
}

/** One search with its forms: posted to `action` (the manage page) without JavaScript. */
function SavedSearchRow({ search: s, action }: { search: SavedSearchView; action: string }) {
  const selectId = `saved-search-${s.id}-frequency`;
  return (
    <article aria-labelledby={`saved-search-${s.id}-title`}>
      <SavedSearchSummary search={s} level="h2" id={`saved-search-${s.id}-title`} />
      <div className="saved-search__actions">
        <form method="post" action={action} className="saved-search__frequency">
          <input type="hidden" name="action" value="frequency" />
          <input type="hidden" name="id" value={s.id} />
          <label htmlFor={selectId} className="visually-hidden">
            {t('savedSearches.manage.frequency', { title: s.title })}
          </label>
          <select id={selectId} name="frequency" className="field__input" defaultValue={s.frequency}>
            {FREQUENCIES.map((f: Frequency) => (
              <option key={f} value={f}>
                {t(`savedSearches.frequencies.${f}`)}
              </option>
            ))}
          </select>
          <button type="submit" className="button button--outline">
            {t('savedSearches.manage.change')}
          </button>
        </form>
        {s.status === 'stopped' ? (
          <form method="post" action={action}>
            <input type="hidden" name="action" value="resume" />
            <input type="hidden" name="id" value={s.id} />
            <button type="submit" className="button button--outline">
              {t('savedSearches.manage.resume')}
            </button>
          </form>
        ) : null}
        <form method="post" action={action}>
          <input type="hidden" name="action" value="delete" />
          <input type="hidden" name="id" value={s.id} />
          <button type="submit" className="button button--outline" aria-label={t('savedSearches.manage.deleteNamed', { title: s.title })}>
            {t('savedSearches.manage.delete')}
          </button>
        </form>
      </div>
    </article>
  );
}

function UnsubscribePage({ match }: PageProps) {
  const answer = useRouteData(match, '/api/saved-searches/unsubscribe');
  const token = match.params.token ?? '';
  const action = useAddress(useHref(`/saved-searches/unsubscribe/${token}`));
  const manage = useAddress(useHref(`/saved-searches/manage/${token}`));
  if (!answer) return null;
  const { title, status } = answer.data;
  const stopped = status === 'stopped';
  return (
    <>
      <Meta title={t('savedSearches.unsubscribe.metaTitle')} description={t('savedSearches.manage.privacy')} noindex />
      <PageHeader
        title={stopped ? t('savedSearches.manage.stopped') : t('savedSearches.unsubscribe.title')}
        lead={stopped ? t('savedSearches.unsubscribe.done', { title }) : t('savedSearches.unsubscribe.lead', { title })}
      />
      <div className="container page saved-search">
        {stopped ? null : <OneClickForm action={action} label={t('savedSearches.unsubscribe.submit')} />}
        <p>
          <a href={manage}>{t('savedSearches.unsubscribe.manage')}</a>
        </p>
      </div>
    </>
  );
}
