// How numbers read on the site: in English as SPEC §9 says, prices as '€ 245.000'
// (dots for thousands, no decimals, nothing for zero), a range only when
// max > min; in each other language as its people write them ('245.000 €' in
// German, '245 000 €' in French), from its locale file's `formats` (CLDR's, held
// to ICU by test/shared/format.test.ts) rather than Intl, whose first use costs
// a browser ~20 ms.
import type { Range } from './catalogue.ts';
import { t } from './i18n.ts';

function groupThousands(value: number): string {
  const digits = String(Math.round(Math.abs(value)));
  // Grouping starts at 4 digits, or at 5 in languages that write '5000' but '50.000'.
  return digits.length < Number(t('formats.groupFrom')) ? digits : digits.replace(/\B(?=(\d{3})+(?!\d))/g, t('formats.group'));
}

/** '1.234': a count with dots for thousands, as prices read (no Intl: its first use costs the browser ~20 ms). */
export function formatCount(value: number): string {
  return groupThousands(value);
}

/** '€ 245.000' ('245.000 €' in German); '' for zero, negative or not-a-number. */
export function formatPrice(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value) || value <= 0) return '';
  return t('formats.price', { amount: groupThousands(value) });
}

/** '€ 245.000' or '€ 245.000 - € 410.000'; '' when there is nothing to price. */
export function formatPriceRange(range: Range | null | undefined): string {
  if (!range) return '';
  const low = formatPrice(range.min);
  if (range.max > range.min) return low ? `${low} - ${formatPrice(range.max)}` : formatPrice(range.max);
  return low;
}

/** '2' or '2 - 4' (rooms, m²); '' without a range. */
export function formatRange(range: Range | null | undefined): string {
  if (!range) return '';
  const low = groupThousands(range.min);
  return range.max > range.min ? `${low} - ${groupThousands(range.max)}` : low;
}

/** '95 m²'; '' when unknown. */
export function formatArea(value: number | null | undefined): string {
  return value === null || value === undefined || value <= 0 ? '' : `${groupThousands(value)} m²`;
}

/**
 * A measure's range as it may be shown: null when nothing is known (a feed
 * writes 0 for unknown) or when its low end is 0, i.e. an unknown value was
 * counted in it, as a store imported before issue 9 may hold: no '0 - 3'.
 */
export function knownRange(range: Range | null | undefined): Range | null {
  return range && range.min > 0 && range.max > 0 ? range : null;
}
