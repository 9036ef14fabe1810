// Share a page (issue 22): its own address in its section (a partner's path or
// domain, so the partner keeps the visitor it sends). Where the browser has
// the Web Share API, one button opens the device's own sharing; else WhatsApp,
// e-mail and "Copy link". Without JavaScript the WhatsApp and e-mail links
// work as they are; copying needs a script, so its button comes with it.
import { useState } from 'react';
import { t } from '../../../shared/i18n.ts';
import { pageAddresses } from '../../lib/page-addresses.ts';
import { useHydrated } from '../../lib/useHydrated.ts';
import { usePageWhere } from '../../lib/usePageWhere.ts';

export function ShareLinks({ title }: { title: string }) {
  const url = pageAddresses(usePageWhere()).url;
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  const native = hydrated && typeof navigator.share === 'function';
  const copy = () =>
    navigator.clipboard.writeText(url).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  return (
    <div className="share" role="group" aria-label={t('share.label', { title })}>
      {native ? (
        <button type="button" className="share__button" onClick={() => void navigator.share({ title, url }).catch(() => {})}>
          {t('share.share')}
        </button>
      ) : (
        <>
          <a
            className="share__button"
            href={`https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('share.whatsapp')}
          </a>
          <a className="share__button" href={`mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(url)}`}>
            {t('share.email')}
          </a>
          {/* Last, so that its coming with the script moves nothing already drawn. */}
          {hydrated ? (
            <button type="button" className="share__button" onClick={() => void copy()}>
              {t('share.copy')}
            </button>
          ) : null}
        </>
      )}
      <span className="share__status" role="status">
        {copied ? t('share.copied') : ''}
      </span>
    </div>
  );
}
