// "Price reduced" lasts PRICE_REDUCED_DAYS from the drop, and a history has
// unit has changed when it has more than its first point.
import t from 'tap';
import { priceReduced, unitChanged, type UnitPriceHistory } from '../../src/shared/price-history.ts';

const DAY = 86_400_000;
const now = Date.UTC(2026, 10, 24, 12);
const ago = (days: number) => new Date(now - days * DAY).toISOString();

t.ok(priceReduced(ago(0), now), 'today');
t.ok(priceReduced(ago(29), now), '29 days');
t.ok(priceReduced(ago(29.99), now), 'just under 30 days');
t.notOk(priceReduced(ago(30), now), '30 days: over');
t.notOk(priceReduced(ago(31), now), '31 days');
t.notOk(priceReduced(null, now), 'no drop');
t.notOk(priceReduced('not a date', now), 'unreadable');
t.notOk(priceReduced(ago(-1), now), 'in the future (a clock behind the server)');

const unit = (points: number): UnitPriceHistory => ({
  id: 1,
  ref: null,
  category: { id: 1, key: 'apartment' },
  bedrooms: null,
  price: 1,
  status: 'available',
  points: Array.from({ length: points }, (_, i) => ({ date: ago(10 - i), price: 1, status: 'available' as const })),
});
t.notOk(unitChanged(unit(1)), 'its first point only');
t.ok(unitChanged(unit(2)), 'a change after it');
