// A search's geo filter resolved from the places kept per catalogue version
// (GeoCache.resolve) gives what resolveGeo's query gives, for every place of
// the fixture and every way of naming it; and a place an import adds is
// found at once, by this instance and by another on the same store.
import t from 'tap';
import { forEachStore } from '../../helpers/db.ts';
import { buildCatalogue } from '../../helpers/catalogue.ts';
import { GeoCache } from '../../../src/server/services/catalogue/geo.ts';
import { resolveGeo, type GeoIds } from '../../../src/server/services/catalogue/search.ts';
import type { PropertySearch } from '../../../src/shared/catalogue.ts';
import { SEED } from './setup.ts';
import { bumpCatalogueVersion } from '../../../src/server/store/catalogue-version.ts';

type Geo = NonNullable<PropertySearch['esGeo']>;

const sorted = (ids: GeoIds | null) =>
  ids && { countries: [...ids.countries].sort(), regions: [...ids.regions].sort(), towns: [...ids.towns].sort() };

forEachStore(t, 'the kept places resolve every filter as the query does', async (t, store) => {
  await buildCatalogue(store.db, { projects: 60, seed: SEED });
  const places = await store.db.selectFrom('geo_places').select(['id', 'kind', 'slug', 'parent_id']).execute();
  const byId = new Map(places.map((p) => [p.id, p]));
  const filters: Geo[] = [{}, { town: 'atlantis' }, { region: 'atlantis' }, { country: 'atlantis' }];
  for (const p of places) {
    const up1 = p.parent_id === null ? undefined : byId.get(p.parent_id);
    const up2 = up1?.parent_id == null ? undefined : byId.get(up1.parent_id);
    if (p.kind === 'town')
      filters.push(
        { town: p.slug },
        { town: p.slug, region: up1?.slug },
        { town: p.slug, region: up1?.slug, country: up2?.slug },
        { town: p.slug, country: up2?.slug },
        { town: p.slug, region: 'atlantis' },
        { town: p.slug, region: up1?.slug, country: 'atlantis' },
      );
    if (p.kind === 'region')
      filters.push({ region: p.slug }, { region: p.slug, country: up1?.slug }, { region: p.slug, country: 'atlantis' });
    if (p.kind === 'country') filters.push({ country: p.slug });
  }
  const cache = new GeoCache(store.db);
  for (const geo of filters) t.same(sorted(await cache.resolve(geo)), sorted(await resolveGeo(store.db, geo)), JSON.stringify(geo));
  t.equal(await cache.resolve(undefined), null, 'no filter');
});

forEachStore(t, 'a place an import adds is resolved at once, by every instance', async (t, store, target) => {
  const fixture = await buildCatalogue(store.db, { projects: 20, seed: SEED });
  const other = await target.open();
  const here = new GeoCache(store.db);
  const there = new GeoCache(other.db);
  const region = fixture.projects[0]!.region;
  const geo = { region: region.slug, town: 'kept-new-town' };
  t.same(await here.resolve(geo), { towns: [], regions: [], countries: [] }, 'not there yet');
  t.same(await there.resolve(geo), { towns: [], regions: [], countries: [] });

  // What an import does: the place, then the version, in one transaction.
  const regionRow = await store.db
    .selectFrom('geo_places')
    .select(['id', 'parent_id'])
    .where('path', '=', region.path)
    .executeTakeFirstOrThrow();
  const town = await store.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('geo_places')
      .values({
        kind: 'town',
        parent_id: regionRow.id,
        name: 'Kept New Town',
        slug: 'kept-new-town',
        path: `${region.path}/kept-new-town`,
        lat: null,
        lng: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await bumpCatalogueVersion(trx);
    return row;
  });
  const expected = { towns: [town.id], regions: [regionRow.id], countries: [regionRow.parent_id!] };
  t.same(await here.resolve(geo), expected, 'this instance');
  t.same(await there.resolve(geo), expected, 'another instance, through the version in the store');
});
