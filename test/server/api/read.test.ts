// A read's check of its input (api/read.ts): kept per input unless the input is
// a secret, frozen so that no handler changes what the next request
// gets, and never kept when refused.
import t from 'tap';
import { object, number, optional, string, StructError } from 'superstruct';
import { read, type ReadContext } from '../../../src/server/api/read.ts';
import { PropertySearch } from '../../../src/shared/catalogue.ts';
import type { SearchAnswer } from '../../../src/shared/catalogue.ts';

const ctx = {} as ReadContext;
const answer: SearchAnswer = { data: [], meta: { total: 0, page: 1, per_page: 12, pages: 0 } };

function searchRead() {
  const inputs: PropertySearch[] = [];
  const endpoint = read({
    path: '/api/properties',
    query: PropertySearch,
    personal: false,
    handler: async (input) => {
      inputs.push(input);
      return answer;
    },
  });
  return { endpoint, inputs };
}

t.test('the same input is checked once and handed over frozen', async (t) => {
  const { endpoint, inputs } = searchRead();
  await endpoint.run({ account_id: 1, cat: [2], esGeo: { region: 'alicante' } }, ctx);
  await endpoint.run({ account_id: 1, cat: [2], esGeo: { region: 'alicante' } }, ctx);
  t.equal(inputs[0], inputs[1], 'the checked value of the first');
  t.same(inputs[0], { account_id: 1, cat: [2], esGeo: { region: 'alicante' }, priceto: 10_000_000, sort: 'newest', page: 1, per_page: 12 });
  t.ok(Object.isFrozen(inputs[0]) && Object.isFrozen(inputs[0]!.cat) && Object.isFrozen(inputs[0]!.esGeo), 'frozen, to the bottom');
  t.throws(() => inputs[0]!.cat!.push(3), TypeError, 'a handler cannot change it');

  await endpoint.run({ account_id: 1, cat: [3] }, ctx);
  t.not(inputs[2], inputs[0], 'another input is checked on its own');
  t.same(inputs[2]!.cat, [3]);
});

t.test('a refused input is refused every time', async (t) => {
  const { endpoint, inputs } = searchRead();
  for (let i = 0; i < 2; i++) await t.rejects(async () => endpoint.run({ account_id: 1, page: 'two' }, ctx), StructError);
  t.equal(inputs.length, 0);
});

t.test("a secret input (a mailed link's token) is checked every time, not kept", async (t) => {
  const seen: unknown[] = [];
  const endpoint = read({
    path: '/api/saved-searches/manage',
    query: object({ token: string(), n: optional(number()) }),
    personal: true,
    secretInput: true,
    handler: async (input) => {
      seen.push(input);
      return null as never;
    },
  });
  await endpoint.run({ token: 'secret' }, ctx);
  await endpoint.run({ token: 'secret' }, ctx);
  t.not(seen[0], seen[1]);
  t.notOk(Object.isFrozen(seen[0]));
});
