// client-login (/login, /old/client-login, /{partner}/client-login): email and
// password. A success logs in with 'Successfully logged in' (and 'Synced' when
// this browser's favorites went with it); the transition then goes home, or
// back to the page that sent the visitor here (`redirect`). A wrong email or
// password: 'Check your credentials'.
import { useSearch } from 'wouter';
import { LoginBody } from '../../shared/account-bodies.ts';
import { t } from '../../shared/i18n.ts';
import { useAuthenticate } from '../lib/account-actions.ts';
import { accountHref, returnPathOf, withReturn } from '../lib/account-links.ts';
import { useLocalFavorites } from '../lib/favorites.ts';
import { useSection } from '../lib/section.tsx';
import { AccountForm, AccountPage, fieldId } from '../components/account/AccountForm.tsx';
import { useForm } from '../components/forms/Form.tsx';
import { Link } from '../components/Link.tsx';

const FORM = 'login';

export default function ClientLoginPage() {
  const section = useSection();
  const back = returnPathOf(useSearch());
  const kept = useLocalFavorites().length;
  const form = useForm({
    names: ['email', 'password'],
    struct: LoginBody,
    idOf: (name) => fieldId(FORM, name),
    ...useAuthenticate('/api/client-login', t('messages.loggedIn')),
  });
  // Registering instead comes back to the same page.
  const register = withReturn(accountHref(section, '/client-register'), back);

  return (
    <AccountPage
      title={t('accountUi.login.title')}
      lead={back ? t('accountUi.login.leadReturn') : t('accountUi.login.lead')}
      footer={
        <p>
          {t('accountUi.login.noAccount')} <Link href={register}>{t('accountUi.login.register')}</Link>
        </p>
      }
    >
      {kept > 0 && <p className="account-card__note">{t('accountUi.login.favoritesKept', { count: kept })}</p>}
      <AccountForm
        id={FORM}
        form={form}
        labelledBy="account-title"
        submitLabel={t('accountUi.login.submit')}
        fields={[
          {
            name: 'email',
            label: t('accountUi.fields.email'),
            type: 'email',
            autoComplete: 'username',
            placeholder: t('forms.fields.email.placeholder'),
          },
          { name: 'password', label: t('accountUi.fields.password'), type: 'password', autoComplete: 'current-password' },
        ]}
        extra={
          <p className="account-form__aside">
            <Link href={accountHref(section, '/client-forgot-password')}>{t('accountUi.login.forgot')}</Link>
          </p>
        }
      />
    </AccountPage>
  );
}
