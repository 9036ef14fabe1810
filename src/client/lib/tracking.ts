// Tracking (issue 4, SPEC §3): events go to `window.dataLayer`, the array a tag
// manager reads, and only while the visitor's stored choice allows optional
// cookies. No script of another service is loaded here and no request is made:
// filling the array is all this module does.
//
// Before a choice, or after optional cookies are refused, an event is dropped,
// not queued: sending it once consent arrives would report what the visitor
// did before agreeing. The current page is the exception that proves the rule:
// `useTrackOnce` sends its page view when consent arrives while the page is
// still being viewed, since that view is happening now, with consent.
//
// The consent cookie is the one source of truth: `track` reads it at each call,
// so it works outside React too, and a refusal takes effect at once.
import { useEffect, useRef } from 'react';
import { consentFromCookies, isAllowed, type ConsentPreferences } from '../../shared/consent.ts';
import { useConsent } from './consent.tsx';

/** A dataLayer entry: `event` names it (e.g. 'view_item'); the rest is its data. */
export interface TrackEvent {
  event: string;
  [key: string]: unknown;
}

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/**
 * Pushes `event` onto `target.dataLayer` (created on first use) when `cookies`
 * hold a choice that allows optional cookies. Returns whether it was pushed.
 */
export function pushEvent(target: { dataLayer?: unknown[] }, cookies: string, event: TrackEvent, now = Date.now()): boolean {
  if (!isAllowed(consentFromCookies(cookies, now), 'optional')) return false;
  (target.dataLayer ??= []).push(event);
  return true;
}

/** Sends an event if the visitor allows optional cookies; drops it otherwise (and on the server). */
export function track(event: TrackEvent): boolean {
  if (typeof window === 'undefined' || typeof document === 'undefined') return false;
  return pushEvent(window, document.cookie, event);
}

/**
 * Tells the tag manager about a new choice, as tag managers expect
 * ('consent_update'). Like every event, only when optional cookies are allowed.
 */
export function trackConsent(preferences: ConsentPreferences): boolean {
  return track({ event: 'consent_update', optional: preferences.optional, functional: preferences.functional });
}

/**
 * Sends `event` once per `id` while the component is shown (a page view of
 * property `id`): at once if optional cookies are allowed, or as soon as the
 * visitor allows them while still on the page. A new id sends again; a null id
 * (data not there yet) sends nothing.
 */
export function useTrackOnce(id: string | number | null | undefined, event: TrackEvent | (() => TrackEvent)): void {
  const { ready, consent } = useConsent();
  const allowed = ready && isAllowed(consent, 'optional');
  const sent = useRef<string | number | null>(null);
  useEffect(() => {
    if (!allowed || id === null || id === undefined || sent.current === id) return;
    if (track(typeof event === 'function' ? event() : event)) sent.current = id;
    // `event` is left out on purpose: a new object each render must not resend.
  }, [allowed, id]); // eslint-disable-line react-hooks/exhaustive-deps -- event: see above
}
