// GET/POST /api/rates → { data: { date, rates } | null }: the ECB's latest
// reference rates (units per euro) the price conversions use, or null when none
// were pulled or they are older than EXCHANGE_RATES_MAX_AGE_DAYS (jobs/exchange-rates.ts).
import { RatesQuery } from '../../shared/exchange-rates.ts';
import { read } from './read.ts';

export const ratesRead = read({
  path: '/api/rates',
  query: RatesQuery,
  personal: false,
  async handler(_input, ctx) {
    return { data: await ctx.services.exchangeRates.latest(new Date()) };
  },
});
