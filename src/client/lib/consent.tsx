// The visitor's cookie choice (SPEC §4), for the whole app: read from and
// written to the first-party consent cookie (model and format in
// src/shared/consent.ts), and whether the settings dialog is open.
//
// Pages are cached publicly, so the server renders the same HTML whatever the
// visitor chose: on the server and during hydration the choice is unknown
// (`ready` is false), and everything that depends on it (the bar, embeds) shows
// its neutral form. useSyncExternalStore's server snapshot gives exactly that,
// and React re-renders with the cookie's value right after hydration, with no
// mismatch.
import { createContext, useCallback, useContext, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import {
  CONSENT_COOKIE,
  consentCookie,
  consentStatus,
  isAllowed,
  makeConsent,
  parseConsent,
  preferencesFor,
  readCookie,
  type Consent,
  type ConsentCategory,
  type ConsentChoice,
  type ConsentPreferences,
  type ConsentStatus,
} from '../../shared/consent.ts';

/** Where the choice is kept: the cookie in a browser, anything in a test. */
export interface ConsentStore {
  /** The stored choice, null when undecided. The same object while it is unchanged. */
  read(): Consent | null;
  write(consent: Consent): void;
  subscribe(listener: () => void): () => void;
}

/**
 * The consent cookie of this document. Touches `document` only when used, so it
 * can be created during server rendering (where only the server snapshot is read).
 */
export function cookieConsentStore(): ConsentStore {
  let raw: string | null | undefined;
  let parsed: Consent | null = null;
  // A browser that refuses cookies still gets an answer for this visit: the
  // bar goes away when clicked, and comes back on the next visit.
  let memory: Consent | null = null;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((l) => l());
  return {
    read() {
      const value = readCookie(document.cookie, CONSENT_COOKIE);
      if (value !== raw) {
        raw = value;
        parsed = parseConsent(value);
      }
      return parsed ?? memory;
    },
    write(consent) {
      memory = consent;
      document.cookie = consentCookie(consent, { secure: window.location.protocol === 'https:' });
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      // A choice made in another tab shows when the visitor comes back to this one.
      const onVisible = () => document.visibilityState === 'visible' && listener();
      document.addEventListener('visibilitychange', onVisible);
      return () => {
        listeners.delete(listener);
        document.removeEventListener('visibilitychange', onVisible);
      };
    },
  };
}

export interface ConsentApi {
  /** False on the server and during hydration, where the choice is not known. */
  ready: boolean;
  /** The stored choice; null when undecided (or not ready). */
  consent: Consent | null;
  status: ConsentStatus;
  /** Whether a category may be used now; only necessary until ready. */
  allowed(category: ConsentCategory): boolean;
  /** Accept all, decline all or necessary only: stores the choice and closes the settings. */
  choose(choice: ConsentChoice): Consent;
  /** Stores a selection from the settings and closes them. */
  save(preferences: ConsentPreferences): Consent;
  settingsOpen: boolean;
  openSettings(): void;
  closeSettings(): void;
}

/** Exported for tests, which render consumers with a given state. */
export const ConsentContext = createContext<ConsentApi | null>(null);

const unknownOnServer = () => undefined;

export function ConsentProvider({ store, children }: { store?: ConsentStore; children: ReactNode }) {
  const [source] = useState(() => store ?? cookieConsentStore());
  // undefined: not known yet (server, hydration); null: undecided.
  const stored = useSyncExternalStore<Consent | null | undefined>(source.subscribe, source.read, unknownOnServer);
  const [settingsOpen, setSettingsOpen] = useState(false);

  const save = useCallback(
    (preferences: ConsentPreferences) => {
      const consent = makeConsent(preferences);
      source.write(consent);
      setSettingsOpen(false);
      return consent;
    },
    [source],
  );
  const choose = useCallback((choice: ConsentChoice) => save(preferencesFor(choice)), [save]);
  const openSettings = useCallback(() => setSettingsOpen(true), []);
  const closeSettings = useCallback(() => setSettingsOpen(false), []);

  const api = useMemo<ConsentApi>(() => {
    const consent = stored ?? null;
    return {
      ready: stored !== undefined,
      consent,
      status: consentStatus(consent),
      allowed: (category) => isAllowed(consent, category),
      choose,
      save,
      settingsOpen,
      openSettings,
      closeSettings,
    };
  }, [stored, settingsOpen, choose, save, openSettings, closeSettings]);

  return <ConsentContext.Provider value={api}>{children}</ConsentContext.Provider>;
}

export function useConsent(): ConsentApi {
  const api = useContext(ConsentContext);
  if (!api) throw new Error('useConsent outside ConsentProvider');
  return api;
}
