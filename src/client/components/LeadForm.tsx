// The lead forms of SPEC §3: the contact form (/contact in every section), the
// broker contact form (/uw-makelaar) and the property contact form (mounted by
// a property page with its project's id). Each is checked with the struct the
// server checks POST /api/leads with (src/shared/leads.ts, loaded on the form's
// first use: forms/checking.ts) and sent with the
// page it is on and the partner whose site this is. Without JavaScript the
// browser posts the same form to the page's own address, with the key the
// server put in a hidden field (src/server/render/form-post.ts); the page that
// answers carries the result, which the form starts from.
import type { LeadCreated, FormLeadKind } from '../../shared/leads.ts';
import { t, type MessageKey } from '../../shared/i18n.ts';
import { postJson } from '../lib/api.ts';
import { useSection } from '../lib/section.tsx';
import { Field, type FieldProps } from './forms/Field.tsx';
import { FieldGrid, FormStatusMessage, useForm, type FormStatus } from './forms/Form.tsx';
import { SubmitButton } from './forms/SubmitButton.tsx';
import { usePostedForm } from './forms/posted.tsx';
import { FORM_KEY_FIELD, type PostedForm } from '../../shared/form-post.ts';
import { sitePartner } from '../lib/account-links.ts';
import { propertyFormTitleId } from './lead-form-ids.ts';

type FieldKey = 'name' | 'firstName' | 'lastName' | 'email' | 'phone' | 'subject' | 'message' | 'postalCode' | 'city';

interface FieldSpec {
  /** The name in the API body. */
  name: string;
  /** Its label and placeholder under forms.fields in en.json. */
  text: FieldKey;
  required: boolean;
  autoComplete: string;
  type?: FieldProps['type'];
  inputMode?: FieldProps['inputMode'];
  multiline?: boolean;
  wide?: boolean;
}

const F = {
  name: { name: 'name', text: 'name', required: true, autoComplete: 'name' },
  firstName: { name: 'first_name', text: 'firstName', required: true, autoComplete: 'given-name' },
  lastName: { name: 'last_name', text: 'lastName', required: true, autoComplete: 'family-name' },
  email: { name: 'email', text: 'email', required: true, autoComplete: 'email', type: 'email', inputMode: 'email' },
  phone: { name: 'phone', text: 'phone', required: true, autoComplete: 'tel', type: 'tel', inputMode: 'tel' },
  subject: { name: 'subject', text: 'subject', required: true, autoComplete: 'off', wide: true },
  message: { name: 'message', text: 'message', required: true, autoComplete: 'off', multiline: true, wide: true },
  postalCode: { name: 'postal_code', text: 'postalCode', required: false, autoComplete: 'postal-code' },
  city: { name: 'city', text: 'city', required: false, autoComplete: 'address-level2' },
} satisfies Record<string, FieldSpec>;

const optional = (spec: FieldSpec): FieldSpec => ({ ...spec, required: false });

// The order and the required marks follow the structs (src/shared/leads.ts).
const CONTACT: FieldSpec[] = [F.name, optional(F.phone), F.email, F.subject, F.message];
const BROKER: FieldSpec[] = [F.firstName, F.lastName, F.email, F.phone, F.postalCode, F.city];
const PROPERTY: FieldSpec[] = [F.name, F.email, optional(F.phone), optional(F.message)];

interface LeadFormProps {
  kind: FormLeadKind;
  fields: FieldSpec[];
  submitLabel: string;
  /** The id of the heading that names the form. */
  labelledBy: string;
  /** The property form's project, sent as project_id. */
  projectId?: number;
  /**
   * Prefix of the fields' ids; unique on the page. Not React's useId: its ids
   * differ between the server's tree and the client's here, and a server id
   * kept through hydration would no longer match the client's.
   */
  idPrefix?: string;
}

/** What the form says when the server did not store it. */
const REFUSED: Record<Exclude<PostedForm['result'], 'sent'>, MessageKey> = {
  invalid: 'forms.errors.summary',
  limited: 'forms.errors.rateLimited',
  busy: 'errors.storeBusy',
};

