// A panel opened by a toggle button (the header's mobile menu, the account
// menu): closed again on navigation and on Escape (the focus back on the
// toggle), and, given `root`, on a pointer down outside it. While it is open,
// `bodyClass` is on <body>, for the CSS of what it covers.
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useLocation } from 'wouter';

export function useDisclosure(bodyClass: string, root?: RefObject<HTMLElement | null>) {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const [location] = useLocation();

  // eslint-disable-next-line react-hooks/set-state-in-effect -- the router is the outside system: a new address closes the menu
  useEffect(() => setOpen(false), [location]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (!root?.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    if (root) document.addEventListener('pointerdown', onPointer);
    document.body.classList.add(bodyClass);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
      document.body.classList.remove(bodyClass);
    };
  }, [open, bodyClass, root]);

  return { open, setOpen, toggle };
}
