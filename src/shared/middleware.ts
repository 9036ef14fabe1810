// Route-level middleware (SPEC §4). A route names the middleware it runs; the
// names resolve here, on the server before rendering and on the client before
// navigating. `partner` exists and does nothing: partner loading is done by the
// renderer and the client store, for every route with a {partner} parameter.
import { HttpError, Redirect } from './errors.ts';
import { t } from './i18n.ts';
import type { RouteMatch } from './match.ts';
import { LOGIN_PATH, loginRedirect } from './return-path.ts';

export type Middleware = (match: RouteMatch) => void | Promise<void>;

export const middlewareRegistry: Record<string, Middleware> = {
  partner: () => {},
};

export async function runMiddleware(match: RouteMatch): Promise<void> {
  for (const name of match.route.middleware) {
    const fn = Object.hasOwn(middlewareRegistry, name) ? middlewareRegistry[name] : undefined;
    if (!fn) throw new HttpError(500, t('errors.unknownMiddleware', { name }));
    await fn(match);
  }
}

/**
 * The login page of the section a page is in: a partner's own (under
 * /{partner}; the renderer and the client strip the prefix on the partner's
 * domain), /old's, or the main site's /login.
 */
export function sectionLogin(match: RouteMatch): string {
  const { section } = match.route;
  const partner = match.params.partner;
  if (section === 'partner' && partner) return `/${partner.toLowerCase()}/client-login`;
  if (section === 'old') return '/old/client-login';
  return LOGIN_PATH;
}

/**
 * The route's access rule (SPEC §4): a page that requires login sends an
 * anonymous visitor to its own section's login page, remembering the path; a
 * guest-only page sends a logged-in client home: the home of the partner's
 * site it is on, else `/`.
 */
export function runGuards(match: RouteMatch, path: string, loggedIn: boolean): void {
  if (match.route.auth === 'required' && !loggedIn) throw new Redirect(loginRedirect(path, sectionLogin(match)));
  if (match.route.auth === 'guest' && loggedIn) throw new Redirect(match.params.partner ? `/${match.params.partner}` : '/');
}
