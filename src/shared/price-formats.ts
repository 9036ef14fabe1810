// Prices in each language (issue 24). A module of its own: format.ts is in every page's first load
// (src/client/common-chunk.mjs), and English pages need none of this.
import { formatPrice } from './format.ts';

/**
 * How each language writes a price in euros (issue 24), as CLDR says and Intl.NumberFormat writes
 * it with no decimals, written out here so that a page's first load in the browser needs no Intl
 * (docs/decisions/no-intl-on-first-load.md); test/shared/price-formats.test.ts holds each to ICU's.
 * `min`: the digits before grouping starts (2: '5000 €' but '50.000 €'). English keeps SPEC §9's form.
 */
interface EuroFormat {
  group: string;
  min: 1 | 2;
  before: string;
  after: string;
}
const NBSP = '\u00a0';
const NNBSP = '\u202f';
// Plain data (no calls), so that a bundle that writes no other language's price drops it.
const AFTER = { before: '', after: `${NBSP}€` } as const;
export const EURO_FORMATS: Record<string, EuroFormat> = {
  da: { group: '.', min: 1, ...AFTER },
  de: { group: '.', min: 1, ...AFTER },
  es: { group: '.', min: 2, ...AFTER },
  fr: { group: NNBSP, min: 1, ...AFTER },
  hr: { group: '.', min: 1, ...AFTER },
  hu: { group: NBSP, min: 2, before: '', after: `${NBSP}EUR` },
  it: { group: '.', min: 2, ...AFTER },
  ja: { group: ',', min: 1, before: '€', after: '' },
  nl: { group: '.', min: 1, before: `€${NBSP}`, after: '' },
  no: { group: NBSP, min: 1, ...AFTER },
  pl: { group: NBSP, min: 2, ...AFTER },
  pt: { group: NBSP, min: 2, ...AFTER },
  ru: { group: NBSP, min: 1, ...AFTER },
  sv: { group: NBSP, min: 1, ...AFTER },
  uk: { group: NBSP, min: 1, before: '', after: `${NBSP}EUR` },
};

/** A price as `language` writes it: '160.000 €' in German, '160 000 €' in French; English as formatPrice. */
export function formatPriceIn(language: string, value: number | null | undefined): string {
  const format = EURO_FORMATS[language];
  if (!format) return formatPrice(value);
  if (value === null || value === undefined || !Number.isFinite(value) || value <= 0) return '';
  const digits = String(Math.round(value));
  const grouped = digits.length < 4 + format.min - 1 ? digits : digits.replace(/\B(?=(\d{3})+(?!\d))/g, format.group);
  return format.before + grouped + format.after;
}
