// The property page's first load decides whether to load the conversions' code
// from the key and event the conversions' store writes (issue 24); each file
// names them, so that the first load holds no file of its own for two strings.
import t from 'tap';
import * as firstLoad from '../../../src/client/lib/currency-choice.ts';
import * as store from '../../../src/client/components/price/currency-store.ts';

t.test('the first load reads what the store keeps and listens for what it sends', async (t) => {
  t.equal(firstLoad.CURRENCY_KEY, store.CURRENCY_KEY);
  t.equal(firstLoad.CURRENCY_CHOSEN, store.CURRENCY_CHOSEN);
});
