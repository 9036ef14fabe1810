// A part of the page the server renders in full, whose code the browser loads
// when the visitor first uses it: a form the visitor may never
// touch, or a table with nothing to use (its code then loads only for a client
// navigation). Until then the browser keeps the server's DOM as it is, without
// code: the frame renders an empty `dangerouslySetInnerHTML`, which React
// neither compares when hydrating nor writes again. The first focus, press,
// touch or key inside it loads the code, which then hydrates the same DOM in a
// root of its own: nothing moves, the focus and what was typed stay (useForm
// starts from the fields' values); a form sent before then waits for its code
// and is then sent by it. If the code fails to load, the form is left to the
// browser, which sends it as without JavaScript (the server answers it), rather
// than reloading the page over what was typed. Rendered by client navigation (no server DOM), it
// loads at once and renders. The contexts the parts read (section, posted
// form, the client) are handed across to that root.
import { useContext, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import type { Root } from 'react-dom/client';
import { rootMakers } from './roots.ts';
import { PostedContext } from '../components/forms/posted.tsx';
import { AuthProvider, useAuthStore } from './auth.tsx';
import { ConsentContext, type ConsentApi } from './consent.tsx';
import { ISLAND_CLASS } from './island-frame.tsx';
import { SectionProvider, useSection } from './section.tsx';
import { useHydrated } from './useHydrated.ts';

const FIRST_USE = ['focusin', 'pointerdown', 'touchstart', 'keydown'] as const;
const HELD = ['submit', 'invalid'] as const;
const KEEP_SERVER_DOM = { __html: '' };

interface IslandProps<P> {
  load: () => Promise<ComponentType<P>>;
  props: P;
  /**
   * Whether the visitor's first use (focus, press, touch, key) loads the code: false for a part
   * with nothing to use, whose code a touch while scrolling over it would load for nothing.
   */
  onUse?: boolean;
  /** Whether the code loads as soon as the page has hydrated: a part that shows what this browser allows (an embed behind consent). */
  eager?: boolean;
}

function Island<P extends object>({ load, props, onUse = true, eager }: IslandProps<P>) {
  const frame = useRef<HTMLDivElement>(null);
  const root = useRef<Root | null>(null);
  // During hydration the frame holds the server's DOM; rendered later, nothing.
  const hydrated = useHydrated();
  const [fromServer] = useState(() => !hydrated);
  const [Part, setPart] = useState<ComponentType<P> | null>(null);
  const [first] = useState(props);
  // The server's DOM shows other props (the page's data changed after hydration, say a
  // revalidation; a client navigation mounts a new frame, App keys pages by path): render afresh, now.
  const stale = fromServer && !sameProps(first, props);
  const section = useSection();
  const auth = useAuthStore();
  const posted = useContext(PostedContext);
  const consent = useContext(ConsentContext);

  // A form sent before its code has taken it over: held, then sent by that code (or by the
  // browser, if the code fails to load).
  const held = useRef<HTMLFormElement | null>(null);
  const taken = useRef(false);
  const [sendHeld] = useState(() => () => {
    const form = held.current;
    held.current = null;
    form?.requestSubmit();
  });
  const [onTaken] = useState(() => () => {
    taken.current = true;
    sendHeld();
  });

  useEffect(() => {
    const el = frame.current!;
    let loading = false;
    let mounted = true;
    const stop = () => {
      for (const type of FIRST_USE) el.removeEventListener(type, start, true);
      for (const type of HELD) el.removeEventListener(type, hold, true);
    };
    const start = () => {
      if (loading) return;
      loading = true;
      load().then(
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
    // A submit, or the browser's own check refusing one (the server's form may not say noValidate).
    const hold = (event: Event) => {
      const target = event.target;
      const form = target instanceof HTMLFormElement ? target : (target as HTMLInputElement).form;
      if (taken.current || !form) return;
      event.preventDefault();
      held.current = form;
      start();
    };
    if (!fromServer || stale || eager) start();
    else if (onUse) {
      for (const type of FIRST_USE) el.addEventListener(type, start, { capture: true, passive: true });
      for (const type of HELD) el.addEventListener(type, hold, true);
    }
    return () => {
      mounted = false;
      stop();
    };
  }, [load, fromServer, stale, onUse, eager, sendHeld]);

  useEffect(() => {
    if (!Part) return;
    const element = (
      <SectionProvider value={section}>
        <AuthProvider store={auth}>
          <PostedContext.Provider value={posted}>
            <ConsentWhileHydrating consent={consent}>
              <Part {...props} />
              <Taken onTaken={onTaken} />
            </ConsentWhileHydrating>
          </PostedContext.Provider>
        </AuthProvider>
      </SectionProvider>
    );
    if (root.current) root.current.render(element);
    else if (fromServer && !stale) root.current = rootMakers().hydrateRoot(frame.current!, element);
    else {
      frame.current!.replaceChildren();
      root.current = rootMakers().createRoot(frame.current!);
      root.current.render(element);
    }
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

  return <div className={ISLAND_CLASS} ref={frame} dangerouslySetInnerHTML={KEEP_SERVER_DOM} suppressHydrationWarning />;
}

/** Shallow: the page's data keeps its objects while unchanged (swr compares what it fetches). */
function sameProps(a: object, b: object): boolean {
  const keys = Object.keys(a) as Array<keyof typeof a>;
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is(a[key], b[key]));
}

/** The browser's twin of a part loaded on first use (Name.browser.tsx): `load`'s part, in an Island. */
export function island<P extends object>(load: () => Promise<ComponentType<P>>, { onUse = true, eager = false } = {}): ComponentType<P> {
  return function LoadedOnUse(props: P) {
    return <Island load={load} props={props} onUse={onUse} eager={eager} />;
  };
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
