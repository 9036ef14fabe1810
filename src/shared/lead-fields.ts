// The lead forms' fields (SPEC §3): the contact form, the broker contact form,
// the property contact form and the favorites' message. The browser checks a
// form with the same structs the server checks the request with (leads.ts adds
// the request's envelope), so both give the same message for the same field
// (from locales/en.json).
//
// The spec leaves the rules open ("Other form rules: not shown"); these are ours:
// - contact: name, email, subject and message required; phone optional.
// - broker: first name, last name, email and phone required (a broker calls
//   back); postal code and city optional.
// - property: name and email required; phone and message optional.
// - favorites (a logged-in client sends their favorites to their broker): an
//   optional message only; who they are comes from their account.
// - Single-line fields refuse CR, LF and other control characters (a value
//   ends up in a mail; nodemailer encodes it, and this is the first guard).
// - Text is trimmed; an optional field left empty is absent.
import { coerce, object, optional, refine, string, validate, type Infer, type Struct } from 'superstruct';
import { t } from './i18n.ts';
import type { AnyStruct } from './any-struct.ts';
import { CONTROL, CONTROL_IN_TEXT } from './control-characters.ts';

// An address a mail server and nodemailer read as exactly one mailbox: RFC 5322
// atext in the local part, letters, digits and hyphens in the domain labels. No
// quotes, commas, angle brackets or spaces, so a value can never name a second
// recipient or close a header.
const EMAIL =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const PHONE = /^\+?[0-9 ()./-]{6,30}$/;
const POSTAL_CODE = /^[A-Za-z0-9][A-Za-z0-9 -]{1,10}[A-Za-z0-9]$/;

export const LIMITS = {
  name: 100,
  firstName: 60,
  lastName: 60,
  email: 254,
  phone: 30,
  subject: 150,
  message: 5000,
  postalCode: 12,
  city: 100,
} as const;

interface TextRule {
  max: number;
  /** false: a message, where line breaks are allowed. */
  singleLine?: boolean;
  format?: { re: RegExp; message: () => string };
}

/** The check of one text field: true, or the message a visitor reads. */
function checkText(value: string, rule: TextRule): true | string {
  if (value === '') return t('forms.errors.required');
  if (value.length > rule.max) return t('forms.errors.tooLong', { max: rule.max });
  if (rule.singleLine !== false && CONTROL.test(value)) return t('forms.errors.singleLine');
  if (rule.singleLine === false && CONTROL_IN_TEXT.test(value)) return t('forms.errors.text');
  if (rule.format && !rule.format.re.test(value)) return rule.format.message();
  return true;
}

/** Trims and normalises line breaks (CRLF, CR → LF) of a message. */
const tidy = (s: string) => s.replace(/\r\n?/g, '\n').trim();

/** A required text field, trimmed. */
function text(name: string, rule: TextRule): Struct<string, null> {
  return coerce(
    refine(string(), name, (v) => checkText(v, rule)),
    string(),
    tidy,
  );
}

/** An optional text field: empty (or only spaces) is absent. */
function optionalText(name: string, rule: TextRule): Struct<string | undefined, null> {
  return coerce(optional(refine(string(), name, (v) => checkText(v, rule))), string(), (s) => tidy(s) || undefined);
}

const email = { max: LIMITS.email, format: { re: EMAIL, message: () => t('forms.errors.email') } };
const phone = { max: LIMITS.phone, format: { re: PHONE, message: () => t('forms.errors.phone') } };
const postalCode = { max: LIMITS.postalCode, format: { re: POSTAL_CODE, message: () => t('forms.errors.postalCode') } };

export const ContactFields = object({
  name: text('name', { max: LIMITS.name }),
  phone: optionalText('phone', phone),
  email: text('email', email),
  subject: text('subject', { max: LIMITS.subject }),
  message: text('message', { max: LIMITS.message, singleLine: false }),
});
export type ContactFields = Infer<typeof ContactFields>;

export const BrokerFields = object({
  first_name: text('first_name', { max: LIMITS.firstName }),
  last_name: text('last_name', { max: LIMITS.lastName }),
  email: text('email', email),
  postal_code: optionalText('postal_code', postalCode),
  phone: text('phone', phone),
  city: optionalText('city', { max: LIMITS.city }),
});
export type BrokerFields = Infer<typeof BrokerFields>;

export const PropertyFields = object({
  name: text('name', { max: LIMITS.name }),
  email: text('email', email),
  phone: optionalText('phone', phone),
  message: optionalText('message', { max: LIMITS.message, singleLine: false }),
});
export type PropertyFields = Infer<typeof PropertyFields>;

export const FavoritesFields = object({
  message: optionalText('message', { max: LIMITS.message, singleLine: false }),
});
export type FavoritesFields = Infer<typeof FavoritesFields>;

// --- checking a form in the browser ------------------------------------------

/** The message for each field that fails, from the same structs the server uses. */
export function fieldErrors(struct: AnyStruct, values: Record<string, string>): Record<string, string> {
  const [error] = validate(values, struct, { coerce: true });
  const errors: Record<string, string> = {};
  if (!error) return errors;
  for (const failure of error.failures()) {
    const field = String(failure.path[0] ?? failure.key ?? '');
    if (!field || errors[field]) continue;
    errors[field] =
      failure.value === undefined || failure.value === '' || !failure.refinement ? t('forms.errors.required') : failure.message;
  }
  return errors;
}

/** The values a form sends: what `create` would make of them (trimmed, empty optional fields left out). */
export function cleanFields<T>(struct: Struct<T, unknown>, values: Record<string, string>): T {
  const [error, value] = validate(values, struct, { coerce: true });
  if (error) throw error;
  return value;
}
