// A part of the page the server renders in full, whose code the browser loads
// when the visitor first uses it: a form the visitor may never touch, or a
// table with nothing to use (its code then loads only for a client
// navigation). Until then the browser keeps the server's DOM as it is, without
// code: the frame renders an empty `dangerouslySetInnerHTML`, which React
// neither compares when hydrating nor writes again. The first focus, press,
// touch, key or change inside it (or, for a part that asks, the pointer over
// it) loads the code, which then hydrates the same DOM in a root of its own:
// nothing moves, the focus and what was typed stay (useForm starts from the
// fields' values; a form whose fields apply as they change applies what
// changed, SearchForm.tsx); a form sent, or a link followed, before then waits
// for its code and is then sent or followed by it. If the code fails to load,
// the form and the links are left to the browser, which sends the form as
// without JavaScript (the server answers it), rather than reloading the page
// over what was typed. Rendered by a client navigation (no server DOM), or
// when the page's data changed before the code took the server's DOM over, the
// part is rendered in the page's own tree once its code is there (`preload`
// lets a page's `prepare` load it before that render, so nothing blinks). The
// contexts the parts read (the router's base, i.e. the page's language; the
// store, section, posted form, the client, consent, the public configuration, the toasts and SWR's
// configuration: the page's fetcher and fallback) are handed across to the root of their own.
import { useContext, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import type { Root } from 'react-dom/client';
import { onDemand, type OnDemand } from './on-demand.ts';
import { rootMakers } from './roots.ts';
import { PostedContext } from '../components/forms/posted.tsx';
import { AuthProvider, useAuthStore } from './auth.tsx';
import { ConfigProvider, useConfig } from './config.tsx';
import { ConsentContext, type ConsentApi } from './consent.tsx';
import { ISLAND_CLASS } from './island-frame.tsx';
import { SectionProvider, useSection } from './section.tsx';
import { useHydrated } from './useHydrated.ts';
import { Router, useRouter } from 'wouter';
import { SWRConfig, useSWRConfig } from 'swr';
import { ToastContext, useToast } from '../components/toast/Toasts.tsx';
import { StoreProvider, useStoreApi } from '../store.tsx';

// A change without any of the others: a value set by a script (an assistive tool, a test's select).
const FIRST_USE = ['focusin', 'pointerdown', 'touchstart', 'keydown', 'input', 'change'] as const;
const HELD = ['submit', 'invalid', 'click'] as const;
const KEEP_SERVER_DOM = { __html: '' };

interface IslandProps<P> {
  code: OnDemand<ComponentType<P>>;
  props: P;
  /**
   * Whether the visitor's first use (focus, press, touch, key) loads the code: false for a part
   * with nothing to use, whose code a touch while scrolling over it would load for nothing.
   */
  onUse?: boolean;
  /** Whether the pointer coming over it loads the code too: a part that asks for data when the visitor reaches for it. */
  onHover?: boolean;
  /** Whether the code loads as soon as the page has hydrated: a part that shows what this browser allows (an embed behind consent). */
  eager?: boolean;
  /**
   * When else the code loads: `when(load)` calls `load` (at once, or on an event) and returns what stops
   * it; a part that shows what the visitor chose in this browser (a currency).
   */
  when?: ((load: () => void) => () => void) | undefined;
}

function Island<P extends object>({ code, props, onUse = true, onHover = false, eager, when }: IslandProps<P>) {
  const frame = useRef<HTMLDivElement>(null);
  const root = useRef<Root | null>(null);
  // During hydration the frame holds the server's DOM; rendered later, nothing.
  const hydrated = useHydrated();
  const [fromServer] = useState(() => !hydrated);
  // Rendered in the page's own tree, as any component (no server DOM to keep).
  const [inline, setInline] = useState(!fromServer);
  const [Part, setPart] = useState<ComponentType<P> | null>(() => (fromServer ? null : code.loaded()));
  const [first] = useState(props);
  // The server's DOM shows other props (the page's data changed after hydration, say a
  // revalidation; a client navigation mounts a new frame, App keys pages by path): render afresh, now.
  const stale = fromServer && !sameProps(first, props);
  const section = useSection();
  // The page's language is the router's base (App.tsx): the part's links and forms are written in it too.
  const { base } = useRouter();
  const store = useStoreApi();
  const auth = useAuthStore();
  const posted = useContext(PostedContext);
  const consent = useContext(ConsentContext);
  const config = useConfig();
  const toast = useToast();
  const swr = useSWRConfig();

  // A form sent, a link followed or a button pressed before its code has taken the part over: held,
  // then sent, followed or pressed by that code (a link or form by the browser, if the code fails to load).
  const held = useRef<HTMLFormElement | HTMLAnchorElement | HTMLButtonElement | null>(null);
  const taken = useRef(false);
  const [sendHeld] = useState(() => () => {
    const form = held.current;
    held.current = null;
    if (form instanceof HTMLFormElement) form.requestSubmit();
    else form?.click();
  });
  const [onTaken] = useState(() => () => {
    taken.current = true;
    sendHeld();
  });

  useEffect(() => {
    const el = frame.current;
    let loading = false;
    let mounted = true;
    const uses = onHover ? [...FIRST_USE, 'pointerover'] : FIRST_USE;
    const stop = () => {
      for (const type of uses) el?.removeEventListener(type, start, true);
      for (const type of HELD) el?.removeEventListener(type, hold, true);
    };
    const start = () => {
      if (loading) return;
      loading = true;
      code.load().then(
        (loaded) => mounted && setPart(() => loaded),
        // The code did not arrive (SPEC §8, chunk load failure): the server's form is left to
        // the browser, as without JavaScript, rather than reloading the page over what was
        // typed. A form sent meanwhile is sent again, now by the browser (its own check first).
        (error: unknown) => {
          console.error(error);
          stop();
          if (!taken.current) sendHeld();
        },
      );
    };
    // A submit, or the browser's own check refusing one (the server's form may not say noValidate);
    // a link's or a button's plain click (one that opens a new tab or window is the browser's).
    const hold = (event: Event) => {
      const target = event.target as HTMLInputElement;
      const { button, ctrlKey, metaKey, shiftKey, altKey } = event as MouseEvent;
      const what =
        event.type !== 'click'
          ? target instanceof HTMLFormElement
            ? target
            : target.form
          : button || ctrlKey || metaKey || shiftKey || altKey
            ? null
            : target.closest('a[href], button[type="button"]');
      if (taken.current || !what) return;
      event.preventDefault();
      held.current = what as HTMLFormElement | HTMLAnchorElement | HTMLButtonElement;
      start();
    };
    if (inline || stale || eager) start();
    else if (onUse && el) {
      for (const type of uses) el.addEventListener(type, start, { capture: true, passive: true });
      for (const type of HELD) el.addEventListener(type, hold, true);
    }
    const unwatch = when?.(start);
    return () => {
      mounted = false;
      stop();
      unwatch?.();
    };
  }, [code, inline, stale, onUse, onHover, eager, when, sendHeld]);

  // Stale before the code took the server's DOM over: rendered afresh in the page's tree once the
  // code is there, which replaces the server's DOM in one commit (nothing blinks).
  const replace = Boolean(Part) && stale && !inline;
  useEffect(() => {
    if (replace && !root.current) setInline(true);
  }, [replace]);

  useEffect(() => {
    if (!Part || inline || (stale && !root.current)) return;
    const element = (
      <Router base={base}>
        <StoreProvider store={store}>
          <SectionProvider value={section}>
            <AuthProvider store={auth}>
              <PostedContext.Provider value={posted}>
                <ConfigProvider value={config}>
                  <ToastContext.Provider value={toast}>
                    <SWRConfig value={swr}>
                      <ConsentWhileHydrating consent={consent}>
                        <Part {...props} />
                        <Taken onTaken={onTaken} />
                      </ConsentWhileHydrating>
                    </SWRConfig>
                  </ToastContext.Provider>
                </ConfigProvider>
              </PostedContext.Provider>
            </AuthProvider>
          </SectionProvider>
        </StoreProvider>
      </Router>
    );
    if (root.current) root.current.render(element);
    else root.current = rootMakers().hydrateRoot(frame.current!, element);
  });

  // Unmounted after the parent's commit: React refuses to unmount a root during one.
  useEffect(
    () => () => {
      const r = root.current;
      root.current = null;
      if (r) setTimeout(() => r.unmount(), 0);
    },
    [],
  );

  if (inline)
    return (
      <div key="inline" className={ISLAND_CLASS}>
        {Part ? <Part {...props} /> : null}
      </div>
    );
  return <div key="server" className={ISLAND_CLASS} ref={frame} dangerouslySetInnerHTML={KEEP_SERVER_DOM} suppressHydrationWarning />;
}

/** Shallow: the page's data keeps its objects while unchanged (swr compares what it fetches). */
function sameProps(a: object, b: object): boolean {
  const keys = Object.keys(a) as Array<keyof typeof a>;
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is(a[key], b[key]));
}

