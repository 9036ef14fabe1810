// The price history's step chart: one path, time left to right, the highest
// price at the top, a flat line for one price.
import t from 'tap';
import { stepPath } from '../../../src/client/components/property/PriceSteps.tsx';

const at = (day: number) => new Date(Date.UTC(2026, 0, day)).toISOString();

t.equal(stepPath([]), '');
t.equal(stepPath([{ date: at(1), price: 100, status: 'available' }]), 'M3 14H117', 'one point: a flat line across');
t.equal(
  stepPath([
    { date: at(1), price: 300, status: 'available' },
    { date: at(11), price: 200, status: 'available' },
    { date: at(21), price: 250, status: 'reserved' },
  ]),
  'M3 3H53V25H102V14H117',
  'a drop to the bottom, a rise half way, then on to the right edge',
);
