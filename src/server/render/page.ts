// GET of any page: match the route, resolve the partner, run middleware and the
// page's data needs in-process, decide the status, then stream (DESIGN §2). A
// POST of a page's lead form renders through the same steps (form-post.ts).
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import {
  resolveRoute,
  dataKey,
  dataNeedsFor,
  layoutFor,
  mainBrandPath,
  moveAfterReads,
  onOwnDomain,
  type RouteMatch,
} from '../../shared/match.ts';
import { absoluteUrl, siteOrigin } from '../../shared/seo.ts';
import { DEFAULT_LANGUAGE, inLanguage, siteLanguages, type Language } from '../../shared/languages.ts';
import { hostLanguage } from '../http/language.ts';
import { runGuards, runMiddleware } from '../../shared/middleware.ts';
import { StructError } from 'superstruct';
import { toErrorState, NOT_FOUND_MESSAGE, Redirect, type ErrorState } from '../../shared/errors.ts';
import { initialStore, HEADER_SOLID, HEADER_TRANSPARENT, type InitialState, type FetchState } from '../../shared/state.ts';
import type { PublicPartner } from '../../shared/partner.ts';
import type { ClientUser } from '../../shared/accounts.ts';
import type { RouteDef } from '../../shared/routes.ts';
import type { SsrEntry } from '../../shared/ssr.ts';
import type { PublicConfig } from '../../shared/state.ts';
import { FORM_PAGES, type FormPageState } from '../../shared/form-post.ts';
import { readByPath, runRead } from '../api/reads.ts';
import { readContext } from '../api/read-routes.ts';
import { readVersions, type StoreVersions } from '../services/versions.ts';
import { pageAssets, type Manifests } from '../http/assets.ts';
import { pageCache, noStore, privateNoStore } from '../http/caching.ts';
import { NOT_FOUND_ROUTE } from '../metrics/index.ts';
import { streamPage } from './stream.ts';

export interface PageRenderer {
  ssr: SsrEntry;
  manifests: Manifests;
  routes: RouteDef[];
  publicConfig: PublicConfig;
}

export interface Resolved {
  match: RouteMatch | null;
  /** The page's language: the path's first segment, else the host's root language (http/language.ts hostLanguage). */
  language: Language;
  /** The logged-in client, for the initial state (null: a visitor). */
  client: ClientUser | null;
  partner: PublicPartner | null;
  hostPartner: PublicPartner | null;
  data: Record<string, unknown>;
  fetch: Record<string, FetchState>;
  error: ErrorState | null;
  redirect?: Redirect;
  /** How long the partner, the session and the page's reads took (Server-Timing `reads`). */
  readsMs: number;
  /** A read of the page is personal (a mailed link's token names whose data it is): never stored by a CDN. */
  personal?: boolean;
}

/**
 * Resolves the page at `path` in the request's language (its address's first
 * segment, which routing has left out: http/language.ts; without one, the
 * host's root language: English, or a partner's on its own domain); a redirect
 * of the page's stays in its language. The root language named (`/en/…` on the
 * main site) is the unprefixed page's address (301); a language the partner's
 * site does not offer goes to the page in the site's own language (302: the
 * partner may offer it later).
 */
export async function resolvePage(
  app: FastifyInstance,
  request: FastifyRequest,
  routes: RouteDef[],
  path: string,
  search: string,
): Promise<Resolved> {
  const started = performance.now();
  const versions = readVersions(app.store.db);
  const [hostPartner, session] = await Promise.all([
    versions.then((v) => app.services.partners.byHost(request.hostname, v)),
    request.client(),
  ]);
  const { language, prefixed, root } = hostLanguage(request, hostPartner);
  // Named, the root language is the unprefixed page: moved before any other read.
  if (prefixed && language === root) {
    const nothing = { match: null, client: null, partner: null, hostPartner, data: {}, fetch: {}, error: null, readsMs: 0 };
    return { ...nothing, language, redirect: new Redirect(path + search, 301) };
  }
  const resolved = await resolveInLanguage(app, request, routes, { path, search, language, versions, hostPartner, session, started });
  const moved = resolved.redirect;
  if (moved?.location.startsWith('/'))
    resolved.redirect = new Redirect(inLanguage(onOwnDomain(moved.location, hostPartner?.slug ?? null), language, root), moved.statusCode);
  const site = siteLanguages(resolved.partner, hostPartner !== null);
  if (!resolved.redirect && resolved.partner && !site.languages.includes(language))
    resolved.redirect = new Redirect(inLanguage(path + search, site.main, root), 302);
  return resolved;
}

interface PageRequest {
  path: string;
  search: string;
  language: Language;
  versions: Promise<StoreVersions>;
  hostPartner: PublicPartner | null;
  session: Awaited<ReturnType<FastifyRequest['client']>>;
  /** When the request's reads started (Server-Timing `reads`). */
  started: number;
}

