// A labelled form field: a visible <label>, the input (or a textarea for a
// message), and its inline error, tied to the input by aria-describedby and
// announced through aria-invalid. Required fields are marked with an asterisk
// (hidden from screen readers, which read `required`); optional ones say so.
import type { ChangeEvent } from 'react';
import { t } from '../../../shared/i18n.ts';

export interface FieldProps {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | undefined;
  required?: boolean;
  multiline?: boolean;
  type?: 'text' | 'email' | 'tel' | 'password';
  inputMode?: 'text' | 'email' | 'tel' | 'numeric';
  autoComplete: string;
  placeholder?: string;
  /** Spans the form's full width (a message, a subject). */
  wide?: boolean;
}

export function Field({
  id,
  name,
  label,
  value,
  onChange,
  onBlur,
  error,
  required,
  multiline,
  type = 'text',
  inputMode,
  autoComplete,
  placeholder,
  wide,
}: FieldProps) {
  const errorId = `${id}-error`;
  const common = {
    id,
    name,
    value,
    required,
    autoComplete,
    placeholder,
    onBlur,
    className: 'field__input',
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(e.target.value),
  };
  const classes = ['field', wide && 'field--wide', error && 'field--invalid'].filter(Boolean).join(' ');
  return (
    <div className={classes}>
      <label className="field__label" htmlFor={id}>
        {label}
        {required ? (
          <span className="field__mark" aria-hidden="true">
            {' *'}
          </span>
        ) : (
          <span className="field__mark">{` (${t('forms.optional')})`}</span>
        )}
      </label>
      {multiline ? <textarea {...common} rows={6} /> : <input {...common} type={type} inputMode={inputMode} />}
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}
