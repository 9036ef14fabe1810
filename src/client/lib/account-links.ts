// Where the account pages of a section are, and where a visitor lands when
// logging in or out (SPEC §2, §4). Pure, so the rules are tested on their own.
//
// - The main site has no account pages of its own except /login: its others
//   are the /old section's (the reset mail links there too). A partner's are
//   under /{partner}, and at the root of its own domain (its site there).
// - Logging in or out lands on the home of the site the visitor is on: the
//   partner's home on a partner's site, `/` otherwise (/old has no home: its
//   root is the index of the guides). Except that a visitor sent to log in
//   from a page that needs an account (the `redirect` query) goes back there,
//   if that path passes SPEC §5's rule.
import { isSafeReturnPath, LOGIN_PATH, RETURN_PARAM } from '../../shared/return-path.ts';
import type { SectionInfo } from './section.tsx';

export type AccountPath =
  '/client-login' | '/client-register' | '/client-forgot-password' | '/client-reset-password' | '/favorites' | '/profile';

/** The address of an account page in the visitor's section. */
export function accountHref(info: SectionInfo, path: AccountPath): string {
  if (info.hostPartner) return path;
  if (info.section === 'partner' && info.partnerSlug) return `/${info.partnerSlug}${path}`;
  if (info.section === 'main' && path === '/client-login') return LOGIN_PATH;
  return `/old${path}`;
}

/** The slug of the partner whose site this is (its domain, or /{partner}); null on the main site. */
export function sitePartner(info: SectionInfo): string | null {
  return info.hostPartner ?? (info.section === 'partner' ? info.partnerSlug : null);
}

/** The home of the site the visitor is on. */
export function sectionHome(info: SectionInfo): string {
  if (info.hostPartner) return '/';
  return info.section === 'partner' && info.partnerSlug ? `/${info.partnerSlug}` : '/';
}

/** The section's login page, coming back to `returnPath` afterwards when it may be returned to. */
export function loginHref(info: SectionInfo, returnPath?: string): string {
  return withReturn(accountHref(info, '/client-login'), returnPath && isSafeReturnPath(returnPath) ? returnPath : null);
}

/** The section's registration page, coming back to `returnPath` afterwards when it may be returned to. */
export function registerHref(info: SectionInfo, returnPath?: string): string {
  return withReturn(accountHref(info, '/client-register'), returnPath && isSafeReturnPath(returnPath) ? returnPath : null);
}

/** The `redirect` of a login page's query string, when it may be followed; else null. */
export function returnPathOf(search: string): string | null {
  const back = new URLSearchParams(search).get(RETURN_PARAM);
  return back !== null && isSafeReturnPath(back) ? back : null;
}

/**
 * Where a visitor goes when loggedIn changes (SPEC §4): after logging in, back
 * to the page that asked for it (the login page's `redirect`), else home; after
 * logging out, home.
 */
export function authTransitionTarget(loggedIn: boolean, search: string, home: string): string {
  return (loggedIn && returnPathOf(search)) || home;
}

/** `href` passing on the login page's `redirect` (login ↔ register keep it). */
export function withReturn(href: string, back: string | null): string {
  return back ? `${href}?${RETURN_PARAM}=${encodeURIComponent(back)}` : href;
}

/** The content page of the terms of use and the privacy summary (seeded with the demo content). */
export const TERMS_PATH = '/terms';
