// What the account pages and the header do once the API has answered: log in
// (the answer's user and token, the toasts, the local favorites now in the
// account), log out, save the profile, and the message a failed account call shows.
import type { AuthAnswer, ClientAnswer } from '../../shared/accounts.ts';
import { HttpError } from '../../shared/errors.ts';
import { t } from '../../shared/i18n.ts';
import { postJson } from './api.ts';
import { useAuthStore, type AuthStore } from './auth.tsx';
import { readLocalFavorites, writeLocalFavorites } from './favorites.ts';
import { useToast } from '../components/toast/Toasts.tsx';
import { clientMenu } from './client-menu.ts';

/** The body's `favorites`: what this browser kept while anonymous, if anything. */
function localFavoritesBody(): { favorites?: number[] } {
  const ids = readLocalFavorites();
  return ids.length ? { favorites: [...ids] } : {};
}

/**
 * The sending of the login or registration form (useForm's options): the body
 * with this browser's favorites; the answer logs the client in with `message`
 * ('Successfully logged in' or 'Successfully authenticated'), and 'Synced' when
 * those favorites are now the account's. The form itself then says nothing: the
 * toast does, and the transition leaves the page.
 */
export function useAuthenticate(endpoint: '/api/client-login' | '/api/client-register', message: string) {
  const auth = useAuthStore();
  const toast = useToast();
  return {
    async send(fields: object): Promise<AuthAnswer> {
      const { favorites } = localFavoritesBody();
      // The header's menu for the client, meanwhile (a failure shows in the header, when it renders it).
      void clientMenu.load().catch(() => undefined);
      const answer = await postJson<AuthAnswer>(endpoint, { ...fields, ...(favorites ? { favorites } : {}) });
      auth.signIn(answer);
      toast.show(message);
      if (favorites) {
        // Only what was sent: a heart clicked meanwhile in another tab stays.
        writeLocalFavorites(readLocalFavorites().filter((id) => !favorites.includes(id)));
        toast.show(t('messages.synced'));
      }
      return answer;
    },
    successMessage: () => null,
    failureMessage: accountFailure,
  };
}

/** POST /api/client-logout, then no user (the transition goes home). A network failure keeps the visitor logged in. */
export function useLogout(): () => Promise<void> {
  const auth = useAuthStore();
  const toast = useToast();
  return async () => {
    try {
      await postJson('/api/client-logout', {});
    } catch (error) {
      // The session is over on the server either way, unless the call never got there.
      if (!(error instanceof HttpError) || error.statusCode === 503) {
        toast.show(t('messages.networkError'), 'error');
        return;
      }
    }
    auth.signOut();
    toast.show(t('account.loggedOut'), 'info');
  };
}

/** The message under an account form that failed (SPEC §8). */
export function accountFailure(error: unknown): string {
  if (!(error instanceof HttpError)) return t('messages.networkError');
  if (error.statusCode === 401) return t('messages.loginFailed');
  if (error.statusCode === 400) return t('forms.errors.summary');
  // 409: a field's conflict, e.g. 'email: This email address cannot be used…'
  if (error.statusCode === 409) return error.message.replace(/^\w+: /, '');
  return t('messages.networkError');
}

/**
 * Saves profile fields (POST /api/profilesubmit) and shows the answer's user
 * everywhere. A 401 means the session ended meanwhile (a wrong current
 * password is a 400): logged out, and the error thrown on as any other.
 */
export async function saveProfile(auth: AuthStore, fields: object): Promise<ClientAnswer> {
  try {
    const answer = await postJson<ClientAnswer>('/api/profilesubmit', fields);
    auth.update(answer.data);
    return answer;
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 401) auth.signOut();
    throw error;
  }
}
