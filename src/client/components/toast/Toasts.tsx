// Toasts (SPEC §4, §9): short messages at the top right for 5000 ms, e.g.
// 'Added' and 'Removed' for favorites, 'Successfully logged in'. Stacked, newest
// last; each can be dismissed, and waits while the pointer or the focus is on
// it. A toast may offer one link (a visitor's 'Added' offers to register). The region is a polite live region present from the first render (so
// screen readers announce what is added to it), empty on the server.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { TOAST_DURATION_MS } from '../../../shared/constants.ts';
import { t } from '../../../shared/i18n.ts';
import { Link } from '../Link.tsx';

export type ToastTone = 'success' | 'error' | 'info';

/** A link after the message: where the message leads on. */
interface ToastAction {
  label: string;
  href: string;
}

interface Toast {
  id: number;
  message: string;
  tone: ToastTone;
  action?: ToastAction;
}

export interface ToastApi {
  show(message: string, tone?: ToastTone, action?: ToastAction): void;
}

/** More than this at once and the oldest goes. */
const MAX_TOASTS = 4;

/** Exported for the parts of a page that render in a root of their own (lib/island.tsx), to hand it across. */
export const ToastContext = createContext<ToastApi>({ show() {} });

export function useToast(): ToastApi {
  return useContext(ToastContext);
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(0);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((toast) => toast.id !== id)), []);
  const api = useMemo<ToastApi>(
    () => ({
      show(message, tone = 'success', action) {
        const id = ++next.current;
        setToasts((list) => [...list, { id, message, tone, ...(action ? { action } : {}) }].slice(-MAX_TOASTS));
      },
    }),
    [],
  );
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="toasts" role="status" aria-live="polite" aria-label={t('accountUi.toast.region')}>
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={() => dismiss(toast.id)} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: () => void }) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = hovered || focused;
  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(onDismiss, TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [paused]); // eslint-disable-line react-hooks/exhaustive-deps -- onDismiss is a new function each render: the countdown restarts only when a pause ends

  return (
    <div
      className={`toast toast--${toast.tone}`}
      data-tone={toast.tone}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
    >
      <p className="toast__message">{toast.message}</p>
      {toast.action && (
        <Link className="toast__action" href={toast.action.href} onClick={onDismiss}>
          {toast.action.label}
        </Link>
      )}
      <button type="button" className="toast__close" aria-label={t('accountUi.toast.dismiss')} onClick={onDismiss}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
