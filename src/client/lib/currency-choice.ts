// Whether the visitor has chosen a currency to see prices in (issue 24), read
// by the parts that show conversions to decide whether to load their code once
// the page has hydrated: kept in this browser's localStorage by
// components/price/currency-store.ts (only with consent to functional
// storage), never read by the server, so pages stay the same for everyone and
// cacheable. In every property page's first load: the least that decides it.
// The store names the same key and event rather than import them, which would
// make this a file of its own in the first load (test/client/lib/currency-choice.test.ts holds them equal).
import { readStored } from './local-storage.ts';

export const CURRENCY_KEY = 'currency';
/** Sent on the window when the visitor chooses a currency on this page. */
export const CURRENCY_CHOSEN = 'currencychosen';

/** Calls `load` now if a currency is kept, or when the visitor chooses one on this page; returns what stops it. */
export function whenCurrencyChosen(load: () => void): () => void {
  if (readStored(CURRENCY_KEY)) load();
  window.addEventListener(CURRENCY_CHOSEN, load);
  return () => window.removeEventListener(CURRENCY_CHOSEN, load);
}
