// client-forgot-password: an email address; the answer is the same whether or
// not it has an account: 'Thanks, we will send you a link to reset your password'.
import { ForgotPasswordBody } from '../../shared/account-bodies.ts';
import { t } from '../../shared/i18n.ts';
import { postJson } from '../lib/api.ts';
import { accountFailure } from '../lib/account-actions.ts';
import { accountHref, sitePartner } from '../lib/account-links.ts';
import { useSection } from '../lib/section.tsx';
import { AccountForm, AccountPage, fieldId } from '../components/account/AccountForm.tsx';
import { useForm } from '../components/forms/Form.tsx';
import { Link } from '../components/Link.tsx';

const FORM = 'forgot';

export default function ClientForgotPasswordPage() {
  const section = useSection();
  const partner = sitePartner(section);
  const form = useForm({
    names: ['email'],
    struct: ForgotPasswordBody,
    idOf: (name) => fieldId(FORM, name),
    send: (fields) => postJson('/api/client-forgot-password', { ...fields, ...(partner ? { partner } : {}) }),
    successMessage: () => t('messages.resetLinkSent'),
    failureMessage: accountFailure,
  });
  return (
    <AccountPage
      title={t('accountUi.forgot.title')}
      lead={t('accountUi.forgot.lead')}
      footer={
        <p>
          <Link href={accountHref(section, '/client-login')}>{t('accountUi.forgot.back')}</Link>
        </p>
      }
    >
      <AccountForm
        id={FORM}
        form={form}
        labelledBy="account-title"
        submitLabel={t('accountUi.forgot.submit')}
        fields={[
          {
            name: 'email',
            label: t('accountUi.fields.email'),
            type: 'email',
            autoComplete: 'email',
            placeholder: t('forms.fields.email.placeholder'),
          },
        ]}
      />
    </AccountPage>
  );
}
