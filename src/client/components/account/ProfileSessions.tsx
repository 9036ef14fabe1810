// The profile's sessions (issue 20): where the client is logged in (device,
// last seen, this device), read after load (GET /api/client-sessions), and
// "Log out everywhere else" (POST /api/client-logout-others), whose answer is
// the list that is left. Like the profile's other forms it needs JavaScript:
// the button is disabled until the page is hydrated.
import { useState } from 'react';
import useSWR from 'swr';
import type { SessionsAnswer } from '../../../shared/accounts.ts';
import { formatDayTime } from '../../../shared/dates.ts';
import { t } from '../../../shared/i18n.ts';
import { postJson } from '../../lib/api.ts';
import { useHydrated } from '../../lib/useHydrated.ts';

const KEY = '/api/client-sessions';

export function ProfileSessions() {
  const { data, mutate } = useSWR<SessionsAnswer>(KEY, { revalidateOnMount: true });
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<'done' | 'failed' | null>(null);
  const sessions = data?.data ?? [];
  const others = sessions.some((s) => !s.current);
  const logOutOthers = async () => {
    if (busy) return;
    setBusy(true);
    setStatus(null);
    try {
      await mutate(await postJson<SessionsAnswer>('/api/client-logout-others', {}), { revalidate: false });
      setStatus('done');
    } catch {
      setStatus('failed');
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="account-section" aria-labelledby="profile-sessions-title">
      <h2 id="profile-sessions-title">{t('accountUi.sessions.title')}</h2>
      <p>{t('accountUi.sessions.lead')}</p>
      <ul className="session-list">
        {sessions.map((s) => (
          <li key={s.id} className="session-list__item">
            <strong className="session-list__device">{s.device}</strong>
            {s.current ? <span className="session-list__current">{t('accountUi.sessions.thisDevice')}</span> : null}
            <span className="session-list__seen">{t('accountUi.sessions.lastSeen', { date: formatDayTime(s.last_seen_at) })}</span>
          </li>
        ))}
      </ul>
      {data && !others ? <p>{t('accountUi.sessions.onlyThis')}</p> : null}
      {others ? (
        <button
          type="button"
          className="button button--outline"
          disabled={!hydrated}
          aria-busy={busy || undefined}
          onClick={() => void logOutOthers()}
        >
          {t('accountUi.sessions.logOutOthers')}
        </button>
      ) : null}
      <p role="status" className={status === 'failed' ? 'field__error' : undefined}>
        {status === 'done' ? t('accountUi.sessions.done') : status === 'failed' ? t('accountUi.sessions.failed') : ''}
      </p>
    </section>
  );
}
