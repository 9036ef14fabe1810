// GET /api/facets against the search itself, on both stores: every option's
// count is the total /api/properties gives for the search with that option in
// place of its filter's value (a feature added to those asked), whatever the
// other filters, place and partner; the counts of the search as it is equal
// its total. The fixture's projects get features, stages and delivery months
// by id (setup.ts's giveFilterColumns).
import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { forEachStore } from '../../helpers/db.ts';
import { catalogueApp, giveFilterColumns } from './setup.ts';
import type { FacetsAnswer, SearchAnswer } from '../../../src/shared/catalogue.ts';
import { scopePartner } from '../../helpers/catalogue.ts';
import { createServices } from '../../../src/server/services/index.ts';

async function total(app: FastifyInstance, query: URLSearchParams): Promise<number> {
  const res = await app.inject(`/api/properties?account_id=1&${query}`);
  if (res.statusCode !== 200) throw new Error(`${query}: ${res.statusCode} ${res.body}`);
  return (res.json() as SearchAnswer).meta.total;
}

/** The search with one option in place of its filter's value, as a query. */
function withOption(query: URLSearchParams, dimension: string, value: string): URLSearchParams {
  const next = new URLSearchParams(query);
  if (dimension === 'features') next.set('features', [...new Set([...(query.get('features')?.split(',') ?? []), value])].join(','));
  else next.set(dimension, value);
  return next;
}

forEachStore(t, "each option's count is what the search would find with it", async (t, store) => {
  const { app, fixture } = await catalogueApp(t, store);
  await giveFilterColumns(store, fixture);
  const { partners } = createServices(store);
  const partner = await partners.create({ slug: 'alicante-only', name: 'Alicante Only' });
  const alicante = fixture.places.find((p) => p.path === 'spain/alicante')!;
  await scopePartner(store.db, partner.id, { regions: [alicante.id] });

  const searches = [
    '',
    'country=spain&region=alicante',
    'cat=1,12&bedrooms=2',
    'features=pool&stage=key_ready',
    'pricefrom=150000&priceto=400000&builtfrom=75&delivery=now',
    'beach=5&features=pool',
    'partner=alicante-only&features=sea-view',
  ];
  for (const search of searches) {
    const query = new URLSearchParams(search);
    const res = await app.inject(`/api/facets?account_id=1&${search}`);
    t.equal(res.statusCode, 200, `facets of "${search}"`);
    const { data } = res.json() as FacetsAnswer;
    t.equal(data.total, await total(app, query), `"${search}": the total is the search's`);
    let checked = 0;
    for (const dimension of ['cat', 'bedrooms', 'bathrooms', 'builtfrom', 'beach', 'stage', 'delivery', 'features'] as const)
      for (const [value, count] of Object.entries(data[dimension])) {
        // Every option of a small dimension; a sample of the long ones (the rooms), to keep the test quick.
        if ((dimension === 'bedrooms' || dimension === 'bathrooms') && Number(value) % 3 !== 1) continue;
        const expected = await total(app, withOption(query, dimension, value));
        if (count !== expected) t.fail(`"${search}" ${dimension}=${value}: ${count}, the search finds ${expected}`);
        checked++;
      }
    t.ok(checked > 40, `"${search}": ${checked} counts as the search finds them`);
  }
  const wide = (await app.inject('/api/facets?account_id=1')).json() as FacetsAnswer;
  t.ok(
    Object.values(wide.data.features).some((n) => n > 0) && Object.values(wide.data.stage).every((n) => n > 0),
    'the fixture has something under each',
  );
  const bad = await app.inject('/api/facets?account_id=1&features=swimming-pool');
  t.equal(bad.statusCode, 400, 'a feature not in the vocabulary: 400');
});
