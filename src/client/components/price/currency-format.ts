// How a conversion is written (issue 24): the approximate amount as the page's
// euro prices are written (shared/format.ts, the locale's `formats.price`), with
// the currency's symbol as Intl gives it in the page's language ('£', 'kr',
// 'CHF'), and as a screen reader should say it (Intl's own form, '£136,000',
// which reads as a number where '£ 136.000' may read as a decimal).
//
// Intl's formatters are kept off a page's first load (no-intl-on-first-load.md);
// this code loads only when the visitor asks for a conversion, or after the page
// has hydrated when they chose a currency before, and holds one formatter per
// currency and language.
/* eslint-disable no-restricted-properties -- loaded on request only, as above */
import type { Range } from '../../../shared/catalogue.ts';
import { approximate } from '../../../shared/currencies.ts';
import { formatPrice } from '../../../shared/format.ts';
import { currentLanguage } from '../../../shared/i18n.ts';

const formatters = new Map<string, Intl.NumberFormat>();
// The site's Portuguese is Portugal's (Intl's 'pt' is Brazil's), its Norwegian Bokmål.
const INTL_TAGS: Partial<Record<string, string>> = { pt: 'pt-PT', no: 'nb' };

/** The language's formatter of whole amounts in `currency`. */
function formatter(currency: string, language: string): Intl.NumberFormat {
  const key = `${language} ${currency}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(INTL_TAGS[language] ?? language, {
      style: 'currency',
      currency,
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    });
    formatters.set(key, format);
  }
  return format;
}

/** The page language's symbol for `currency`, as Intl writes it ('£', 'kr', 'CHF'). */
export function currencySymbol(currency: string, language = currentLanguage()): string {
  return (
    formatter(currency, language)
      .formatToParts(0)
      .find((part) => part.type === 'currency')?.value ?? currency
  );
}

/** '£ 136.000' ('136.000 £' in German): `eur` converted at `rate`, as the page writes its euro prices; '' for none. */
export function formatConverted(eur: number, currency: string, rate: number, language = currentLanguage()): string {
  const amount = approximate(eur, rate);
  // formats.price writes the euro as '€' or, in Hungarian and Ukrainian, 'EUR'.
  return amount ? formatPrice(amount).replace(/€|EUR/, currencySymbol(currency, language)) : '';
}

/** The amount as a screen reader should say it: Intl's form in the page's language ('£136,000'); '' for none. */
export function spokenConverted(eur: number, currency: string, rate: number, language = currentLanguage()): string {
  const amount = approximate(eur, rate);
  return amount ? formatter(currency, language).format(amount) : '';
}

/** A range as formatPriceRange writes one ('£ 136.000 - £ 213.000'), each end with `write`; '' when there is nothing to convert. */
export function convertedRange(range: Range, write: (eur: number) => string, separator = ' - '): string {
  const low = write(range.min);
  const high = range.max > range.min ? write(range.max) : '';
  return low && high ? `${low}${separator}${high}` : low || high;
}
