import fs from 'node:fs';
import t from 'tap';
import { formatArea, formatCount, formatPrice, formatPriceRange, formatRange } from '../../src/shared/format.ts';
import { addMessages, setLanguageSource } from '../../src/shared/i18n.ts';
import { LANGUAGES, type Language } from '../../src/shared/languages.ts';

t.test('prices read as SPEC §9 says', async (t) => {
  t.equal(formatPrice(245000), '€ 245.000');
  t.equal(formatPrice(1234567), '€ 1.234.567');
  t.equal(formatPrice(999), '€ 999');
  t.equal(formatPrice(245000.6), '€ 245.001', 'no decimals');
  t.equal(formatPrice(0), '', 'a zero price shows nothing');
  t.equal(formatPrice(null), '');
  t.equal(formatPrice(Number.NaN), '');
});

t.test('a range shows only when the maximum exceeds the minimum', async (t) => {
  t.equal(formatPriceRange({ min: 200000, max: 200000 }), '€ 200.000');
  t.equal(formatPriceRange({ min: 200000, max: 150000 }), '€ 200.000');
  t.equal(formatPriceRange({ min: 200000, max: 310000 }), '€ 200.000 - € 310.000');
  t.equal(formatPriceRange({ min: 0, max: 0 }), '');
  t.equal(formatPriceRange(null), '');
});

t.test('rooms and areas', async (t) => {
  t.equal(formatRange({ min: 2, max: 2 }), '2');
  t.equal(formatRange({ min: 2, max: 4 }), '2 - 4');
  t.equal(formatRange(null), '');
  t.equal(formatArea(1250), '1.250 m²');
  t.equal(formatArea(0), '');
  t.equal(formatArea(null), '');
});

t.test('counts group thousands with dots, as prices do', async (t) => {
  t.equal(formatCount(7), '7');
  t.equal(formatCount(1234), '1.234');
  t.equal(formatCount(1234567), '1.234.567');
});

t.test("each other language's prices and numbers as CLDR writes them (ICU's Intl.NumberFormat), from its locale file", async (t) => {
  // The site's Portuguese is Portugal's, its Norwegian Bokmål.
  const tags: Partial<Record<Language, string>> = { pt: 'pt-PT', no: 'nb' };
  let language: Language = 'en';
  setLanguageSource(() => language);
  t.teardown(() => setLanguageSource(() => undefined));
  for (const code of LANGUAGES.filter((l) => l !== 'en')) {
    addMessages(JSON.parse(fs.readFileSync(new URL(`../../locales/${code}.json`, import.meta.url), 'utf8')), code);
    language = code;
    const price = new Intl.NumberFormat(tags[code] ?? code, { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });
    const number = new Intl.NumberFormat(tags[code] ?? code, { maximumFractionDigits: 0 });
    for (const value of [1, 999, 1000, 5000, 12345, 160000, 1234567, 249999.6]) {
      t.equal(formatPrice(value), price.format(value), `${code}: price ${value}`);
      t.equal(formatCount(value), number.format(value), `${code}: count ${value}`);
    }
    t.equal(formatPrice(0), '', `${code}: nothing for zero`);
  }
  language = 'de';
  t.equal(formatPrice(160000), '160.000\u00a0€');
  t.equal(formatPriceRange({ min: 200000, max: 310000 }), '200.000\u00a0€ - 310.000\u00a0€');
  t.equal(formatArea(1250), '1.250 m²');
  language = 'fr';
  t.equal(formatPrice(160000), '160\u202f000\u00a0€');
  language = 'nl';
  t.equal(formatPrice(160000), '€\u00a0160.000');
  language = 'en';
  t.equal(formatPrice(160000), '€ 160.000', 'English keeps the spec');
});
