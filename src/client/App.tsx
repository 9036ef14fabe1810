// The application shell, the same on the server and in the browser: providers,
// the current view (layout + page, or the error screen) and client navigation.
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { preloadModule } from 'react-dom';
import { Router, useLocation } from 'wouter';
import { SWRConfig, preload, useSWRConfig } from 'swr';
import type { InitialState } from '../shared/state.ts';
import { HEADER_SOLID, HEADER_TRANSPARENT } from '../shared/state.ts';
import { resolveRoute, dataKey, dataNeedsFor, layoutFor, moveAfterReads, onOwnDomain, type RouteMatch } from '../shared/match.ts';
import { runGuards, runMiddleware, sectionLogin } from '../shared/middleware.ts';
import { HttpError, Redirect, toErrorState, type ErrorState } from '../shared/errors.ts';
import { loginRedirect } from '../shared/return-path.ts';
import { readsKnown, type LayoutName } from '../shared/routes.ts';
import { PAGE_DATA_MIN_DELAY_MS } from '../shared/constants.ts';
import { createStore, StoreProvider, useStore, useStoreApi, type Store } from './store.tsx';
import { loadPage, type PageProps } from './pages/index.ts';
import { layouts } from './layouts/index.tsx';
import { Document } from './Document.tsx';
import { ErrorBoundary, ErrorView, errorScreen } from './components/ErrorView.tsx';
import { SectionProvider } from './lib/section.tsx';
import { t } from '../shared/i18n.ts';
import { ProgressProvider, useProgress } from './components/ProgressBar.tsx';
import { getJson } from './lib/api.ts';
import { loadPartnerInto } from './lib/partner.ts';
import { scrollToHash, scrollToY } from './lib/scroll.ts';
import { isChunkLoadError, reloadForChunkError } from './lib/chunk-reload.ts';
import { ConsentProvider } from './lib/consent.tsx';
import { ConfigProvider } from './lib/config.tsx';
import { AuthProvider, createAuthStore, useAuthStore } from './lib/auth.tsx';
import { ToastProvider } from './components/toast/Toasts.tsx';
import { AuthTransitions } from './components/account/AuthTransitions.tsx';
import { isPersonalKey } from './components/account/personal-data.ts';
import { PostedFormProvider } from './components/forms/posted.tsx';
import { languagePrefix } from '../shared/languages.ts';

export interface View {
  path: string;
  match: RouteMatch | null;
  Page: ComponentType<PageProps> | null;
  error: ErrorState | null;
  layout: LayoutName;
}

export interface AppProps {
  state: InitialState;
  view: View;
  nonce: string;
  /**
   * Server only: the page's chunks, emitted as <link rel="modulepreload"> so they
   * load in parallel. A prop, not a sibling component, so that the server and
   * the browser render trees of the same shape (useId depends on it). Without
   * a nonce: they are same-origin, which the CSP's script-src 'self' allows.
   */
  preload?: string[];
  /** Server only: the path being rendered. */
  ssrPath?: string;
  ssrSearch?: string;
}

export function App({ state, view, nonce, preload = [], ssrPath, ssrSearch }: AppProps) {
  for (const href of preload) preloadModule(href, { as: 'script' });
  const [store] = useState(() => createStore(state.state));
  const [auth] = useState(() => createAuthStore(state.client ?? null));
  const router = ssrPath !== undefined ? { ssrPath, ssrSearch: ssrSearch ?? '' } : {};
  // The page's language is the base of its addresses: the pages see `/contact` under `/de/contact`.
  return (
    <Router base={languagePrefix(state.language, state.rootLanguage)} {...router}>
      <StoreProvider store={store}>
        <AuthProvider store={auth}>
          <SWRConfig
            value={{ fallback: state.data, fetcher: getJson, revalidateOnMount: false, revalidateIfStale: false, revalidateOnFocus: false }}
          >
            <ProgressProvider>
              <ConsentProvider>
                <ConfigProvider value={state.config}>
                  <Document nonce={nonce} stylesheets={state.config.stylesheets} language={state.language}>
                    <ToastProvider>
                      <PostedFormProvider state={state.form}>
                        <Navigator initial={view} hostPartner={state.hostPartner} />
                      </PostedFormProvider>
                    </ToastProvider>
                  </Document>
                </ConfigProvider>
              </ConsentProvider>
            </ProgressProvider>
          </SWRConfig>
        </AuthProvider>
      </StoreProvider>
    </Router>
  );
}

