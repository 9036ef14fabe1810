// In a map's corner while its tiles wait for functional cookies: the wording of
// ConsentGate ('To see this, please enable functional cookies', 'here' opening
// the settings). The markers work meanwhile, on a plain background.
import { useId } from 'react';
import { t } from '../../../shared/i18n.ts';
import { useConsent } from '../../lib/consent.tsx';

export function ConsentNotice() {
  const { openSettings } = useConsent();
  const id = useId();
  return (
    <p className="map-notice map-notice--consent">
      <span id={id}>{t('consent.blocked')}</span>{' '}
      <button type="button" className="consent-link" aria-describedby={id} aria-haspopup="dialog" onClick={openSettings}>
        {t('consent.here')}
      </button>
    </p>
  );
}
