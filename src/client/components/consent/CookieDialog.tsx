// The second layer's dialog (SPEC §4), loaded when first opened
// (CookieModal.tsx): the three categories, necessary always on; optional and
// functional switches; save; close. Closing with switches that
// differ from what is stored first warns 'You have unsaved settings' and offers
// to save or discard; a second close discards.
//
// A native <dialog> opened with showModal(): the browser makes the rest of the
// page inert (so focus stays inside), puts it in the top layer and gives it
// the dialog role as a modal. Escape is handled here, so that it can warn
// about unsaved settings instead of closing at once.
import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type SyntheticEvent } from 'react';
import { t, type MessageKey } from '../../../shared/i18n.ts';
import { NO_CONSENT, type ConsentPreferences } from '../../../shared/consent.ts';
import { useConsent } from '../../lib/consent.tsx';
import { trackConsent } from '../../lib/tracking.ts';
import { focusMain } from './focus.ts';

type Switchable = keyof ConsentPreferences;

const CATEGORIES: Array<{ id: 'necessary' | Switchable; label: MessageKey; description: MessageKey }> = [
  { id: 'necessary', label: 'consent.necessary', description: 'consent.necessaryDescription' },
  { id: 'optional', label: 'consent.optional', description: 'consent.optionalDescription' },
  { id: 'functional', label: 'consent.functional', description: 'consent.functionalDescription' },
];

export function CookieDialog() {
  const consent = useConsent();
  const stored = consent.consent ?? NO_CONSENT;
  const [draft, setDraft] = useState<ConsentPreferences>({ optional: stored.optional, functional: stored.functional });
  const [warned, setWarned] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const warning = useRef<HTMLDivElement>(null);
  const ids = useId();
  const dirty = draft.optional !== stored.optional || draft.functional !== stored.functional;

  useLayoutEffect(() => {
    const el = dialog.current;
    if (!el) return;
    // The opener (the bar's or the footer's button, a 'here' link) gets the focus back.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!el.open) el.showModal();
    el.focus();
    document.body.classList.add('consent-open');
    return () => {
      document.body.classList.remove('consent-open');
      if (el.open) el.close();
      if (opener?.isConnected && !opener.closest('[inert]')) opener.focus({ preventScroll: true });
      else focusMain();
    };
  }, []);

  useLayoutEffect(() => {
    if (warned) warning.current?.focus();
  }, [warned]);

  const requestClose = () => {
    if (dirty && !warned) setWarned(true);
    else consent.closeSettings();
  };
  const save = () => {
    trackConsent(consent.save(draft));
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key !== 'Escape') return;
    // Cancelling the key stops the browser's own close request.
    e.preventDefault();
    e.stopPropagation();
    requestClose();
  };
  // Any other close request (e.g. a phone's back gesture) goes the same way.
  const onCancel = (e: SyntheticEvent<HTMLDialogElement>) => {
    e.preventDefault();
    requestClose();
  };
  // A click on the backdrop reaches the <dialog> itself; the panel fills it otherwise.
  const onClick = (e: MouseEvent<HTMLDialogElement>) => {
    if (e.target === e.currentTarget) requestClose();
  };
  const toggle = (id: Switchable) => {
    setWarned(false);
    setDraft((d) => ({ ...d, [id]: !d[id] }));
  };

  return (
    <dialog
      ref={dialog}
      className="cookie-modal"
      aria-labelledby={`${ids}-title`}
      aria-describedby={`${ids}-intro`}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      onCancel={onCancel}
      onClose={consent.closeSettings}
      onClick={onClick}
    >
      <div className="cookie-modal__panel">
        <div className="cookie-modal__head">
          <h2 id={`${ids}-title`} className="cookie-modal__title">
            {t('consent.title')}
          </h2>
          <button type="button" className="cookie-modal__x" onClick={requestClose}>
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">{t('consent.close')}</span>
          </button>
        </div>
        <p id={`${ids}-intro`} className="cookie-modal__intro">
          {t('consent.text')}
        </p>
        <ul className="cookie-modal__categories">
          {CATEGORIES.map((c) => {
            const necessary = c.id === 'necessary';
            const checked = c.id === 'necessary' ? true : draft[c.id];
            const input = `${ids}-${c.id}`;
            return (
              <li key={c.id} className="cookie-modal__category">
                <div className="cookie-modal__row">
                  <label htmlFor={input} className="cookie-modal__label">
                    {t(c.label)}
                  </label>
                  <input
                    id={input}
                    type="checkbox"
                    role="switch"
                    className="consent-switch"
                    name={c.id}
                    checked={checked}
                    disabled={necessary}
                    aria-describedby={`${input}-description`}
                    onChange={c.id === 'necessary' ? undefined : () => toggle(c.id as Switchable)}
                  />
                </div>
                <p id={`${input}-description`} className="cookie-modal__description">
                  {t(c.description)}
                </p>
              </li>
            );
          })}
        </ul>
        {warned && (
          <div ref={warning} className="cookie-modal__warning" role="alert" tabIndex={-1}>
            <p>{t('consent.unsaved')}</p>
            <div className="cookie-modal__actions">
              <button type="button" className="button button--primary" onClick={save}>
                {t('consent.save')}
              </button>
              <button type="button" className="button button--outline" onClick={consent.closeSettings}>
                {t('consent.discard')}
              </button>
            </div>
          </div>
        )}
        {!warned && (
          <div className="cookie-modal__actions">
            <button type="button" className="button button--primary" onClick={save}>
              {t('consent.save')}
            </button>
            <button type="button" className="button button--outline" onClick={requestClose}>
              {t('consent.close')}
            </button>
          </div>
        )}
      </div>
    </dialog>
  );
}
