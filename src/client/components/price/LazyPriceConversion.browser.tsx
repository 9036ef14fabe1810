// LazyPriceConversion.tsx in the browser: the server's button kept, the code loaded when it is pressed
// (the press held, then pressed by the code) or when a currency is chosen (kept, or on this page).
import { island } from '../../lib/island.tsx';
import { whenCurrencyChosen } from '../../lib/currency-choice.ts';

export const PriceConversion = island(() => import('./PriceConversion.tsx').then((m) => m.PriceConversion), { when: whenCurrencyChosen });