function delay(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A personal read refused with 401 on the way to a page: `login` is that page's section's login, back to it. */
class SessionRefused extends Error {
  constructor(
    readonly refusal: HttpError,
    readonly login: string,
  ) {
    super(refusal.message);
  }
}

/** Resolves a path to a view the way the server does, over HTTP. */
interface DataCache {
  has(key: string): boolean;
  get(key: string): unknown;
  put(key: string, data: unknown): void;
}

async function resolveView(path: string, store: Store, hostPartner: string | null, cache: DataCache, loggedIn: boolean): Promise<View> {
  const match = await resolveRoute(path, (slug) => loadPartnerInto(store, slug), hostPartner);
  if (!match.params.partner && !hostPartner && store.get().partner_id !== 0)
    store.set({ partner: null, partner_id: 0, partner_domain: null });
  runGuards(match, path, loggedIn);
  await runMiddleware(match);
  // A search's reads are told by its page's code (routes.ts, provideSearchReads): that first.
  if (!readsKnown(match.route)) await loadPage(match.route.page);
  const keys = dataNeedsFor(match, window.location.search, loggedIn).map(dataKey);
  const missing = keys.filter((key) => !cache.has(key));
  const [mod] = await Promise.all([
    loadPage(match.route.page),
    // preload() reuses a prefetch of the same key; the answer then goes into
    // SWR's cache, where the page's useSWR finds it without revalidating. A
    // personal read is always fetched: a prefetch may predate a login.
    ...missing.map((key) => (isPersonalKey(key) ? getJson(key) : preload(key, getJson)).then((data) => cache.put(key, data))),
    // Pending data shows for at least PAGE_DATA_MIN_DELAY_MS, so it never flashes.
    missing.length ? delay(PAGE_DATA_MIN_DELAY_MS) : null,
  ]).catch((error: unknown) => {
    if (error instanceof HttpError && error.statusCode === 401) throw new SessionRefused(error, loginRedirect(path, sectionLogin(match)));
    throw error;
  });
  const move = moveAfterReads(
    match,
    window.location.search,
    keys.map((key) => cache.get(key)),
  );
  if (move) throw move;
  await mod.prepare?.(path + window.location.search, Object.fromEntries(keys.map((key) => [key, cache.get(key)])));
  return { path, match, Page: mod.default, error: null, layout: layoutFor(match, Boolean(store.get().partner)) };
}

function Navigator({ initial, hostPartner }: { initial: View; hostPartner: string | null }) {
  const [location, navigate] = useLocation();
  const [view, setView] = useState(initial);
  const store = useStoreApi();
  const auth = useAuthStore();
  const progress = useProgress();
  const { cache, mutate } = useSWRConfig();
  const navigation = useRef(0);

  useEffect(() => {
    const id = ++navigation.current;
    // Back at the page shown before the navigation away from it came (a link, then Back): that
    // navigation is dropped, or it would replace this page under this address when it comes.
    if (location === view.path) {
      progress.finish();
      return;
    }
    progress.start();
    const data: DataCache = {
      has: (key) => cache.get(key)?.data !== undefined,
      get: (key) => cache.get(key)?.data,
      put: (key, value) => void mutate(key, value, { revalidate: false }),
    };
    resolveView(location, store, hostPartner, data, auth.user() !== null).then(
      (next) => {
        if (id !== navigation.current) return;
        store.set({ headerClass: next.match?.route.header === 'transparent' ? HEADER_TRANSPARENT : HEADER_SOLID });
        setView(next);
        progress.finish();
        if (!window.location.hash || !scrollToHash(window.location.hash)) scrollToY(0);
      },
      (error: unknown) => {
        if (id !== navigation.current) return;
        if (error instanceof Redirect) {
          progress.finish();
          navigate(onOwnDomain(error.location, hostPartner), { replace: true });
          return;
        }
        // A personal read refused: the session has ended (expired, revoked elsewhere).
        if (error instanceof SessionRefused) {
          if (auth.user()) {
            auth.expire();
            progress.finish();
            navigate(onOwnDomain(error.login, hostPartner), { replace: true });
            return;
          }
          error = error.refusal;
        }
        if (isChunkLoadError(error) && reloadForChunkError(window.location.href)) return;
        const showError = () => {
          if (id !== navigation.current) return;
          progress.fail();
          store.set({ headerClass: HEADER_SOLID });
          setView({
            path: location,
            match: null,
            Page: null,
            error: toErrorState(error),
            layout: layoutFor(null, Boolean(store.get().partner)),
          });
        };
        // The error screen's code first, so that it shows at once (ErrorView copes if it cannot come).
        void errorScreen.load().then(showError, showError);
      },
    );
  }, [location]); // eslint-disable-line react-hooks/exhaustive-deps -- a page is loaded per address; the stores and router are read as they are then

  const Layout = layouts[view.layout];
  const partnerSlug = useStore((s) => s.partner?.slug ?? null);
  const section = {
    section: view.match?.route.section ?? (partnerSlug ? ('partner' as const) : ('main' as const)),
    partnerSlug: view.match?.params.partner ?? partnerSlug,
    hostPartner,
  };
  const failed = view.error ?? { statusCode: 500, message: t('errors.genericTitle') };
  return (
    <SectionProvider value={section}>
      <AuthTransitions />
      <Layout match={view.match}>
        {view.error || !view.Page || !view.match ? (
          <ErrorView error={failed} />
        ) : (
          <ErrorBoundary resetKey={view.path} fallback={(error) => <ErrorView error={toErrorState(error)} />}>
            <view.Page key={view.path} match={view.match} />
          </ErrorBoundary>
        )}
      </Layout>
    </SectionProvider>
  );
}
