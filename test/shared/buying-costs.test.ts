// shared/buying-costs.ts: the calculator's figures against worked examples,
// each worked by hand from the fee scales and rates of buying-costs-data.ts
// (a change of a rate there must change the example here, and its date).
import t from 'tap';
import {
  buyingCosts,
  communityOfRegion,
  monthlyPayment,
  readCostsQuery,
  scaleFee,
  type CostsInput,
} from '../../src/shared/buying-costs.ts';
import { NOTARY_SCALE, REGISTRY_SCALE } from '../../src/shared/buying-costs-data.ts';

const input = (over: Partial<CostsInput>): CostsInput => ({
  price: 250_000,
  community: 'valenciana',
  buyer: 'abroad',
  mortgage: false,
  deposit: 30,
  years: 25,
  rate: 3.5,
  ...over,
});

/** The breakdown's lines as { key: amount }. */
function amounts(over: Partial<CostsInput>) {
  const costs = buyingCosts(input(over));
  if (!costs) throw new Error('no breakdown');
  return { lines: Object.fromEntries(costs.lines.map((l) => [l.key, l.amount])), costs };
}

t.test('the fee scales, band by band', async (t) => {
  // 90.15 + 24,040.49 × 4.5‰ + 30,050.60 × 1.5‰ + 90,151.82 × 1‰ + 99,746.97 × 0.5‰
  t.equal(scaleFee(NOTARY_SCALE, 250_000).toFixed(2), '383.43');
  t.equal(scaleFee(NOTARY_SCALE, 5_000).toFixed(2), '90.15', 'the base below the first band');
  // 24.04 + 24,040.49 × 1.75‰ + 30,050.60 × 1.25‰ + 90,151.82 × 0.75‰ + 99,746.97 × 0.3‰
  t.equal(scaleFee(REGISTRY_SCALE, 250_000).toFixed(2), '201.21');
  t.equal(scaleFee(REGISTRY_SCALE, 50_000_000), 2_181.67, 'the registry fee has a ceiling');
});

t.test('Valencian Community, € 250.000, from abroad and as a resident', async (t) => {
  const { lines, costs } = amounts({});
  t.same(lines, { salesTax: 25_000, ajd: 3_750, notary: 827, registry: 243, lawyer: 3_025, nie: 150 });
  t.equal(costs.salesTax, 'iva');
  t.equal(costs.total, 32_995);
  t.equal(costs.share, 13.2);
  t.equal(costs.cash, 282_995, 'no loan: the price and the costs');
  t.equal(costs.mortgage, null);
  const resident = amounts({ buyer: 'resident' });
  t.notOk('nie' in resident.lines, 'a resident has an NIE already');
  t.equal(resident.costs.total, 32_845);
  t.equal(resident.costs.share, 13.1);
});

t.test('Region of Murcia, € 180.000 from abroad with a 70 % mortgage over 25 years at 3.5 %', async (t) => {
  const { lines, costs } = amounts({ price: 180_000, community: 'murcia', mortgage: true });
  t.same(lines, {
    salesTax: 18_000,
    ajd: 2_700,
    notary: 785,
    registry: 218,
    lawyer: 2_178,
    nie: 150,
    valuation: 450,
    arrangement: 1_260,
  });
  t.equal(costs.total, 25_741);
  t.equal(costs.share, 14.3);
  t.match(costs.mortgage, { loan: 126_000, deposit: 54_000, monthly: 631, overLimit: false, overTerm: false });
  t.equal(costs.cash, 79_741, 'the deposit and the costs');
});

