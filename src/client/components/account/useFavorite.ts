// The heart of one project (SPEC §4: 'Added' / 'Removed').
//
// - A logged-in client: POST /api/favoritesubmit adds or removes it; the
//   answer's list becomes the user's.
// - A visitor: the heart is kept in this browser (lib/favorites.ts) and the
//   page stays as it is (results, sort, scroll); the 'Added' toast offers to
//   register to keep them. The hearts kept here are merged into the account
//   at registration or login ('Synced'). (docs/decisions/favorites-before-an-account.md)
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import type { FavoritesAnswer } from '../../../shared/accounts.ts';
import { HttpError } from '../../../shared/errors.ts';
import { t } from '../../../shared/i18n.ts';
import { postJson } from '../../lib/api.ts';
import { useAuthStore, useUser } from '../../lib/auth.tsx';
import { readLocalFavorites, toggled, useLocalFavorites, writeLocalFavorites } from '../../lib/favorites.ts';
import { registerHref } from '../../lib/account-links.ts';
import { useSection } from '../../lib/section.tsx';
import { forgetPersonalData } from './personal-data.ts';
import { useToast } from '../toast/Toasts.tsx';

export interface Favorite {
  pressed: boolean;
  busy: boolean;
  toggle(): void;
}

export function useFavorite(projectId: number): Favorite {
  const auth = useAuthStore();
  const user = useUser();
  const local = useLocalFavorites();
  const toast = useToast();
  const section = useSection();
  const { cache } = useSWRConfig();
  const [busy, setBusy] = useState(false);
  const pressed = user ? user.favorites.includes(projectId) : local.includes(projectId);

  /** Kept in this browser, the visitor staying where they are; 'Added' offers to register. */
  function keepLocally(on: boolean) {
    writeLocalFavorites(toggled(readLocalFavorites(), projectId, on));
    if (!on) return toast.show(t('messages.removed'));
    // Registering comes back to this page (its path: the query string is no return path).
    const here = window.location.pathname;
    const register = registerHref(section, here);
    toast.show(t('messages.added'), 'success', { label: t('localFavorites.register'), href: register });
  }

  async function submit(on: boolean) {
    setBusy(true);
    try {
      const answer = await postJson<FavoritesAnswer>('/api/favoritesubmit', { id: projectId, action: on ? 'add' : 'remove' });
      const current = auth.user();
      if (current) auth.update({ ...current, favorites: answer.data.favorites });
      forgetPersonalData(cache, 'favorites');
      toast.show(t(on ? 'messages.added' : 'messages.removed'));
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 401) {
        // The session ended meanwhile (expired, or logged out elsewhere): a visitor's heart.
        auth.expire();
        keepLocally(on);
      } else {
        toast.show(t('messages.networkError'), 'error');
      }
    } finally {
      setBusy(false);
    }
  }

  return {
    pressed,
    busy,
    toggle() {
      if (busy) return;
      if (user) void submit(!pressed);
      else keepLocally(!pressed);
    },
  };
}
