// client-register (/old/client-register, /{partner}/client-register): email,
// password, repeat password and 'I agree with' the terms (SPEC §3, §5), checked
// with the struct the server uses. A success logs the client in with
// 'Successfully authenticated' (and 'Synced' for this browser's favorites);
// the transition goes home, or back to the page that sent the visitor to log in.
import { useSearch } from 'wouter';
import { coerce, record, string } from 'superstruct';
import { PASSWORD_MIN_LENGTH, RegisterBody } from '../../shared/account-bodies.ts';
import { t } from '../../shared/i18n.ts';
import { useAuthenticate } from '../lib/account-actions.ts';
import { accountHref, returnPathOf, sitePartner, TERMS_PATH, withReturn } from '../lib/account-links.ts';
import { hrefIn, useSection } from '../lib/section.tsx';
import { AccountForm, AccountPage, TermsCheckbox, fieldId } from '../components/account/AccountForm.tsx';
import { useForm } from '../components/forms/Form.tsx';
import { Link } from '../components/Link.tsx';

const FORM = 'register';

/** The form's values are strings: the checkbox is 'true' or ''. */
const RegisterForm = coerce(RegisterBody, record(string(), string()), (v) => ({ ...v, terms: v.terms === 'true' }));

export default function ClientRegisterPage() {
  const section = useSection();
  const back = returnPathOf(useSearch());
  const authenticate = useAuthenticate('/api/client-register', t('messages.authenticated'));
  const partner = sitePartner(section);
  const form = useForm({
    names: ['email', 'password', 'password_repeat', 'terms'],
    struct: RegisterForm,
    idOf: (name) => fieldId(FORM, name),
    ...authenticate,
    send: (fields) => authenticate.send({ ...fields, ...(partner ? { partner } : {}) }),
  });
  const login = withReturn(accountHref(section, '/client-login'), back);

  return (
    <AccountPage
      title={t('accountUi.register.title')}
      lead={t('accountUi.register.lead')}
      footer={
        <p>
          {t('accountUi.register.haveAccount')} <Link href={login}>{t('accountUi.register.login')}</Link>
        </p>
      }
    >
      <AccountForm
        id={FORM}
        form={form}
        labelledBy="account-title"
        submitLabel={t('accountUi.register.submit')}
        fields={[
          {
            name: 'email',
            label: t('accountUi.fields.email'),
            type: 'email',
            autoComplete: 'email',
            placeholder: t('forms.fields.email.placeholder'),
          },
          {
            name: 'password',
            label: t('accountUi.fields.password'),
            type: 'password',
            autoComplete: 'new-password',
            placeholder: t('accountUi.fields.passwordHint', { min: PASSWORD_MIN_LENGTH }),
          },
          { name: 'password_repeat', label: t('accountUi.fields.passwordRepeat'), type: 'password', autoComplete: 'new-password' },
        ]}
        extra={<TermsCheckbox formId={FORM} form={form} termsHref={hrefIn(section, TERMS_PATH)} />}
      />
    </AccountPage>
  );
}
