// The logged-in client in the browser (SPEC §4): loggedIn is whether a user
// object exists. Seeded from the initial state (the server knows the client by
// the HttpOnly session cookie), and set by a login or registration answer.
//
// The token of a login (meta.token) is kept in memory only and sent as
// `Authorization: Bearer …` (SPEC §7); it is never written to web storage,
// where any script on the page could read it. What survives a reload is the
// HttpOnly cookie the same answer set, by which the server renders the next
// page with the client in its initial state (docs/decisions/login-token-in-memory.md).
//
// One store per app instance, like the client store: a module-level one would
// hand one visitor's user to the next on the server.
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { AuthAnswer, ClientUser } from '../../shared/accounts.ts';
import { createStore } from '../store.tsx';
import { setBearerToken } from './api.ts';

/** What last changed the user: a transition follows a login or a logout only. */
export type AuthChange = 'initial' | 'login' | 'logout' | 'expired' | 'update';

export interface AuthStore {
  user(): ClientUser | null;
  lastChange(): AuthChange;
  subscribe(listener: () => void): () => void;
  /** A login or registration answer: the user, and the token for later calls. */
  signIn(answer: AuthAnswer): void;
  /** The same client, changed (profile, favorites). */
  update(user: ClientUser): void;
  /** Logged out: no user, no token. */
  signOut(): void;
  /** The server no longer knows the session (a 401): no user, and whoever noticed decides where to go. */
  expire(): void;
}

export function createAuthStore(initial: ClientUser | null): AuthStore {
  const state = createStore<{ user: ClientUser | null; change: AuthChange }>({ user: initial, change: 'initial' });
  const set = (user: ClientUser | null, change: AuthChange) => state.set({ user, change });
  return {
    user: () => state.get().user,
    lastChange: () => state.get().change,
    subscribe: state.subscribe,
    signIn(answer) {
      setBearerToken(answer.meta.token);
      set(answer.data, 'login');
    },
    update(next) {
      set(next, 'update');
    },
    signOut() {
      setBearerToken(null);
      set(null, 'logout');
    },
    expire() {
      setBearerToken(null);
      set(null, 'expired');
    },
  };
}

const AuthContext = createContext<AuthStore | null>(null);

export function AuthProvider({ store, children }: { store: AuthStore; children: ReactNode }) {
  return <AuthContext.Provider value={store}>{children}</AuthContext.Provider>;
}

export function useAuthStore(): AuthStore {
  const store = useContext(AuthContext);
  if (!store) throw new Error('useAuth outside AuthProvider');
  return store;
}

/** The logged-in client, or null for a visitor. */
export function useUser(): ClientUser | null {
  const store = useAuthStore();
  return useSyncExternalStore(store.subscribe, store.user, store.user);
}
