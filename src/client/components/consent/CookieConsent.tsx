// The cookie consent UI, mounted once in every layout (layouts/index.tsx): the
// bar while no choice is stored, and the settings dialog while it is open.
// Both render nothing on the server and during hydration.
import { t } from '../../../shared/i18n.ts';
import { useConsent } from '../../lib/consent.tsx';
import { CookieBar } from './CookieBar.tsx';
import { CookieModal } from './CookieModal.tsx';

export function CookieConsent() {
  return (
    <>
      <CookieBar />
      <CookieModal />
    </>
  );
}

/** Reopens the settings (the footer's 'Cookie settings'). */
export function CookieSettingsButton({ className }: { className?: string }) {
  const { openSettings } = useConsent();
  return (
    <button type="button" className={['consent-link', className].filter(Boolean).join(' ')} aria-haspopup="dialog" onClick={openSettings}>
      {t('consent.title')}
    </button>
  );
}
