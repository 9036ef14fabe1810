// Each language's prices (shared/price-formats.ts), held to ICU's Intl.NumberFormat, which the
// browser's first load may not use; English keeps SPEC §9's form.
import t from 'tap';
import { EURO_FORMATS, formatPriceIn } from '../../src/shared/price-formats.ts';

t.test("each language's prices as CLDR writes them (ICU's Intl.NumberFormat), English as SPEC §9", async (t) => {
  // The site's Portuguese is Portugal's, its Norwegian Bokmål.
  const tags: Record<string, string> = { pt: 'pt-PT', no: 'nb' };
  t.equal(formatPriceIn('en', 160000), '€ 160.000', 'English keeps the spec');
  t.equal(formatPriceIn('de', 160000), '160.000\u00a0€');
  t.equal(formatPriceIn('es', 160000), '160.000\u00a0€');
  t.equal(formatPriceIn('fr', 160000), '160\u202f000\u00a0€');
  t.equal(formatPriceIn('nl', 160000), '€\u00a0160.000');
  for (const language of Object.keys(EURO_FORMATS)) {
    const icu = new Intl.NumberFormat(tags[language] ?? language, { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });
    for (const value of [1, 999, 1000, 5000, 12345, 160000, 1234567, 249999.6])
      t.equal(formatPriceIn(language, value), icu.format(value), `${language}: ${value}`);
    t.equal(formatPriceIn(language, 0), '', `${language}: nothing for zero`);
  }
});
