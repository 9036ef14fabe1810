// What the server renders of the conversions (issue 24): no currency is known
// there (no cookie is read for it, pages are the same for everyone), so beside
// the price a button asks for one, and the units table is in euros only, with
// or without rates; the conversions are the browser's once a currency is chosen
// (test/e2e/price-conversion.e2e.test.ts).
import t from 'tap';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { PriceConversion } from '../../../../src/client/components/price/LazyPriceConversion.tsx';
import { UnitsTable } from '../../../../src/client/components/property/UnitsTable.tsx';
import type { UnitRow } from '../../../../src/shared/catalogue.ts';

const RATES = { date: '2026-11-26', rates: { GBP: 0.8521, SEK: 11.4375 } };
const UNIT: UnitRow = {
  id: 9,
  ref: null,
  category: { id: 1, key: 'apartment' },
  bedrooms: 2,
  bathrooms: 1,
  built_area: 80,
  plot_area: null,
  terrace_area: null,
  solarium_area: null,
  garden_area: null,
  floor: null,
  price: 160_000,
  status: 'available',
};

t.test('beside the price, a button that asks for the conversion, in its frame', async (t) => {
  const html = renderToString(<PriceConversion price={{ min: 160_000, max: 160_000 }} rates={RATES} />);
  t.equal(
    html,
    '<div class="island"><p class="price-conversion"><button type="button" class="price-conversion__show">In your currency</button></p></div>',
  );
});

t.test('the units table is in euros only on the server, rates or not', async (t) => {
  const table = (rates: typeof RATES | null) =>
    renderToString(
      <Router>
        <UnitsTable units={[UNIT]} name="x" region="alicante" costsPage="/buying-costs" rates={rates} />
      </Router>,
    );
  const html = table(RATES);
  t.match(html, /€ 160\.000/);
  t.notMatch(html, /converted|units-table__rates|£/, 'no conversion');
  t.equal(html, table(null), 'the same table as without rates');
});
