// GET/POST /api/rates → { data: { date, rates } | null }: the ECB's latest
// reference rates (units per euro) of the currencies prices are converted into
// (CONVERSION_CURRENCIES), or null when none were pulled or they are older than
// EXCHANGE_RATES_MAX_AGE_DAYS (jobs/exchange-rates.ts). The property page reads
// it with its project, so it stays small: the others the ECB publishes are kept, not sent.
import { offeredRates, RatesQuery } from '../../shared/exchange-rates.ts';
import { read } from './read.ts';

export const ratesRead = read({
  path: '/api/rates',
  query: RatesQuery,
  personal: false,
  async handler(_input, ctx) {
    const latest = await ctx.services.exchangeRates.latest(new Date());
    return { data: latest && offeredRates(latest) };
  },
});
