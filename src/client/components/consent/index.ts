// The cookie consent of SPEC §4: what the rest of the app uses.
export { CookieConsent, CookieSettingsButton } from './CookieConsent.tsx';
export { BlockedMessage, ConsentGate, type ConsentGateProps } from './ConsentGate.tsx';
