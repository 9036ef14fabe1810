// The ECB's daily reference rates file (eurofxref-daily.xml): a gesmes envelope
// with one <Cube time="YYYY-MM-DD"> holding a <Cube currency="USD" rate="1.0842"/>
// per currency. Read with patterns, not a parser: the file is small, flat and
// fixed; anything else (an error page, a changed format) is refused whole.
import type { ExchangeRates } from '../../../shared/exchange-rates.ts';

export class RatesFormatError extends Error {
  override name = 'RatesFormatError';
}

const DAY = /<Cube\s+time\s*=\s*["'](\d{4}-\d{2}-\d{2})["']\s*>/g;
const RATE = /<Cube\s+currency\s*=\s*["']([A-Z]{3})["']\s+rate\s*=\s*["']([0-9]+(?:\.[0-9]+)?)["']\s*\/>/g;

export function parseEcbRates(xml: string): ExchangeRates {
  const days = [...xml.matchAll(DAY)];
  if (days.length !== 1) throw new RatesFormatError(days.length ? 'more than one day of rates' : 'no day of rates');
  const date = days[0]![1]!;
  if (Number.isNaN(Date.parse(`${date}T00:00:00Z`))) throw new RatesFormatError(`not a date: ${date}`);
  const rates: Record<string, number> = {};
  for (const [, currency, value] of xml.matchAll(RATE)) {
    const rate = Number(value);
    if (!(rate > 0) || !Number.isFinite(rate)) throw new RatesFormatError(`not a rate for ${currency}: ${value}`);
    rates[currency!] = rate;
  }
  if (!Object.keys(rates).length) throw new RatesFormatError('no rate');
  return { date, rates };
}
