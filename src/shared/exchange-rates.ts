// Prices in the buyer's money (issue 24): the European Central Bank's daily
// reference rates, which the server pulls (server/jobs/exchange-rates.ts) and
// answers at /api/rates. What the browser uses (the currencies, the rounding,
// the formats) is in currencies.ts, re-exported here, without superstruct.
import { object, type Infer } from 'superstruct';
import type { ExchangeRates } from './currencies.ts';

export * from './currencies.ts';

/** /api/rates: the latest rates, or null when none were ever pulled or the last are too old to use. */
export interface RatesAnswer {
  data: ExchangeRates | null;
}

export const RatesQuery = object({});
export type RatesQuery = Infer<typeof RatesQuery>;
