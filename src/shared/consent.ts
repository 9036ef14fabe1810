// The cookie-consent model of SPEC §4: three categories, a visitor's choice,
// and the first-party cookie that remembers it for a year (SPEC §9).
//
// - necessary: always allowed; the site cannot work without it (the session,
//   this very cookie). It cannot be refused, so it is not stored.
// - optional: statistics. Tracking fills `window.dataLayer` only when this is on.
// - functional: content from other services (iframes: video, maps). Until it
//   is on, ConsentGate shows a placeholder instead of the embed.
//
// The cookie's value is a URL query string, cookie-safe without escaping:
//
//   cookie_consent=v=1&optional=1&functional=0&at=1767225600
//
// v is CONSENT_VERSION: raise it when the categories or their meaning change,
// and every stored choice reads as undecided, so visitors are asked again.
// at is when the choice was made (seconds since the epoch). A choice older than
// CONSENT_MAX_AGE_DAYS reads as undecided even if a browser kept the cookie
// longer than its Max-Age. Anything malformed also reads as undecided: the
// visitor is asked again rather than assumed to agree.
import { CONSENT_MAX_AGE_DAYS } from './constants.ts';

export const CONSENT_COOKIE = 'cookie_consent';
export const CONSENT_VERSION = 1;
export const CONSENT_MAX_AGE_SECONDS = CONSENT_MAX_AGE_DAYS * 24 * 60 * 60;

export const CONSENT_CATEGORIES = ['necessary', 'optional', 'functional'] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];

/** What a visitor can switch: every category except necessary. */
export interface ConsentPreferences {
  optional: boolean;
  functional: boolean;
}

/** A visitor's stored choice. */
export interface Consent extends ConsentPreferences {
  version: typeof CONSENT_VERSION;
  /** When the choice was made, in seconds since the epoch. */
  at: number;
}

/** The states of SPEC §4. */
export type ConsentStatus = 'undecided' | 'accepted-all' | 'partial' | 'declined-all';

/** The four choices the bar offers; 'manage' leads to a custom selection instead. */
export type ConsentChoice = 'accept-all' | 'decline-all' | 'necessary-only';

/** Preferences used when nothing is stored: only what is necessary. */
export const NO_CONSENT: ConsentPreferences = { optional: false, functional: false };

/**
 * The preferences a choice stands for. "Decline all" (SPEC §4's "delete all")
 * and "Necessary only" lead to the same preferences, since necessary cookies
 * cannot be refused; the site sets no optional cookie, so there is nothing to
 * delete either.
 */
export function preferencesFor(choice: ConsentChoice): ConsentPreferences {
  return choice === 'accept-all' ? { optional: true, functional: true } : { ...NO_CONSENT };
}

export function makeConsent(preferences: ConsentPreferences, now = Date.now()): Consent {
  return { version: CONSENT_VERSION, optional: preferences.optional, functional: preferences.functional, at: Math.floor(now / 1000) };
}

export function serialiseConsent(consent: Consent): string {
  return new URLSearchParams({
    v: String(consent.version),
    optional: consent.optional ? '1' : '0',
    functional: consent.functional ? '1' : '0',
    at: String(consent.at),
  }).toString();
}

/** A day of leeway for a clock that runs a little behind the one that wrote the cookie. */
const CLOCK_SKEW_SECONDS = 24 * 60 * 60;

/** The stored choice, or null (undecided) when absent, malformed, from another version or expired. */
export function parseConsent(value: string | null | undefined, now = Date.now()): Consent | null {
  if (!value) return null;
  const params = new URLSearchParams(value);
  if (params.get('v') !== String(CONSENT_VERSION)) return null;
  const flag = (name: string) => {
    const raw = params.get(name);
    return raw === '1' ? true : raw === '0' ? false : null;
  };
  const optional = flag('optional');
  const functional = flag('functional');
  const atRaw = params.get('at') ?? '';
  if (optional === null || functional === null || !/^\d{1,12}$/.test(atRaw)) return null;
  const at = Number(atRaw);
  const nowSeconds = Math.floor(now / 1000);
  if (at > nowSeconds + CLOCK_SKEW_SECONDS || nowSeconds - at > CONSENT_MAX_AGE_SECONDS) return null;
  return { version: CONSENT_VERSION, optional, functional, at };
}

export function consentStatus(consent: ConsentPreferences | null): ConsentStatus {
  if (!consent) return 'undecided';
  if (consent.optional && consent.functional) return 'accepted-all';
  if (!consent.optional && !consent.functional) return 'declined-all';
  return 'partial';
}

/** Whether a category may be used. Necessary always; the others only when chosen. */
export function isAllowed(consent: ConsentPreferences | null | undefined, category: ConsentCategory): boolean {
  if (category === 'necessary') return true;
  return consent?.[category] === true;
}

/** The value of one cookie in a `document.cookie` or `Cookie` header string. */
export function readCookie(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** The stored choice in a `document.cookie` or `Cookie` header string. */
export function consentFromCookies(cookies: string, now = Date.now()): Consent | null {
  return parseConsent(readCookie(cookies, CONSENT_COOKIE), now);
}

/**
 * The string to assign to `document.cookie` (or send as `Set-Cookie`): first
 * party, the whole site, a year, `SameSite=Lax`, and `Secure` over https. Not
 * HttpOnly: the browser reads it to decide what it may show and send.
 */
export function consentCookie(consent: Consent, { secure }: { secure: boolean }): string {
  return [
    `${CONSENT_COOKIE}=${serialiseConsent(consent)}`,
    `Max-Age=${CONSENT_MAX_AGE_SECONDS}`,
    'Path=/',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
