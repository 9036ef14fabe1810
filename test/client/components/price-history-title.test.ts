// How the price history names a home (issue 23): one bedroom in the singular,
// a count in the plural, none said when the feed gives none.
import t from 'tap';
import { unitTitle } from '../../../src/client/components/property/PriceHistory.tsx';

const apartment = { id: 1, key: 'apartment' };

t.equal(unitTitle({ category: apartment, bedrooms: 1, ref: 'R-1' }), 'Apartment, 1 bedroom, ref. R-1', 'never "1 bedrooms"');
t.equal(unitTitle({ category: apartment, bedrooms: 3, ref: null }), 'Apartment, 3 bedrooms');
t.equal(unitTitle({ category: apartment, bedrooms: null, ref: 'B' }), 'Apartment, ref. B', 'none when the feed does not say');
t.equal(unitTitle({ category: apartment, bedrooms: 0, ref: null }), 'Apartment');
