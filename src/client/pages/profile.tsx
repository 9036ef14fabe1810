// profile (/old/profile, /{partner}/profile; login required): the client's
// name and phone, and, in a form of its own, the email address and password,
// which change only with the current password (POST /api/profilesubmit). The
// answer is the user, now shown everywhere (the header's menu too). Below, where
// the client is logged in (issue 20), the switch of the favorites alerts and
// the client's saved searches (issue 13).
import { coerce, record, string } from 'superstruct';
import { PASSWORD_MIN_LENGTH, ProfileBody } from '../../shared/account-bodies.ts';
import type { ClientAnswer, ClientUser } from '../../shared/accounts.ts';
import { t } from '../../shared/i18n.ts';
import { accountFailure, saveProfile } from '../lib/account-actions.ts';
import { useAuthStore, useUser } from '../lib/auth.tsx';
import { AccountForm, AccountPage, fieldId } from '../components/account/AccountForm.tsx';
import { useForm } from '../components/forms/Form.tsx';
import { ProfileSavedSearches } from '../components/saved-search/ProfileSavedSearches.tsx';
import { FavoriteAlertsSwitch } from '../components/account/FavoriteAlertsSwitch.tsx';
import { ProfileSessions } from '../components/account/ProfileSessions.tsx';

/** The access form leaves out a new password it was not given. */
const AccessForm = coerce(ProfileBody, record(string(), string()), ({ password, password_repeat, ...rest }) =>
  password || password_repeat ? { ...rest, password, password_repeat } : rest,
);

function useSave(clearOnSuccess: string[] = []) {
  const auth = useAuthStore();
  return {
    send: (fields: object): Promise<ClientAnswer> => saveProfile(auth, fields),
    successMessage: () => t('accountUi.profile.saved'),
    failureMessage: accountFailure,
    clearOnSuccess,
  };
}

function DetailsForm({ user }: { user: ClientUser }) {
  const form = useForm({
    names: ['name', 'phone'],
    struct: ProfileBody,
    idOf: (name) => fieldId('profile', name),
    initial: { name: user.name ?? '', phone: user.phone ?? '' },
    ...useSave(),
  });
  return (
    <section className="account-section" aria-labelledby="profile-details-title">
      <h2 id="profile-details-title">{t('accountUi.profile.detailsTitle')}</h2>
      <AccountForm
        id="profile"
        form={form}
        labelledBy="profile-details-title"
        submitLabel={t('accountUi.profile.save')}
        fields={[
          {
            name: 'name',
            label: t('forms.fields.name.label'),
            autoComplete: 'name',
            required: false,
            placeholder: t('forms.fields.name.placeholder'),
          },
          {
            name: 'phone',
            label: t('forms.fields.phone.label'),
            type: 'tel',
            autoComplete: 'tel',
            required: false,
            placeholder: t('forms.fields.phone.placeholder'),
          },
        ]}
      />
    </section>
  );
}

function AccessDetailsForm({ user }: { user: ClientUser }) {
  const form = useForm({
    names: ['email', 'password', 'password_repeat', 'current_password'],
    struct: AccessForm,
    idOf: (name) => fieldId('access', name),
    initial: { email: user.email },
    ...useSave(['password', 'password_repeat', 'current_password']),
  });
  return (
    <section className="account-section" aria-labelledby="profile-access-title">
      <h2 id="profile-access-title">{t('accountUi.profile.accessTitle')}</h2>
      <p>{t('accountUi.profile.accessLead')}</p>
      <AccountForm
        id="access"
        form={form}
        labelledBy="profile-access-title"
        submitLabel={t('accountUi.profile.saveAccess')}
        fields={[
          { name: 'email', label: t('accountUi.fields.email'), type: 'email', autoComplete: 'email' },
          {
            name: 'password',
            label: t('accountUi.fields.newPassword'),
            type: 'password',
            autoComplete: 'new-password',
            required: false,
            placeholder: t('accountUi.fields.passwordHint', { min: PASSWORD_MIN_LENGTH }),
          },
          {
            name: 'password_repeat',
            label: t('accountUi.fields.passwordRepeat'),
            type: 'password',
            autoComplete: 'new-password',
            required: false,
          },
          { name: 'current_password', label: t('accountUi.fields.currentPassword'), type: 'password', autoComplete: 'current-password' },
        ]}
      />
    </section>
  );
}

export default function ProfilePage() {
  const user = useUser();
  // The guard sends a visitor to log in; this is the moment of a logout.
  if (!user) return null;
  return (
    <AccountPage title={t('accountUi.profile.title')} lead={t('accountUi.profile.lead')} wide>
      <DetailsForm user={user} />
      <AccessDetailsForm user={user} />
      <ProfileSessions />
      <FavoriteAlertsSwitch user={user} />
      <ProfileSavedSearches />
    </AccountPage>
  );
}
