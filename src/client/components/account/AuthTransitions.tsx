// The authentication transitions of SPEC §4, in one place: when loggedIn
// becomes true the visitor goes home, or back to the page that sent them to log
// in (the login page's `redirect`); when it becomes false, home (the rules:
// lib/account-links.ts). Either way the answers that depend on who is logged
// in are forgotten. A session found ended (a 401 while logged in) changes no
// page by itself: whoever noticed decides.
//
// Also asks GET /api/client again when the browser shows a page from its
// back/forward cache: the visitor may have logged in or out meanwhile.
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { useSWRConfig } from 'swr';
import type { ClientAnswer } from '../../../shared/accounts.ts';
import { HttpError } from '../../../shared/errors.ts';
import { getJson } from '../../lib/api.ts';
import { useAuthStore, useUser } from '../../lib/auth.tsx';
import { authTransitionTarget, sectionHome } from '../../lib/account-links.ts';
import { useSection } from '../../lib/section.tsx';
import { forgetPersonalData, rereadOnClientChange } from './personal-data.ts';

export function AuthTransitions() {
  const auth = useAuthStore();
  const loggedIn = useUser() !== null;
  const section = useSection();
  const [, navigate] = useLocation();
  const { cache, mutate } = useSWRConfig();
  const was = useRef(loggedIn);

  useEffect(() => {
    if (was.current === loggedIn) return;
    was.current = loggedIn;
    // A page still showing one (the property page a client logs out on, until home replaces it, or
    // a navigation back to it meanwhile) reads it again as whoever is now in: its files lock again.
    const shown = [...cache.keys()].filter(rereadOnClientChange);
    forgetPersonalData(cache);
    for (const key of shown) void mutate(key);
    const why = auth.lastChange();
    if (why !== 'login' && why !== 'logout' && why !== 'update') return;
    navigate(authTransitionTarget(loggedIn, window.location.search, sectionHome(section)));
  }, [loggedIn]); // eslint-disable-line react-hooks/exhaustive-deps -- only logging in or out moves the visitor; the rest is read as it is then

  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      getJson<ClientAnswer>('/api/client').then(
        (answer) => auth.update(answer.data),
        (error: unknown) => {
          if (error instanceof HttpError && error.statusCode === 401 && auth.user()) auth.signOut();
        },
      );
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, [auth]);

  return null;
}
