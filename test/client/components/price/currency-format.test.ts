// A conversion as each language writes it (issue 24): the approximate amount
// (three significant figures) grouped as the page's euro prices are, with the
// currency's symbol as Intl gives it in that language, where the language puts
// its euro sign; and as a screen reader should say it, in Intl's own form.
import fs from 'node:fs';
import t from 'tap';
import { addMessages, setLanguageSource } from '../../../../src/shared/i18n.ts';
import type { Language } from '../../../../src/shared/languages.ts';
import { LANGUAGES } from '../../../../src/shared/languages.ts';
import {
  convertedRange,
  currencySymbol,
  formatConverted,
  spokenConverted,
} from '../../../../src/client/components/price/currency-format.ts';

let language: Language = 'en';
setLanguageSource(() => language);
t.teardown(() => setLanguageSource(() => undefined));
for (const code of LANGUAGES.filter((l) => l !== 'en'))
  addMessages(JSON.parse(fs.readFileSync(new URL(`../../../../locales/${code}.json`, import.meta.url), 'utf8')), code);

// € 160.000 at the rates of the ECB's example day: pounds, kronor, złoty, forint, yen.
const EXPECTED: Partial<Record<Language, Array<[string, number, string, string]>>> = {
  en: [
    ['GBP', 0.8521, '£ 136.000', '£136,000'],
    ['USD', 1.0842, '$ 173.000', '$173,000'],
    ['SEK', 11.4375, 'SEK 1.830.000', 'SEK 1,830,000'],
  ],
  de: [
    ['GBP', 0.8521, '136.000 £', '136.000 £'],
    ['CHF', 0.9312, '149.000 CHF', '149.000 CHF'],
  ],
  sv: [['SEK', 11.4375, '1 830 000 kr', '1 830 000 kr']],
  no: [['NOK', 11.725, '1 880 000 kr', '1 880 000 kr']],
  da: [['DKK', 7.4573, '1.190.000 kr.', '1.190.000 kr.']],
  pl: [['PLN', 4.2375, '678 000 zł', '678 000 zł']],
  hu: [['HUF', 401.5, '64 200 000 Ft', '64 200 000 Ft']],
  ja: [['JPY', 163.42, '￥26,100,000', '￥26,100,000']],
  fr: [['GBP', 0.8521, '136 000 £GB', '136 000 £GB']],
  pt: [['GBP', 0.8521, '136 000 £', '136 000 £']],
  uk: [['USD', 1.0842, '173 000 USD', '173 000 USD']],
};

/** Intl writes narrow no-break spaces and no-break spaces; the expectations above plain ones. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

t.test('€ 160.000 in other currencies, as each language writes it', async (t) => {
  for (const [code, cases] of Object.entries(EXPECTED) as Array<[Language, Array<[string, number, string, string]>]>) {
    language = code;
    for (const [currency, rate, shown, spoken] of cases) {
      t.equal(plain(formatConverted(160_000, currency, rate)), shown, `${code} ${currency}: shown`);
      t.equal(plain(spokenConverted(160_000, currency, rate)), spoken, `${code} ${currency}: said`);
    }
  }
});

t.test("the currency's symbol is Intl's in the page's language", async (t) => {
  language = 'en';
  t.equal(currencySymbol('GBP'), '£');
  t.equal(currencySymbol('SEK'), 'SEK', 'no symbol of its own in English');
  language = 'sv';
  t.equal(currencySymbol('SEK'), 'kr', "but Swedish's 'kr'");
});

t.test('a range, and nothing to convert', async (t) => {
  language = 'en';
  const write = (eur: number) => formatConverted(eur, 'GBP', 0.8521);
  t.equal(convertedRange({ min: 160_000, max: 250_000 }, write), '£ 136.000 - £ 213.000');
  t.equal(convertedRange({ min: 160_000, max: 160_000 }, write), '£ 136.000', 'one price, one amount');
  t.equal(convertedRange({ min: 0, max: 250_000 }, write), '£ 213.000', 'an unknown low end left out');
  t.equal(formatConverted(0, 'GBP', 0.8521), '', 'no price, no conversion');
  t.equal(formatConverted(160_000, 'GBP', Number.NaN), '', 'no rate, no conversion');
});