t.test('Andalusia, € 400.000 with 80 % over 30 years at 3 %: within a resident’s limits, beyond a non-resident’s', async (t) => {
  const resident = amounts({ price: 400_000, community: 'andalucia', buyer: 'resident', mortgage: true, deposit: 20, years: 30, rate: 3 });
  t.same(resident.lines, {
    salesTax: 40_000,
    ajd: 4_800,
    notary: 918,
    registry: 298,
    lawyer: 4_840,
    valuation: 450,
    arrangement: 3_200,
  });
  t.equal(resident.costs.total, 54_506);
  t.equal(resident.costs.share, 13.6);
  t.match(resident.costs.mortgage, { loan: 320_000, monthly: 1_349, maxLoanToValue: 80, maxYears: 30, overLimit: false, overTerm: false });
  const abroad = amounts({ price: 400_000, community: 'andalucia', buyer: 'abroad', mortgage: true, deposit: 20, years: 30, rate: 3 });
  t.match(abroad.costs.mortgage, { maxLoanToValue: 70, maxYears: 25, overLimit: true, overTerm: true });
  t.equal(abroad.costs.total, 54_656, 'and the NIE');
});

t.test('Canary Islands, € 250.000 from abroad: IGIC instead of IVA', async (t) => {
  const { lines, costs } = amounts({ community: 'canarias' });
  t.equal(costs.salesTax, 'igic');
  t.same(lines, { salesTax: 17_500, ajd: 2_500, notary: 827, registry: 243, lawyer: 3_025, nie: 150 });
  t.equal(costs.total, 24_245);
  t.equal(costs.share, 9.7);
});

t.test("the lawyer's minimum fee", async (t) => {
  t.equal(amounts({ price: 100_000 }).lines.lawyer, 1_815, '€ 1.500 plus 21 % IVA, not 1 %');
});

t.test('a monthly payment by the annuity formula, and without interest', async (t) => {
  t.equal(Math.round(monthlyPayment(175_000, 3.5, 25)), 876);
  t.equal(monthlyPayment(120_000, 0, 10), 1_000);
});

t.test('nothing to work out without a price and a community', async (t) => {
  t.equal(buyingCosts(input({ price: null })), null);
  t.equal(buyingCosts(input({ community: null })), null);
});

t.test('the query: readable forms, defaults, and what is wrong', async (t) => {
  const read = (qs: string) => readCostsQuery(new URLSearchParams(qs));
  t.same(read(''), {
    input: { price: null, community: null, buyer: 'abroad', mortgage: false, deposit: 30, years: 25, rate: 3.5 },
    invalid: [],
  });
  t.equal(read('price=250.000').input.price, 250_000, 'thousands dots');
  t.equal(read('price=€ 250,000').input.price, 250_000, 'a euro sign and thousands commas');
  t.equal(read('buyer=resident').input.deposit, 20, "a resident's deposit starts lower");
  t.equal(read('rate=3,25').input.rate, 3.25, 'a decimal comma');
  t.same(read('price=abc&community=atlantis&deposit=120&years=2&rate=-1').invalid, ['price', 'community', 'deposit', 'years', 'rate']);
  t.same(read('price=500').invalid, ['price'], 'below the smallest price');
  const bad = read('price=abc&deposit=120');
  t.equal(bad.input.price, null, 'a bad price is not used');
  t.equal(bad.input.deposit, 30, 'a bad deposit falls back to its default');
  t.equal(read('region=malaga').input.community, 'andalucia', 'a province by its slug');
  t.equal(read('region=santa-cruz-de-tenerife').input.community, 'canarias');
  t.equal(read('region=algarve').input.community, null, 'a place outside Spain names no community');
  t.equal(read('community=murcia&region=malaga').input.community, 'murcia', 'the community given wins');
  t.equal(read('mortgage=1').input.mortgage, true);
});

t.test('provinces, islands and coasts as feeds name them (their place slugs)', async (t) => {
  const cases: Array<[string, string | null]> = [
    ['alicante', 'valenciana'],
    ['alacant', 'valenciana'],
    ['costa-blanca', 'valenciana'],
    ['murcia', 'murcia'],
    ['almeria', 'andalucia'],
    ['costa-del-sol', 'andalucia'],
    ['las-palmas', 'canarias'],
    ['mallorca', 'baleares'],
    ['girona', 'cataluna'],
    ['a-coruna', 'galicia'],
    ['paris', null],
  ];
  for (const [region, community] of cases) t.equal(communityOfRegion(region), community, region);
});
