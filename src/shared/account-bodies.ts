// The bodies of the account calls that a form sends (SPEC §2, §3, §7): the
// browser checks the form with these structs, the server `create`s the body
// with them (a failure is a 400 naming the field). accounts.ts re-exports
// this module beside the server's other account structs.
//
// Rules the spec leaves open, ours:
// - A password has PASSWORD_MIN_LENGTH to PASSWORD_MAX_LENGTH characters and is
//   not one of the most common passwords (checked on the server only: the list
//   is not sent to browsers). Passwords are never trimmed.
// - An email is checked and trimmed like the lead forms' email; the server
//   compares it lower-cased.
// - `favorites` are project ids hearted while anonymous, merged at login or
//   registration (at most FAVORITES_MAX_MERGE of them).
import { array, boolean, coerce, nullable, object, optional, refine, size, string, type Infer, type Struct } from 'superstruct';
import { BrokerFields, ContactFields } from './lead-fields.ts';
import { PartnerSlug, ProjectId } from './request-ids.ts';
import { t } from './i18n.ts';
import { CONTROL } from './control-characters.ts';
import { FAVORITES_MAX_MERGE } from './constants.ts';

export const PASSWORD_MIN_LENGTH = 10;
/** scrypt takes any length; the bound keeps a body from costing more than a password should. */
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;
/** A session lasts this long from the login (absolute; the cookie's Max-Age too). */
export const SESSION_DAYS = 30;
/** A password reset link is valid this long, once. */
export const RESET_TOKEN_TTL_MINUTES = 60;
/** The scope of a registered client (SPEC §6: the values are ours). */
export const CLIENT_SCOPE = 'client';

// --- fields ------------------------------------------------------------------

/** The lead forms' email: required, trimmed, one mailbox, at most 254 characters. */
export const Email = ContactFields.schema.email;

/** A new password: length only here; the server also refuses the most common ones. */
export const Password: Struct<string, null> = refine(string(), 'password', (v) => {
  if (v.length < PASSWORD_MIN_LENGTH) return t('account.errors.passwordShort', { min: PASSWORD_MIN_LENGTH });
  if (v.length > PASSWORD_MAX_LENGTH) return t('forms.errors.tooLong', { max: PASSWORD_MAX_LENGTH });
  return true;
});

/** A password typed to log in or to confirm a change: anything up to the maximum. */
export const GivenPassword: Struct<string, null> = refine(
  string(),
  'password',
  (v) => (v.length >= 1 && v.length <= PASSWORD_MAX_LENGTH) || t('forms.errors.required'),
);

const Terms = refine(boolean(), 'terms', (v) => v === true || t('account.errors.terms'));

/** Project ids hearted while anonymous, merged at login or registration. */
export const Favorites = size(array(ProjectId), 0, FAVORITES_MAX_MERGE);

/** A token from a mail link or a session: 32 random bytes, base64url. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const Token = refine(string(), 'token', (v) => TOKEN_PATTERN.test(v) || t('account.errors.resetInvalid'));

/** password_repeat must equal password; the failure names password_repeat. */
function repeated<T extends { password?: string; password_repeat?: string }>(struct: Struct<T, unknown>): Struct<T, unknown> {
  return refine(
    struct,
    'password_repeat',
    (v) =>
      v.password === v.password_repeat || {
        path: ['password_repeat'],
        key: 'password_repeat',
        message: t('account.errors.passwordMismatch'),
      },
  );
}

// --- bodies ------------------------------------------------------------------

/** POST /api/client-register → 201 AuthAnswer. */
export const RegisterBody = repeated(
  object({
    email: Email,
    password: Password,
    password_repeat: string(),
    terms: Terms,
    favorites: optional(Favorites),
    partner: optional(PartnerSlug),
  }),
);
export type RegisterBody = Infer<typeof RegisterBody>;

/** POST /api/client-login → 200 AuthAnswer, or 401 'Check your credentials'. */
export const LoginBody = object({
  email: Email,
  password: GivenPassword,
  favorites: optional(Favorites),
});
export type LoginBody = Infer<typeof LoginBody>;

/** POST /api/client-logout: the body is ignored (any, or none). */

/** POST /api/client-forgot-password → 200 MessageAnswer, whether or not the email has an account. */
export const ForgotPasswordBody = object({
  email: Email,
  partner: optional(PartnerSlug),
});
export type ForgotPasswordBody = Infer<typeof ForgotPasswordBody>;

/** POST /api/client-reset-password → 200 MessageAnswer, or 400 for a bad, used or expired token. */
export const ResetPasswordBody = repeated(
  object({
    token: Token,
    password: Password,
    password_repeat: string(),
  }),
);
export type ResetPasswordBody = Infer<typeof ResetPasswordBody>;

const Name = refine(string(), 'name', (v) => {
  if (v.length > NAME_MAX_LENGTH) return t('forms.errors.tooLong', { max: NAME_MAX_LENGTH });
  return !CONTROL.test(v) || t('forms.errors.singleLine');
});

/** Absent: unchanged; '' (or spaces) or null: cleared; else the value, trimmed and checked. */
function clearable(struct: Struct<string, unknown>): Struct<string | null | undefined, unknown> {
  return coerce(optional(nullable(struct)), string(), (s) => (s.trim() === '' ? null : s.trim()));
}

/**
 * POST /api/profilesubmit → 200 ClientAnswer. Absent fields are left as they
 * are; '' or null clears name or phone. Changing the email or the password needs
 * current_password (else 400 naming current_password; a wrong one is 400
 * 'current_password: Check your credentials'; an email in use is 409). A
 * password change ends every other session.
 */
export const ProfileBody = refine(
  object({
    name: clearable(Name),
    phone: clearable(BrokerFields.schema.phone),
    email: optional(Email),
    password: optional(Password),
    password_repeat: optional(string()),
    current_password: optional(GivenPassword),
    favorite_alerts: optional(boolean()),
  }),
  'password_repeat',
  (v) =>
    v.password === undefined ||
    v.password === v.password_repeat || {
      path: ['password_repeat'],
      key: 'password_repeat',
      message: t('account.errors.passwordMismatch'),
    },
);
export type ProfileBody = Infer<typeof ProfileBody>;
