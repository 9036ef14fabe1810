// The currency a visitor chose to see prices in (issue 24): held for this visit
// (across client navigations) and, when the visitor allows functional storage
// (SPEC §4, as the recently viewed developments), kept in localStorage for
// later pages, whose conversions load their code when it is there
// (lib/currency-choice.ts). None on the server and while hydrating, so the
// server's HTML (euros only) is what hydrates; the choice shows right after.
import { useCallback, useContext, useEffect, useSyncExternalStore } from 'react';
import { ConsentContext } from '../../lib/consent.tsx';
import { readStored, writeStored } from '../../lib/local-storage.ts';

// lib/currency-choice.ts's, named again rather than imported (its comment says why).
export const CURRENCY_KEY = 'currency';
export const CURRENCY_CHOSEN = 'currencychosen';

/** The choice made on this page, null for euros only; undefined until one is made. */
let chosenHere: string | null | undefined;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Storage full or refused: chosen for this visit only.
const keep = (code: string | null) => writeStored(CURRENCY_KEY, code || null);
const snapshot = () => (chosenHere === undefined ? readStored(CURRENCY_KEY) : chosenHere);
const onServer = () => null;

/** The chosen currency (null: euros only, or none chosen) and how to choose one. */
export function useCurrencyChoice(): [string | null, (code: string | null) => void] {
  // No consent known (the server, a table rendered on its own): nothing kept is used.
  const consent = useContext(ConsentContext);
  const remember = Boolean(consent?.ready && consent.allowed('functional'));
  const current = useSyncExternalStore(subscribe, snapshot, onServer);
  // A choice made before the visitor allowed functional storage is kept once they do.
  useEffect(() => {
    if (remember && chosenHere !== undefined) keep(chosenHere);
  }, [remember]);
  const choose = useCallback(
    (code: string | null) => {
      chosenHere = code;
      if (remember) keep(code);
      listeners.forEach((listener) => listener());
      // The page's other conversions (the units table) load their code if they have not yet.
      if (code) window.dispatchEvent(new Event(CURRENCY_CHOSEN));
    },
    [remember],
  );
  // A currency kept without the consent that allowed it (since withdrawn) is not used.
  return [remember || chosenHere !== undefined ? current : null, choose];
}
