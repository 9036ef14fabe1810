// An amount in euros as an approximate amount in another currency (issue 24):
// '≈ £ 136.000' to the eye, written as the page's euro prices are; 'approximately
// £136,000' to a screen reader, which reads Intl's form as a number and the '≈'
// not at all, or as 'almost equal to'.
import type { Range } from '../../../shared/catalogue.ts';
import { formatDay } from '../../../shared/dates.ts';
import { t } from '../../../shared/i18n.ts';
import { convertedRange, formatConverted, spokenConverted } from './currency-format.ts';

export function Converted({ eur, currency, rate }: { eur: Range; currency: string; rate: number }) {
  const shown = convertedRange(eur, (amount) => formatConverted(amount, currency, rate));
  if (!shown) return null;
  const spoken = convertedRange(eur, (amount) => spokenConverted(amount, currency, rate), ' – ');
  return (
    <span className="converted">
      <span aria-hidden="true">≈ {shown}</span>
      <span className="visually-hidden">{t('currency.spoken', { amount: spoken })}</span>
    </span>
  );
}

/** The rates' day ('2026-11-26') as the page's language writes a day ('26 Nov 2026'). */
export function ratesDay(date: string): string {
  return formatDay(`${date}T12:00:00Z`);
}