async function resolveInLanguage(
  app: FastifyInstance,
  request: FastifyRequest,
  routes: RouteDef[],
  { path, search, language, versions, hostPartner, session, started }: PageRequest,
): Promise<Resolved> {
  // Resolves the path's partner for the route and the page's reads alike: one lookup per slug, one read of the versions.
  const ctx = readContext(app, request, { versions, hostPartner: Promise.resolve(hostPartner) }, session);
  const out: Resolved = {
    match: null,
    language,
    client: null,
    partner: hostPartner,
    hostPartner,
    data: {},
    fetch: {},
    error: null,
    readsMs: 0,
  };
  try {
    // The main brand's offer is not the partner's: on its domain, to the main site's page.
    if (hostPartner && mainBrandPath(path, routes))
      throw new Redirect(absoluteUrl(siteOrigin(app.config.SITE_URL), inLanguage(path + search, language)), 301);
    out.match = await resolveRoute(path, async (slug) => (await ctx.partner(slug)) !== null, hostPartner?.slug ?? null, routes);
    const slug = out.match.params.partner;
    if (!hostPartner && slug) out.partner = await ctx.partner(slug);
    // A page that needs an account sends a visitor to its section's login, ?redirect=<path>; a guest page sends a client home.
    runGuards(out.match, path, session !== null);
    await runMiddleware(out.match);
    // The client and the page's reads do not depend on each other: they run together.
    const client = session ? app.services.accounts.user(session.id) : null;
    const reads = dataNeedsFor(out.match, search, session !== null, language).map(async (need) => {
      const endpoint = readByPath.get(need.endpoint);
      if (!endpoint) throw new Error(`No read ${need.endpoint}`);
      if (endpoint.personal) out.personal = true;
      // The API's answer for the key, as a browser fetching the key gets it: a key means one answer.
      return [dataKey(need), await runRead(endpoint, need.query, ctx)] as const;
    });
    // The client is known even when a read fails: the error page shows who is logged in.
    const [answers, user] = await Promise.allSettled([Promise.all(reads), client]);
    if (user.status === 'rejected') throw user.reason;
    out.client = user.value;
    if (answers.status === 'rejected') throw answers.reason;
    const move = moveAfterReads(
      out.match,
      search,
      answers.value.map(([, answer]) => answer),
    );
    if (move) throw move;
    for (const [key, answer] of answers.value) {
      out.data[key] = answer;
      out.fetch[key] = { pending: false, error: null, timestamp: Date.now() };
    }
  } catch (error) {
    if (error instanceof Redirect) {
      out.redirect = error;
      return out;
    }
    // A param a read refuses (e.g. a slug with a dot) names no page: 404, not 500.
    out.error = error instanceof StructError ? { statusCode: 404, message: NOT_FOUND_MESSAGE } : toErrorState(error);
    if (out.error.statusCode === 500) request.log.error({ err: error }, 'page failed');
  }
  out.readsMs = performance.now() - started;
  return out;
}

export function pageHandler(app: FastifyInstance, renderer: PageRenderer) {
  return async function page(request: FastifyRequest, reply: FastifyReply) {
    // Appended, not resolved: '//for-sale' is a path here, not a protocol-relative address of host 'for-sale'.
    const url = new URL(`http://x${request.url}`);
    const resolved = await resolvePage(app, request, renderer.routes, url.pathname, url.search);
    if (resolved.redirect) {
      noStore(reply);
      return reply.redirect(resolved.redirect.location, resolved.redirect.statusCode);
    }
    const withForm = resolved.match && FORM_PAGES[resolved.match.route.page];
    return renderPage(app, renderer, request, reply, resolved, url, withForm ? { key: randomUUID(), posted: null } : undefined);
  };
}

/**
 * Streams a resolved page. `form` is the lead form's state (a fresh key, or
 * what a POST of the form gave); `status` overrides the page's 200 (a form
 * with errors). An error of the page itself keeps its own status.
 */
export function renderPage(
  app: FastifyInstance,
  renderer: PageRenderer,
  request: FastifyRequest,
  reply: FastifyReply,
  resolved: Resolved,
  url: URL,
  form: FormPageState | undefined,
  status?: number,
) {
  const build = (error: ErrorState | null, match: RouteMatch | null): InitialState => ({
    config: renderer.publicConfig,
    data: error ? {} : resolved.data,
    fetch: error ? {} : resolved.fetch,
    layout: layoutFor(match, Boolean(resolved.partner)),
    language: resolved.language,
    rootLanguage: resolved.hostPartner?.root_language ?? DEFAULT_LANGUAGE,
    error,
    serverRendered: true,
    // As the browser has it, language first: the router's base takes it off (App.tsx).
    routePath: inLanguage(url.pathname + url.search, resolved.language, resolved.hostPartner?.root_language),
    route: error ? null : (match?.route.name ?? null),
    hostPartner: resolved.hostPartner?.slug ?? null,
    client: resolved.client,
    state: {
      ...initialStore(resolved.partner),
      headerClass: !error && match?.route.header === 'transparent' ? HEADER_TRANSPARENT : HEADER_SOLID,
    },
    ...(form ? { form: error ? { key: form.key, posted: null } : form } : {}),
  });
  const state = build(resolved.error, resolved.match);
  const code = resolved.error?.statusCode ?? status ?? 200;
  // The metrics' route label: the page's route name; an unknown page stays `not found`.
  const routeName = resolved.match && code !== 404 ? resolved.match.route.name : null;
  request.routeLabel = routeName;

  // Error pages are not cached at the edge: a partner or a page may appear any minute.
  if (request.method === 'POST' || resolved.personal) privateNoStore(reply);
  else pageCache(request, reply, app.config, code);

  return streamPage(request, reply, {
    ssr: renderer.ssr,
    state,
    assets: pageAssets(renderer.manifests[resolved.language], state.route ? (resolved.match?.route.page ?? null) : null),
    status: code,
    waitForAll: isbot(request.headers['user-agent'] ?? ''),
    timeoutMs: app.config.RENDER_TIMEOUT_MS,
    compressHtml: app.config.COMPRESS_HTML,
    errorState: state.error ? null : (error) => build(toErrorState(error), resolved.match),
    readsMs: resolved.readsMs,
    onRendered: (ms, outcome) => app.metrics.ssrRender.observe({ route: routeName ?? NOT_FOUND_ROUTE, outcome }, ms / 1000),
  });
}
