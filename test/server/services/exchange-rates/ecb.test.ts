// The ECB's daily file as it is published (its gesmes envelope, single quotes),
// read into a date and rates; anything else refused whole.
import t from 'tap';
import { parseEcbRates, RatesFormatError } from '../../../../src/server/services/exchange-rates/ecb.ts';
import { ecbDaily } from '../../../helpers/ecb-rates.ts';

const ECB_DAILY = ecbDaily('2026-11-26');

t.test("the ECB's daily file", async (t) => {
  t.same(parseEcbRates(ECB_DAILY), { date: '2026-11-26', rates: { USD: 1.0842, JPY: 163.42, GBP: 0.8521, SEK: 11.4375, NOK: 11.725 } });
  t.same(parseEcbRates(ECB_DAILY.replaceAll("'", '"')).rates.GBP, 0.8521, 'double quotes too');
});

t.test('anything else is refused, not read in part', async (t) => {
  const cases: Array<[string, string]> = [
    ['an error page', '<html><body>Service unavailable</body></html>'],
    ['no rate', ECB_DAILY.replace(/<Cube currency=[^>]*\/>/g, '')],
    ['two days', ECB_DAILY.replace("<Cube time='2026-11-26'>", "<Cube time='2026-11-25'><Cube time='2026-11-26'>")],
    ['a rate of zero', ECB_DAILY.replace("rate='0.8521'", "rate='0'")],
    ['not a date', ECB_DAILY.replace('2026-11-26', '2026-13-45')],
    ['empty', ''],
  ];
  for (const [why, body] of cases) t.throws(() => parseEcbRates(body), { name: RatesFormatError.name }, why);
});
