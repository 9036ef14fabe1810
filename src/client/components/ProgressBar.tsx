// The thin bar at the top during navigation (SPEC §4, §9): shown only if a
// navigation takes longer than PROGRESS_THROTTLE_MS, grows over
// PROGRESS_DURATION_MS, turns red on failure. Widths are CSS transitions driven
// by classes: no inline style, which the CSP would refuse.
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { PROGRESS_THROTTLE_MS } from '../../shared/constants.ts';
import { t } from '../../shared/i18n.ts';

type Phase = 'idle' | 'running' | 'done' | 'failed';

export interface Progress {
  start(): void;
  finish(): void;
  fail(): void;
}

const ProgressContext = createContext<Progress>({ start() {}, finish() {}, fail() {} });
const PhaseContext = createContext<Phase>('idle');

export function useProgress(): Progress {
  return useContext(ProgressContext);
}

export function ProgressProvider({ children }: { children: ReactNode }) {
  const [phase, setPhase] = useState<Phase>('idle');
  const timers = useRef<{ show?: ReturnType<typeof setTimeout>; hide?: ReturnType<typeof setTimeout> }>({});
  const shown = useRef(false);
  const api = useMemo<Progress>(() => {
    const clear = () => {
      clearTimeout(timers.current.show);
      clearTimeout(timers.current.hide);
    };
    const end = (final: Phase) => {
      clear();
      if (!shown.current && final === 'done') return;
      shown.current = true;
      setPhase(final);
      timers.current.hide = setTimeout(
        () => {
          shown.current = false;
          setPhase('idle');
        },
        final === 'failed' ? 1500 : 400,
      );
    };
    return {
      start() {
        // A new navigation takes over the bar: what the last one left showing (done, waiting to
        // hide; or running, if superseded) goes, or a fast one that never shows would leave it there.
        clear();
        setPhase('idle');
        shown.current = false;
        timers.current.show = setTimeout(() => {
          shown.current = true;
          setPhase('running');
        }, PROGRESS_THROTTLE_MS);
      },
      finish: () => end('done'),
      fail: () => end('failed'),
    };
  }, []);
  useEffect(
    () => () => {
      clearTimeout(timers.current.show);
      clearTimeout(timers.current.hide);
    },
    [],
  );
  return (
    <ProgressContext.Provider value={api}>
      <PhaseContext.Provider value={phase}>{children}</PhaseContext.Provider>
    </ProgressContext.Provider>
  );
}

export function ProgressBar() {
  const phase = useContext(PhaseContext);
  return <div className={`progress-bar is-${phase}`} role="progressbar" aria-hidden={phase === 'idle'} aria-label={t('nav.loading')} />;
}
