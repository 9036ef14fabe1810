// The pieces every account page is made of: the page's card (title, lead,
// content, links below), the form's fields from a list (the form kit's Field
// and useForm, as the lead forms use them), and the terms checkbox.
import type { FormEvent, ReactNode } from 'react';
import { t } from '../../../shared/i18n.ts';
import { Meta } from '../Meta.tsx';
import { Link } from '../Link.tsx';
import { Field, type FieldProps } from '../forms/Field.tsx';
import { FormStatusMessage, type UseForm } from '../forms/Form.tsx';
import { SubmitButton } from '../forms/SubmitButton.tsx';

export function AccountPage({
  title,
  lead,
  children,
  footer,
  wide = false,
}: {
  title: string;
  lead?: string;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}) {
  return (
    <section className={`account-page${wide ? ' account-page--wide' : ''}`} aria-labelledby="account-title">
      {/* Personal and one-off pages: nothing here for a search engine. */}
      <Meta title={title} noindex />
      <div className="account-card">
        <h1 id="account-title" className="account-card__title">
          {title}
        </h1>
        {lead && <p className="account-card__lead">{lead}</p>}
        {children}
      </div>
      {footer && <div className="account-page__links">{footer}</div>}
    </section>
  );
}

export interface AccountFieldSpec {
  name: string;
  label: string;
  type?: FieldProps['type'];
  autoComplete: string;
  required?: boolean;
  placeholder?: string;
}

/** An account form: its fields, then `extra` (the terms), the button and the status line. */
export function AccountForm({
  id,
  form,
  fields,
  submitLabel,
  labelledBy,
  extra,
}: {
  id: string;
  form: UseForm;
  fields: AccountFieldSpec[];
  submitLabel: string;
  labelledBy: string;
  extra?: ReactNode;
}) {
  return (
    <form
      className={`account-form account-form--${id}`}
      method="post"
      noValidate
      aria-labelledby={labelledBy}
      onSubmit={(e: FormEvent<HTMLFormElement>) => form.onSubmit(e)}
    >
      <div className="account-form__fields">
        {fields.map((f) => (
          <Field
            key={f.name}
            id={fieldId(id, f.name)}
            name={f.name}
            label={f.label}
            placeholder={f.placeholder}
            value={form.values[f.name] ?? ''}
            onChange={(v) => form.set(f.name, v)}
            error={form.error(f.name)}
            required={f.required ?? true}
            autoComplete={f.autoComplete}
            type={f.type}
            inputMode={f.type === 'email' ? 'email' : f.type === 'tel' ? 'tel' : undefined}
          />
        ))}
        {extra}
      </div>
      <div className="account-form__actions">
        <SubmitButton label={submitLabel} state={form.status.state} result={form.status.result} ready={form.ready} />
        <FormStatusMessage status={form.status} />
      </div>
    </form>
  );
}

/** The element id of a field: fixed per form (the lead forms say why not useId). */
export const fieldId = (formId: string, name: string) => `${formId}-${name.replace(/_/g, '-')}`;

/** The 'I agree with' the terms checkbox (SPEC §3, §5), linking to the terms page; its value is 'true' or ''. */
export function TermsCheckbox({ formId, form, termsHref }: { formId: string; form: UseForm; termsHref: string }) {
  const id = fieldId(formId, 'terms');
  const error = form.error('terms');
  return (
    <div className={`field field--check${error ? ' field--invalid' : ''}`}>
      <div className="field__check">
        <input
          id={id}
          name="terms"
          type="checkbox"
          className="field__checkbox"
          required
          checked={form.values.terms === 'true'}
          onChange={(e) => form.set('terms', e.target.checked ? 'true' : '')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <label htmlFor={id} className="field__label">
          {t('accountUi.register.agree')}{' '}
          <Link href={termsHref} target="_blank" rel="noopener">
            {t('accountUi.register.terms')}
            <span className="visually-hidden"> ({t('accountUi.register.newTab')})</span>
          </Link>
          <span className="field__mark" aria-hidden="true">
            {' *'}
          </span>
        </label>
      </div>
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
