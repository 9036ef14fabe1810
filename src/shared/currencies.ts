// The currencies a price is converted into (issue 24) and how a conversion
// reads: the euro price stays the price; beside it, on request, an approximate
// amount from the European Central Bank's daily reference rates. Rounded to
// three significant figures: a rate of the day times an asking price is an
// order of magnitude, not an amount. Apart from exchange-rates.ts's structs,
// so that the browser's conversion code brings no superstruct; how a
// conversion is written is the browser's (components/price/currency-format.ts).

/** The ECB's rates of one day: units of each currency per euro. */
export interface ExchangeRates {
  /** The ECB's reference date, YYYY-MM-DD. */
  date: string;
  rates: Record<string, number>;
}

/** The currencies the ECB publishes that the site's buyers use, offered for conversion in this order. */
export const CONVERSION_CURRENCIES = [
  'GBP',
  'USD',
  'SEK',
  'NOK',
  'DKK',
  'CHF',
  'PLN',
  'CZK',
  'HUF',
  'JPY',
  'CAD',
  'AUD',
  'RON',
  'BGN',
] as const;
export type ConversionCurrency = (typeof CONVERSION_CURRENCIES)[number];

/**
 * The currency a language's visitors most likely think in, before they choose:
 * none for languages of the euro (Croatia's too, since 2023) or of a currency the ECB does not publish.
 */
export const CURRENCY_OF_LANGUAGE: Partial<Record<string, ConversionCurrency>> = {
  en: 'GBP',
  sv: 'SEK',
  no: 'NOK',
  da: 'DKK',
  pl: 'PLN',
  hu: 'HUF',
  ja: 'JPY',
};

/** `eur` in the currency of `rate` (units per euro), to three significant figures. */
export function approximate(eur: number, rate: number): number {
  const exact = eur * rate;
  if (!Number.isFinite(exact) || exact <= 0) return 0;
  const step = 10 ** Math.max(0, Math.floor(Math.log10(exact)) - 2);
  return Math.round(exact / step) * step;
}

/** Whether rates dated `date` are recent enough to show, `maxAgeDays` after it at most. */
export function ratesAreFresh(date: string, now: Date, maxAgeDays: number): boolean {
  const day = Date.parse(`${date}T00:00:00Z`);
  return Number.isFinite(day) && now.getTime() - day <= (maxAgeDays + 1) * 86_400_000;
}

/** The rates of the currencies offered, in their order; the others the ECB publishes left out. */
export function offeredRates({ date, rates }: ExchangeRates): ExchangeRates {
  const offered = CONVERSION_CURRENCIES.filter((code) => rates[code]! > 0).map((code) => [code, rates[code]!]);
  return { date, rates: Object.fromEntries(offered) };
}

/** The currency to show first: the one chosen if still offered, else the language's, else the first offered. */
export function currencyToShow(rates: ExchangeRates, chosen: string | null, language: string): string | null {
  const offered = Object.keys(rates.rates);
  const preferred = [chosen, CURRENCY_OF_LANGUAGE[language], offered[0]];
  return preferred.find((code) => code && offered.includes(code)) ?? null;
}
