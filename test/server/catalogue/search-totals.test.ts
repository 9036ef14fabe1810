// A search's total is counted once per catalogue version, filters and scope
// (services/catalogue/index.ts): a repeated search reads no count, an import
// (a new version) counts again, and a search that differs in a filter, its
// values or its partner's scope never takes another's total.
import t from 'tap';
import { create } from 'superstruct';
import { forEachStore } from '../../helpers/db.ts';
import { importFeed } from '../../../src/server/catalogue-import/importer.ts';
import { CatalogueService } from '../../../src/server/services/catalogue/index.ts';
import { PropertySearch } from '../../../src/shared/catalogue.ts';
import { chunks, feed, property } from '../catalogue-import/feeds.ts';

const search = (body: Record<string, unknown>) => create({ account_id: 1, ...body }, PropertySearch);

const homes = (...specs: Array<[string, string, number]>) =>
  feed(...specs.map(([id, town, price]) => property({ id, town, province: town === 'Murcia' ? 'Murcia' : 'Alicante', price, dev: id })));

forEachStore(t, 'a total is kept until the next import, per filters and scope', async (t, store) => {
  await importFeed(store, chunks(homes(['A', 'Torrevieja', 200_000], ['B', 'Murcia', 300_000])), { source: 'agency' });
  const catalogue = new CatalogueService(store.db);
  const total = async (body: Record<string, unknown>, scope: Parameters<CatalogueService['search']>[1] = null) =>
    (await catalogue.search(search(body), scope)).meta.total;

  t.equal(await total({}), 2);
  t.equal(await total({ pricefrom: 250_000 }), 1);
  // A write that is not an import (no new version) is not seen: the totals are kept.
  await store.db.updateTable('projects').set({ units_available: 0 }).execute();
  t.equal(await total({}), 2, 'kept for this catalogue version');
  t.equal(await total({ sort: 'price_asc', page: 2 }), 2, 'whatever the sort and page');
  t.equal(await total({ pricefrom: 250_000 }), 1, 'kept per filter values');
  t.equal(await total({ pricefrom: 150_000 }), 0, 'other values are counted');
  const murcia = await store.db
    .selectFrom('geo_places')
    .select('id')
    .where('slug', '=', 'murcia')
    .where('kind', '=', 'region')
    .executeTakeFirstOrThrow();
  t.equal(await total({}, { regions: [murcia.id], projects: [] }), 0, "a partner's scope is counted apart");
  await store.db.updateTable('projects').set({ units_available: 1 }).execute(); // each home is one unit

  await importFeed(store, chunks(homes(['A', 'Torrevieja', 200_000], ['B', 'Murcia', 300_000], ['C', 'Murcia', 400_000])), {
    source: 'agency',
  });
  t.equal(await total({}), 3, 'an import counts again');
  t.equal(await total({ pricefrom: 250_000 }), 2);
  t.equal(await total({}, { regions: [murcia.id], projects: [] }), 2);
});
