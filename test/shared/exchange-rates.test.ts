// The conversion's rounding (three significant figures, whatever the size of
// the currency) and when rates are too old to show.
import t from 'tap';
import { approximate, ratesAreFresh } from '../../src/shared/exchange-rates.ts';

t.test('an approximate amount, to three significant figures', async (t) => {
  t.equal(approximate(160_000, 0.85), 136_000, 'pounds');
  t.equal(approximate(249_900, 0.8521), 213_000, '212,940 up');
  t.equal(approximate(160_000, 11.4375), 1_830_000, 'kronor');
  t.equal(approximate(160_000, 163.42), 26_100_000, 'yen');
  t.equal(approximate(160_000, 1.0842), 173_000, 'dollars, 173,472 down');
  t.equal(approximate(95, 1.0842), 103, 'a small amount keeps its units');
  t.equal(approximate(0, 0.85), 0);
  t.equal(approximate(160_000, Number.NaN), 0, 'no rate, nothing to show');
});

t.test('rates are shown for their own day and up to the given age after it', async (t) => {
  const friday = '2026-11-27';
  t.ok(ratesAreFresh(friday, new Date('2026-11-27T15:00:00Z'), 7), 'the same day');
  t.ok(ratesAreFresh(friday, new Date('2026-11-30T08:00:00Z'), 7), 'over a weekend');
  t.ok(ratesAreFresh(friday, new Date('2026-12-04T23:59:00Z'), 7), 'the seventh day after, to its end');
  t.notOk(ratesAreFresh(friday, new Date('2026-12-05T00:00:01Z'), 7), 'the eighth day after');
  t.notOk(ratesAreFresh('not a date', new Date(), 7));
});