/** What the form shows after the server answered it. */
function statusOf(posted: PostedForm): FormStatus {
  if (posted.result === 'sent') return { state: 'done', result: 'valid', message: t('messages.requestThanks'), detail: null };
  return { state: 'done', result: 'invalid', message: t(REFUSED[posted.result]), detail: null };
}

export function LeadForm({ kind, fields, submitLabel, labelledBy, projectId, idPrefix = `lead-${kind}` }: LeadFormProps) {
  const idOf = (name: string) => `${idPrefix}-${name.replace(/_/g, '-')}`;
  const section = useSection();
  const partner = sitePartner(section);
  const { key, posted } = usePostedForm(kind, projectId);
  const form = useForm({
    names: fields.map((f) => f.name),
    struct: () => import('./forms/checking.ts').then((checking) => checking.LEAD_FIELDS[kind]),
    idOf,
    initial: posted?.values,
    restored: posted ? { errors: posted.errors, status: statusOf(posted) } : undefined,
    send: (values, idempotencyKey) =>
      postJson<LeadCreated>('/api/leads', {
        kind,
        idempotency_key: idempotencyKey,
        page: window.location.pathname,
        ...(partner ? { partner } : {}),
        ...(projectId ? { project_id: projectId } : {}),
        ...values,
      }),
  });

  return (
    // action: the page's own address, then the browser scrolls to the form in the page that answers.
    <form
      id={idPrefix}
      className={`lead-form lead-form--${kind}`}
      method="post"
      action={`#${idPrefix}`}
      noValidate
      aria-labelledby={labelledBy}
      onSubmit={form.onSubmit}
    >
      {key && <input type="hidden" name={FORM_KEY_FIELD} value={key} />}
      <FieldGrid>
        {fields.map((f) => (
          <Field
            key={f.name}
            id={idOf(f.name)}
            name={f.name}
            label={t(`forms.fields.${f.text}.label` as MessageKey)}
            placeholder={t(`forms.fields.${f.text}.placeholder` as MessageKey)}
            value={form.values[f.name] ?? ''}
            onChange={(v) => form.set(f.name, v)}
            error={form.error(f.name)}
            required={f.required}
            autoComplete={f.autoComplete}
            type={f.type}
            inputMode={f.inputMode}
            multiline={f.multiline}
            wide={f.wide}
          />
        ))}
      </FieldGrid>
      <div className="lead-form__actions">
        <SubmitButton label={submitLabel} state={form.status.state} result={form.status.result} />
        <FormStatusMessage status={form.status} />
      </div>
    </form>
  );
}

/** The contact form: name, phone, email, subject, message. */
export function ContactForm({ labelledBy }: { labelledBy: string }) {
  return <LeadForm kind="contact" fields={CONTACT} submitLabel={t('forms.contact.submit')} labelledBy={labelledBy} />;
}

/** The broker contact form: first name, last name, email, postal code, phone, city. */
export function BrokerForm({ labelledBy }: { labelledBy: string }) {
  return <LeadForm kind="broker" fields={BROKER} submitLabel={t('forms.broker.submit')} labelledBy={labelledBy} />;
}

/**
 * The contact form of a property page, under its own heading: name, email,
 * phone, message, about the project `projectId`.
 */
export function PropertyContactForm({ projectId, headingLevel = 2 }: { projectId: number; headingLevel?: 2 | 3 }) {
  const idPrefix = `lead-property-${projectId}`;
  const titleId = propertyFormTitleId(projectId);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="lead-form-block" aria-labelledby={titleId}>
      <Heading className="lead-form-block__title" id={titleId}>
        {t('forms.property.title')}
      </Heading>
      <p className="lead-form-block__lead">{t('forms.property.lead')}</p>
      <LeadForm
        kind="property"
        fields={PROPERTY}
        submitLabel={t('forms.property.submit')}
        labelledBy={titleId}
        projectId={projectId}
        idPrefix={idPrefix}
      />
    </section>
  );
}
