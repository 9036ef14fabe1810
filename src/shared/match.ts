// Matching a path against the route table. Patterns use wouter's syntax and
// matcher, so the server and the client agree on every URL.
import { matchRoute } from 'wouter';
import { parse as parsePattern } from 'regexparam';
import { routes as defaultRoutes, type RouteDef, type RouteParams, type DataNeed, type LayoutName } from './routes.ts';
import { HttpError, NOT_FOUND_MESSAGE, PARTNER_NOT_FOUND_MESSAGE, type Redirect } from './errors.ts';
import { currentLanguage } from './i18n.ts';
import type { Language } from './languages.ts';

export interface RouteMatch {
  route: RouteDef;
  params: RouteParams;
}

type Compiled = { keys: string[]; pattern: RegExp };
const compiled = new WeakMap<RouteDef, Compiled>();

function patternOf(route: RouteDef) {
  let p = compiled.get(route);
  if (!p) compiled.set(route, (p = parsePattern(route.path) as Compiled));
  return p;
}

/** Every route whose pattern matches, in table order, with decoded params. */
export function matchCandidates(path: string, table: RouteDef[] = defaultRoutes): RouteMatch[] {
  const out: RouteMatch[] = [];
  for (const route of table) {
    const [ok, raw] = matchRoute(() => patternOf(route), route.path, path);
    if (!ok || !raw) continue;
    const params: RouteParams = {};
    let valid = true;
    for (const [key, value] of Object.entries(raw)) {
      if (/^\d+$/.test(key)) continue;
      try {
        params[key] = value === undefined ? undefined : decodeURIComponent(value);
      } catch {
        valid = false; // a malformed %-escape cannot name anything we serve
      }
    }
    if (valid) out.push({ route, params });
  }
  return out;
}

/**
 * The candidates for a path on a partner's own domain, best first: the path is
 * the partner's own site, so `/` is its home and `/new-build-pages` its page;
 * the partner's section wins, then the main site's fixed pages it lacks
 * (except the main brand's own, see `mainBrandPath`), then its content pages
 * (the catch-all, so it comes last).
 */
export function hostCandidates(path: string, hostPartnerSlug: string, table: RouteDef[] = defaultRoutes): RouteMatch[] {
  const own = matchCandidates(`/${hostPartnerSlug}${path === '/' ? '' : path}`, table).filter(
    (c) => c.route.section === 'partner' && c.params.partner?.toLowerCase() === hostPartnerSlug,
  );
  const isContent = (c: RouteMatch) => c.route.page === 'content';
  const shared = matchCandidates(path, table).filter((c) => (!isContent(c) || c.route.section === 'old') && !c.route.mainBrandOnly);
  return [...own.filter((c) => !isContent(c)), ...shared, ...own.filter(isContent)];
}

/**
 * Whether a path on a partner's own domain names a page of the main brand
 * (`/franchise`): the server answers it with a 301 to the main site's page.
 */
export function mainBrandPath(path: string, table: RouteDef[] = defaultRoutes): boolean {
  return matchCandidates(path, table).some((c) => c.route.mainBrandOnly);
}

/** A location inside the site as it reads on a partner's own domain: without the `/{slug}` prefix. */
export function onOwnDomain(location: string, hostPartnerSlug: string | null): string {
  const prefix = hostPartnerSlug ? `/${hostPartnerSlug}` : null;
  if (!prefix || !location.toLowerCase().startsWith(prefix)) return location;
  const rest = location.slice(prefix.length);
  if (rest === '' || rest.startsWith('?')) return `/${rest}`;
  return rest.startsWith('/') ? rest : location;
}

/**
 * Picks the route for a path. A route with a {partner} parameter applies only
 * when that partner exists, and, on a partner's own domain, only to that partner.
 * When the path had no other home, an unknown partner is 404 'Not Found'.
 */
export async function resolveRoute(
  path: string,
  partnerExists: (slug: string) => boolean | Promise<boolean>,
  hostPartnerSlug: string | null,
  table: RouteDef[] = defaultRoutes,
): Promise<RouteMatch> {
  let partnerMissing = false;
  const candidates = hostPartnerSlug ? hostCandidates(path, hostPartnerSlug, table) : matchCandidates(path, table);
  for (const candidate of candidates) {
    const slug = candidate.params.partner;
    if (slug === undefined) return candidate;
    const ok = hostPartnerSlug ? slug.toLowerCase() === hostPartnerSlug : await partnerExists(slug.toLowerCase());
    if (ok) return candidate;
    partnerMissing = true;
  }
  throw new HttpError(404, partnerMissing ? PARTNER_NOT_FOUND_MESSAGE : NOT_FOUND_MESSAGE);
}

/** The key under which SWR caches a data need: the GET address of the same read. */
export function dataKey(need: DataNeed): string {
  // Code-unit order: localeCompare would build an ICU collator on the browser's first call (~20 ms).
  const query = new URLSearchParams(Object.entries(need.query).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const qs = query.toString();
  return qs ? `${need.endpoint}?${qs}` : need.endpoint;
}

/**
 * The layout a page wears: a partner's pages (by path or by its own domain)
 * the partner layout, a URL that matched nothing the plain one, else the
 * route's own. The server and the client both decide it here.
 */
export function layoutFor(match: RouteMatch | null, hasPartner: boolean): LayoutName {
  if (hasPartner) return 'partner';
  return match ? match.route.layout : 'plain-app';
}

/**
 * The reads of a matched page; `search` is the URL's query string ('?a=1' or ''), `language` the
 * page's (the browser's build, or the render's; the server's reads name it).
 */
export function dataNeeds(match: RouteMatch, search = '', language: Language = currentLanguage()): DataNeed[] {
  return match.route.data?.(match.params, new URLSearchParams(search), language) ?? [];
}

/** Where a matched page sends the visitor once its reads have answered (in the order of its needs), or null. */
export function moveAfterReads(match: RouteMatch, search: string, answers: unknown[]): Redirect | null {
  return match.route.moveAfterReads?.(answers, match.params, new URLSearchParams(search)) ?? null;
}

/** The needs read for this visitor before the page shows: a client's own only when logged in. */
export function dataNeedsFor(match: RouteMatch, search: string, loggedIn: boolean, language?: Language): DataNeed[] {
  return dataNeeds(match, search, language).filter((need) => loggedIn || !need.client);
}
