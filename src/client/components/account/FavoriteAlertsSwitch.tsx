// The profile's switch of the favorites alerts (issue 13): a checkbox saved as
// soon as it changes (POST /api/profilesubmit {favorite_alerts}); the answer's
// user is then shown everywhere, and the new state announced. A failure puts
// the box back and says so. The profile's forms need JavaScript, so the box is
// disabled until the page is hydrated rather than seeming to work without it.
import { useState } from 'react';
import type { ClientUser } from '../../../shared/accounts.ts';
import { t } from '../../../shared/i18n.ts';
import { saveProfile } from '../../lib/account-actions.ts';
import { useAuthStore } from '../../lib/auth.tsx';
import { useHydrated } from '../../lib/useHydrated.ts';

const ID = 'profile-favorite-alerts';

export function FavoriteAlertsSwitch({ user }: { user: ClientUser }) {
  const auth = useAuthStore();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<'saved' | 'failed' | null>(null);
  const change = async (on: boolean) => {
    // Not disabled while saving: a disabled box would lose the keyboard's focus.
    if (busy) return;
    setBusy(true);
    setStatus(null);
    try {
      await saveProfile(auth, { favorite_alerts: on });
      setStatus('saved');
    } catch {
      setStatus('failed');
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="account-section" aria-labelledby="profile-alerts-title">
      <h2 id="profile-alerts-title">{t('favoriteAlerts.profile.title')}</h2>
      <div className="field field--check">
        <div className="field__check">
          <input
            id={ID}
            name="favorite_alerts"
            type="checkbox"
            className="field__checkbox"
            checked={user.favorite_alerts}
            disabled={!hydrated}
            aria-busy={busy || undefined}
            aria-describedby={`${ID}-hint`}
            onChange={(e) => void change(e.target.checked)}
          />
          <label htmlFor={ID} className="field__label">
            {t('favoriteAlerts.profile.label')}
          </label>
        </div>
        <p id={`${ID}-hint`} className="field__hint">
          {t('favoriteAlerts.profile.hint')}
        </p>
      </div>
      <p role="status" className={status === 'failed' ? 'field__error' : undefined}>
        {status === 'saved'
          ? user.favorite_alerts
            ? t('favoriteAlerts.profile.on')
            : t('favoriteAlerts.profile.off')
          : status === 'failed'
            ? t('savedSearches.profile.failed')
            : ''}
      </p>
    </section>
  );
}
