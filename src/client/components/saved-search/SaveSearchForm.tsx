// "Save this search" (issue 13): an email (none for a logged-in client, whose
// account's address is used), how often, and the search itself in a hidden
// field. A plain form POST to the section's /saved-searches without
// JavaScript (render/saved-search-posts.ts answers 303 to a page); with it,
// POST /api/saved-searches and the answer announced in place: a status for
// success, the message under the field (and focus on it) for an error. Once
// hydrated the address is checked here (the browser's own bubble is not
// announced the same way and cannot be styled), before anything is sent.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FREQUENCIES, type Frequency, type SaveAnswer } from '../../../shared/saved-searches.ts';
import { HttpError } from '../../../shared/errors.ts';
import { t } from '../../../shared/i18n.ts';
import { postJson } from '../../lib/api.ts';
import { useUser } from '../../lib/auth.tsx';
import { useHref, useSection } from '../../lib/section.tsx';
import { useHydrated } from '../../lib/useHydrated.ts';
import { useAddress } from '../Link.tsx';

export interface SaveSearchFormProps {
  /** The canonical search (shared/saved-searches.ts savedSearchPath). */
  search: string;
  frequency?: Frequency;
  /** A field the server refused without JavaScript ('email', 'frequency', 'search' or 'limited'). */
  error?: string | null;
}

const FIELD_MESSAGES: Record<string, () => string> = {
  email: () => t('forms.errors.email'),
  frequency: () => t('savedSearches.save.frequency'),
  search: () => t('savedSearches.errors.searchPage'),
  limited: () => t('savedSearches.errors.rateLimited'),
};

export function SaveSearchForm({ search, frequency = 'daily', error = null }: SaveSearchFormProps) {
  const user = useUser();
  const section = useSection();
  const hydrated = useHydrated();
  const action = useAddress(useHref('/saved-searches'));
  // Not React's useId: the browser hydrates this form in a root of its own (lib/island.tsx), where
  // useId's ids differ from the server's (LeadForm.tsx's idPrefix). One such form per page.
  const id = 'save-search';
  const emailRef = useRef<HTMLInputElement>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ field: string | null; message: string } | null>(
    error ? { field: error === 'email' ? 'email' : null, message: (FIELD_MESSAGES[error] ?? FIELD_MESSAGES.search!)() } : null,
  );

  // Once the message is in the DOM (a frame callback may run before React has put it there).
  useEffect(() => {
    if (done) statusRef.current?.focus();
  }, [done]);

  // Set at once, not after the checking's import as `busy` is: a second press meanwhile sends nothing more.
  const sending = useRef(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending.current) return;
    sending.current = true;
    try {
      await send(new FormData(event.currentTarget));
    } finally {
      sending.current = false;
    }
  }

  async function send(data: FormData) {
    const email = String(data.get('email') ?? '');
    const partner = section.section === 'partner' && !section.hostPartner ? section.partnerSlug : null;
    // The check loads with the first sending (forms/checking.ts), not with the page.
    if (!user && !(await import('../forms/checking.ts')).isEmail(email.trim())) {
      setFailure({ field: 'email', message: t('forms.errors.email') });
      emailRef.current?.focus();
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const answer = await postJson<SaveAnswer>('/api/saved-searches', {
        ...(user ? {} : { email }),
        search,
        frequency: String(data.get('frequency')),
        ...(partner ? { partner } : {}),
      });
      setDone(
        answer.data.status === 'active'
          ? t('savedSearches.save.saved', { email: user?.email ?? email })
          : t('savedSearches.save.sent', { email }),
      );
    } catch (caught) {
      // The server names the refused field (`field`); its message is for people reading the API.
      const refused = caught instanceof HttpError ? caught : null;
      const field = refused?.field === 'email' ? 'email' : null;
      const known = refused?.statusCode === 429 ? 'limited' : refused?.field && FIELD_MESSAGES[refused.field] ? refused.field : null;
      setFailure({ field, message: known ? FIELD_MESSAGES[known]!() : (refused?.message ?? t('messages.networkError')) });
      if (field) emailRef.current?.focus();
    } finally {
      setBusy(false);
    }
  }

  if (done)
    return (
      <p className="save-search__done" role="status" tabIndex={-1} ref={statusRef}>
        {done}
      </p>
    );
  const emailError = failure?.field === 'email';
  return (
    <form className="save-search__form" method="post" action={action} onSubmit={submit} noValidate={hydrated} aria-busy={busy}>
      <input type="hidden" name="search" value={search} />
      {user ? (
        <p>{t('savedSearches.save.accountLead', { email: user.email })}</p>
      ) : (
        <div className="field">
          <label className="field__label" htmlFor={`${id}-email`}>
            {t('savedSearches.save.email')}
          </label>
          <input
            ref={emailRef}
            id={`${id}-email`}
            className="field__input"
            type="email"
            name="email"
            autoComplete="email"
            required
            aria-invalid={emailError || undefined}
            aria-describedby={emailError ? `${id}-error` : undefined}
          />
        </div>
      )}
      <div className="field">
        <label className="field__label" htmlFor={`${id}-frequency`}>
          {t('savedSearches.save.frequency')}
        </label>
        <select id={`${id}-frequency`} className="field__input" name="frequency" defaultValue={frequency}>
          {FREQUENCIES.map((f) => (
            <option key={f} value={f}>
              {t(`savedSearches.frequencies.${f}`)}
            </option>
          ))}
        </select>
      </div>
      {failure ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {failure.message}
        </p>
      ) : null}
      <p className="save-search__privacy">{t('savedSearches.save.privacy')}</p>
      <button type="submit" className="button button--primary" disabled={busy}>
        {t('savedSearches.save.submit')}
      </button>
    </form>
  );
}
