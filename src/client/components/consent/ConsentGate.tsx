// Embedded content from another service (an iframe: video, map) behind the
// visitor's choice (SPEC §4): its children are rendered, and so loaded, only
// when functional cookies are allowed. Otherwise, and always on the server and
// during hydration (cached pages are the same for everyone), a placeholder
// says 'To see this, please enable functional cookies' with a 'here' button
// that opens the cookie settings.
//
//   <ConsentGate className="video">
//     <iframe src={url} title={title} loading="lazy" />
//   </ConsentGate>
import { useId, type ReactNode } from 'react';
import { t } from '../../../shared/i18n.ts';
import { useConsent } from '../../lib/consent.tsx';

export interface ConsentGateProps {
  children: ReactNode;
  /** Sizes the box (e.g. an aspect ratio or a height), the same for the placeholder and the embed. */
  className?: string;
}

export function ConsentGate({ children, className }: ConsentGateProps) {
  const { ready, allowed } = useConsent();
  const classes = ['consent-gate', className].filter(Boolean).join(' ');
  if (ready && allowed('functional')) return <div className={`${classes} is-allowed`}>{children}</div>;
  return (
    <div className={`${classes} is-blocked`}>
      <BlockedMessage className="consent-gate__message" linkClassName="consent-gate__here" />
    </div>
  );
}

/** 'To see this, please enable functional cookies' and the 'here' button that opens the settings. */
export function BlockedMessage({ className, linkClassName }: { className: string; linkClassName?: string }) {
  const { openSettings } = useConsent();
  const id = useId();
  return (
    <p className={className}>
      <span id={id}>{t('consent.blocked')}</span>{' '}
      <button
        type="button"
        className={linkClassName ? `consent-link ${linkClassName}` : 'consent-link'}
        aria-describedby={id}
        aria-haspopup="dialog"
        onClick={openSettings}
      >
        {t('consent.here')}
      </button>
    </p>
  );
}
