import t from 'tap';
import { formatArea, formatCount, formatPrice, formatPriceRange, formatRange } from '../../src/shared/format.ts';

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
