// The first layer of the cookie consent (SPEC §4): the text and the four
// choices, refusing as easy as accepting (same size, same place, one click).
// Shown only in the browser, after hydration, while no choice is stored.
import { t } from '../../../shared/i18n.ts';
import type { ConsentChoice } from '../../../shared/consent.ts';
import { useConsent } from '../../lib/consent.tsx';
import { trackConsent } from '../../lib/tracking.ts';
import { focusMain } from './focus.ts';

export function CookieBar() {
  const consent = useConsent();
  if (!consent.ready || consent.consent) return null;

  const choose = (choice: ConsentChoice) => {
    const stored = consent.choose(choice);
    trackConsent(stored);
    // The bar and the focused button go away: focus the page, not the void.
    focusMain();
  };

  return (
    <section className="cookie-bar" aria-label={t('consent.barLabel')}>
      <div className="container cookie-bar__inner">
        <p className="cookie-bar__text">{t('consent.text')}</p>
        <div className="cookie-bar__actions">
          <button type="button" className="button button--primary cookie-bar__button" onClick={() => choose('accept-all')}>
            {t('consent.acceptAll')}
          </button>
          <button type="button" className="button button--primary cookie-bar__button" onClick={() => choose('decline-all')}>
            {t('consent.declineAll')}
          </button>
          <button type="button" className="button button--outline cookie-bar__button" onClick={() => choose('necessary-only')}>
            {t('consent.necessaryOnly')}
          </button>
          <button type="button" className="button button--outline cookie-bar__button" aria-haspopup="dialog" onClick={consent.openSettings}>
            {t('consent.manage')}
          </button>
        </div>
      </div>
    </section>
  );
}
