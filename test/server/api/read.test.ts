// A read's check of its input (api/read.ts): every call checks and coerces its
// own input, so that no call shares a value with another, and a refused input
// is refused every time.
import t from 'tap';
import { StructError } from 'superstruct';
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

t.test('each call gets its own checked input, with the defaults filled in', async (t) => {
  const { endpoint, inputs } = searchRead();
  await endpoint.run({ account_id: 1, cat: [2], esGeo: { region: 'alicante' } }, ctx);
  inputs[0]!.cat!.push(3);
  await endpoint.run({ account_id: 1, cat: [2], esGeo: { region: 'alicante' } }, ctx);
  t.same(inputs[1], { account_id: 1, cat: [2], esGeo: { region: 'alicante' }, priceto: 10_000_000, sort: 'newest', page: 1, per_page: 12 });
  t.not(inputs[1], inputs[0], "what a handler does to its input is not the next call's");
});

t.test('a refused input is refused every time', async (t) => {
  const { endpoint, inputs } = searchRead();
  for (let i = 0; i < 2; i++) await t.rejects(async () => endpoint.run({ account_id: 1, page: 'two' }, ctx), StructError);
  t.equal(inputs.length, 0);
});
