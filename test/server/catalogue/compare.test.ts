// GET|POST /api/compare (issue 22) on both stores: the developments asked, in
// their order, each with its card and the features its feed states (a clear
// bit is "not stated", never "no"); withdrawn, unknown and out-of-scope ones
// left out rather than failing the comparison a shared link names; at most
// COMPARE_MAX; a bad list a 400 naming `ids`; public and cacheable.
import t from 'tap';
import { forEachStore } from '../../helpers/db.ts';
import { scopePartner } from '../../helpers/catalogue.ts';
import { catalogueApp, featuresFor, giveFilterColumns } from './setup.ts';
import { createServices } from '../../../src/server/services/index.ts';
import { COMPARE_MAX, type CompareAnswer } from '../../../src/shared/compare.ts';
import { FEATURES } from '../../../src/shared/features.ts';

forEachStore(t, 'the developments of a comparison, in the order asked, with their features', async (t, store) => {
  const { app, fixture } = await catalogueApp(t, store);
  await giveFilterColumns(store, fixture);
  const listed = fixture.projects.filter((p) => !p.withdrawn);
  const withdrawn = fixture.projects.find((p) => p.withdrawn)!;
  // One with features and one without: the answer must tell them apart.
  const featured = listed.find((p) => featuresFor(p.id).length >= 2)!;
  const plain = listed.find((p) => featuresFor(p.id).length === 0)!;
  const third = listed.find((p) => p !== featured && p !== plain)!;

  const res = await app.inject(`/api/compare?ids=${third.id},${withdrawn.id},${featured.id},${plain.id}`);
  t.equal(res.statusCode, 200);
  t.match(res.headers['cache-control'], /^public/, 'the same for everyone: cacheable');
  const data = (res.json() as CompareAnswer).data;
  t.same(
    data.map((p) => p.id),
    [third.id, featured.id, plain.id],
    'in the order asked; the withdrawn one left out',
  );
  const byId = new Map(data.map((p) => [p.id, p]));
  t.same(byId.get(featured.id)!.features, featuresFor(featured.id), 'the features its feed states, in the vocabulary’s order');
  t.same(byId.get(plain.id)!.features, [], 'none stated: an empty list (unknown), not a list of noes');
  t.ok(
    byId.get(featured.id)!.features.every((f) => (FEATURES as readonly string[]).includes(f)),
    'words of the vocabulary only',
  );
  t.match(byId.get(featured.id), { name: featured.name, units_available: featured.units_available }, 'with its card');
  t.equal(typeof byId.get(featured.id)!.price_m2, 'number', 'and its price per m²');

  const post = await app.inject({ method: 'POST', url: '/api/compare', payload: { ids: [plain.id, featured.id] } });
  t.same(
    (post.json() as CompareAnswer).data.map((p) => p.id),
    [plain.id, featured.id],
    'POST with the same body',
  );
  const gone = await app.inject(`/api/compare?ids=${withdrawn.id},999999`);
  t.equal(gone.statusCode, 200, 'a link whose developments are all gone is still an answer');
  t.same((gone.json() as CompareAnswer).data, []);

  // A partner's site compares what it shows.
  const { partners } = createServices(store);
  const partner = await partners.create({ slug: 'one-region', name: 'One Region' });
  await scopePartner(store.db, partner.id, { regions: [featured.region.id] });
  const other = listed.find((p) => p.region.id !== featured.region.id)!;
  const scoped = await app.inject(`/api/compare?partner=one-region&ids=${other.id},${featured.id}`);
  t.same(
    (scoped.json() as CompareAnswer).data.map((p) => p.id),
    [featured.id],
    "a partner's site: its scope only",
  );
  t.equal((await app.inject(`/api/compare?partner=nobody-here&ids=${featured.id}`)).statusCode, 404, 'an unknown partner');

  const tooMany = Array.from({ length: COMPARE_MAX + 1 }, (_, i) => listed[i]!.id).join(',');
  for (const bad of ['', 'abc', '0', '1,x', '-3', '99999999999', tooMany]) {
    const res = await app.inject(`/api/compare?ids=${bad}`);
    t.equal(res.statusCode, 400, `ids=${bad}: 400`);
    t.match(res.json().message, /ids/, 'naming the field');
  }
  t.equal((await app.inject('/api/compare')).statusCode, 400, 'no ids: 400');
});
