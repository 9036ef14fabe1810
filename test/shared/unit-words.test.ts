// How the price history and the alert mails name a home (issue 23): one
// bedroom in the singular, a count in the plural, what is not known left out.
import t from 'tap';
import { unitWords } from '../../src/shared/unit-words.ts';

const apartment = { key: 'apartment' };

t.equal(unitWords({ category: apartment, bedrooms: 1, ref: 'R-1' }), 'Apartment, 1 bedroom, ref. R-1', 'never "1 bedrooms"');
t.equal(unitWords({ category: apartment, bedrooms: 3, ref: null }), 'Apartment, 3 bedrooms');
t.equal(unitWords({ category: apartment, bedrooms: null, ref: 'B' }), 'Apartment, ref. B', 'none when the feed does not say');
t.equal(unitWords({ category: apartment, bedrooms: 0, ref: null }), 'Apartment');
t.equal(
  unitWords({ category: { key: 'penthouse' }, bedrooms: 2, built: 85, floor: '3', ref: 'A-12' }),
  'Penthouse, 2 bedrooms, 85 m², floor 3, ref. A-12',
  'type, bedrooms, built area, floor and reference, as an alert names the home',
);
