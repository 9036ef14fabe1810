// client-reset-password/{token}: the link of the reset mail. A new password,
// twice; a success says 'Thanks, You can now login with your email address and
// new password' with the way to the login page. A link without a well-formed
// token says so at once and offers a new one; a used or expired token is the
// server's 400 on the token, said the same way.
import { coerce, record, string } from 'superstruct';
import { PASSWORD_MIN_LENGTH, ResetPasswordBody, TOKEN_PATTERN } from '../../shared/account-bodies.ts';
import { HttpError } from '../../shared/errors.ts';
import { t } from '../../shared/i18n.ts';
import type { PageProps } from './index.ts';
import { postJson } from '../lib/api.ts';
import { accountFailure } from '../lib/account-actions.ts';
import { accountHref } from '../lib/account-links.ts';
import { useSection } from '../lib/section.tsx';
import { AccountForm, AccountPage, fieldId } from '../components/account/AccountForm.tsx';
import { useForm } from '../components/forms/Form.tsx';
import { Link } from '../components/Link.tsx';

const FORM = 'reset';

/** A bad, used or expired token (the server names the field `token`). */
const tokenRefused = (error: unknown) => error instanceof HttpError && error.statusCode === 400 && error.message.startsWith('token');

function ResetForm({ token }: { token: string }) {
  const section = useSection();
  const form = useForm({
    names: ['password', 'password_repeat'],
    struct: coerce(ResetPasswordBody, record(string(), string()), (v) => ({ ...v, token })),
    idOf: (name) => fieldId(FORM, name),
    send: (fields) => postJson('/api/client-reset-password', fields),
    successMessage: () => t('messages.passwordReset'),
    failureMessage: (error) => (tokenRefused(error) ? t('account.errors.resetInvalid') : accountFailure(error)),
    clearOnSuccess: ['password', 'password_repeat'],
  });
  const done = form.status.result === 'valid';
  return (
    <>
      <AccountForm
        id={FORM}
        form={form}
        labelledBy="account-title"
        submitLabel={t('accountUi.reset.submit')}
        fields={[
          {
            name: 'password',
            label: t('accountUi.fields.newPassword'),
            type: 'password',
            autoComplete: 'new-password',
            placeholder: t('accountUi.fields.passwordHint', { min: PASSWORD_MIN_LENGTH }),
          },
          { name: 'password_repeat', label: t('accountUi.fields.passwordRepeat'), type: 'password', autoComplete: 'new-password' },
        ]}
      />
      {done && (
        <p className="account-card__next">
          <Link className="button button--primary" href={accountHref(section, '/client-login')}>
            {t('accountUi.reset.login')}
          </Link>
        </p>
      )}
    </>
  );
}

export default function ClientResetPasswordPage({ match }: PageProps) {
  const section = useSection();
  const token = match.params['*'] ?? '';
  const valid = TOKEN_PATTERN.test(token);
  return (
    <AccountPage
      title={t('accountUi.reset.title')}
      lead={valid ? t('accountUi.reset.lead', { min: PASSWORD_MIN_LENGTH }) : undefined}
      footer={
        <p>
          <Link href={accountHref(section, '/client-forgot-password')}>{t('accountUi.reset.askAgain')}</Link>
        </p>
      }
    >
      {valid ? (
        <ResetForm token={token} />
      ) : (
        <p className="account-card__note account-card__note--error">{t('account.errors.resetInvalid')}</p>
      )}
    </AccountPage>
  );
}