/**
 * The browser's twin of a part loaded on first use (Name.browser.tsx): `load`'s part, in an Island;
 * `preload` loads its code ahead of a render that shows it at once (a client navigation's).
 */
export function island<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { onUse = true, onHover = false, eager = false, when }: Pick<IslandProps<P>, 'onUse' | 'onHover' | 'eager' | 'when'> = {},
): ComponentType<P> & { preload: () => Promise<ComponentType<P>> } {
  const code = onDemand(load);
  function LoadedOnUse(props: P) {
    return <Island code={code} props={props} onUse={onUse} onHover={onHover} eager={eager} when={when} />;
  }
  return Object.assign(LoadedOnUse, { preload: code.load });
}

/**
 * The page's consent, handed across; while the part's own root hydrates (after the page's) it reads as
 * not known yet, as on the server, so that what depends on it (ConsentGate) hydrates the server's DOM.
 */
function ConsentWhileHydrating({ consent, children }: { consent: ConsentApi | null; children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <ConsentContext.Provider value={hydrated || !consent ? consent : { ...consent, ready: false }}>{children}</ConsentContext.Provider>
  );
}

/**
 * Renders nothing; tells when the part's root has hydrated and rendered again
 * as hydrated (its handlers attached, a form's noValidate set).
 */
function Taken({ onTaken }: { onTaken: () => void }) {
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) onTaken();
  }, [hydrated, onTaken]);
  return null;
}
