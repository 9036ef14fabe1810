// The second layer of the cookie consent (SPEC §4): the settings dialog
// (CookieDialog.tsx), mounted only while open. Its code is loaded when the
// visitor first opens it (issue 12: nothing of it runs before), and only in
// the browser: it is never rendered on the server or during hydration.
import { lazy, Suspense } from 'react';
import { useConsent } from '../../lib/consent.tsx';

const CookieDialog = lazy(() => import('./CookieDialog.tsx').then((m) => ({ default: m.CookieDialog })));

export function CookieModal() {
  const { ready, settingsOpen } = useConsent();
  // Mounted only while open, so each opening starts from what is stored.
  return ready && settingsOpen ? (
    <Suspense fallback={null}>
      <CookieDialog />
    </Suspense>
  ) : null;
}
