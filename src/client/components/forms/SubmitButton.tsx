// The submit button of SPEC §4: idle, processing (a spinner; a second click does
// nothing) or done, where it shows a valid (✓) or invalid (✗) icon. The icon's
// meaning is also given in words for screen readers. A form the server cannot
// take without JavaScript (an account form) passes `ready`: its button is
// disabled until the page is hydrated. The lead forms pass none: the browser
// may send them itself (src/server/render/form-post.ts).
import { t } from '../../../shared/i18n.ts';
import { iconHref } from '../Icon.tsx';

export type SubmitState = 'idle' | 'processing' | 'done';
export type SubmitResult = 'valid' | 'invalid';

interface Props {
  label: string;
  state: SubmitState;
  result: SubmitResult | null;
  /** false: disabled (the page is not hydrated yet); absent: always enabled. */
  ready?: boolean;
}

export function SubmitButton({ label, state, result, ready }: Props) {
  const done = state === 'done' && result;
  const classes = ['button', 'button--primary', 'submit-button', `submit-button--${state}`, done && `submit-button--${result}`]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      type="submit"
      className={classes}
      disabled={ready === false}
      aria-disabled={state === 'processing' ? true : undefined}
      data-state={state}
      data-result={done ? result : undefined}
    >
      <span className="submit-button__label">{label}</span>
      {state === 'processing' && (
        <>
          <span className="submit-button__spinner" aria-hidden="true" />
          <span className="visually-hidden">{t('forms.sending')}</span>
        </>
      )}
      {done && (
        <>
          <svg
            className={`submit-button__icon submit-button__icon--${result}`}
            data-icon={result}
            viewBox="0 0 24 24"
            width={20}
            height={20}
            aria-hidden="true"
          >
            <use href={iconHref(result)} />
          </svg>
          <span className="visually-hidden">{result === 'valid' ? t('forms.sent') : t('forms.notSent')}</span>
        </>
      )}
    </button>
  );
}
