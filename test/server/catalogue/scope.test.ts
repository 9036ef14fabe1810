// Partner scoping: a partner limited to regions and/or projects sees only
// those, in every read; a partner without a scope sees everything; one
// partner's place counts are never served to another. And the cache headers
// of the GET forms.
import t from 'tap';
import { forEachStore } from '../../helpers/db.ts';
import { scopePartner } from '../../helpers/catalogue.ts';
import { catalogueApp, post } from './setup.ts';
import { expectedIds, expectedPlaceCounts, findable, type ScopeRows } from './oracle.ts';
import { PartnerService } from '../../../src/server/services/partners.ts';
import type { GeoAnswer, GeoNode, SearchAnswer } from '../../../src/shared/catalogue.ts';

function total(nodes: GeoNode[]): number {
  return nodes.reduce((s, n) => s + n.count, 0);
}

forEachStore(t, 'a partner sees only its regions and projects, in every read', async (t, store) => {
  const { app, fixture } = await catalogueApp(t, store);
  const partners = new PartnerService(store.db);
  const alpha = await partners.create({ slug: 'alpha-homes', name: 'Alpha', domain: 'alpha.localhost' });
  await partners.create({ slug: 'beta-homes', name: 'Beta' });
  const gamma = await partners.create({ slug: 'gamma-homes', name: 'Gamma' });

  const murcia = fixture.places.find((p) => p.path === 'spain/murcia')!;
  const outsider = fixture.projects.find((p) => findable(p) && p.region.slug === 'alicante')!;
  const hidden = fixture.projects.find((p) => findable(p) && p.region.slug === 'malaga')!;
  const alphaScope: ScopeRows = { regions: [murcia.id], projects: [outsider.id] };
  const gammaScope: ScopeRows = { projects: [outsider.id, hidden.id] };
  await scopePartner(store.db, alpha.id, alphaScope);
  await scopePartner(store.db, gamma.id, gammaScope);

  const search = async (body: object, headers: Record<string, string> = {}) =>
    (await post(app, '/api/properties', { account_id: 1, per_page: 48, ...body }, headers)).json() as SearchAnswer;
  const ids = (a: SearchAnswer) => a.data.map((c) => c.id);

  // The search, by slug and by the partner's own domain.
  const bySlug = await search({ partner: 'alpha-homes' });
  t.equal(bySlug.meta.total, expectedIds(fixture, {}, alphaScope).length, 'regions and projects, the union');
  t.same(ids(bySlug), expectedIds(fixture, {}, alphaScope).slice(0, 48));
  t.ok(ids(bySlug).includes(outsider.id), 'the single project outside its regions');
  t.same(ids(await search({}, { host: 'alpha.localhost' })), ids(bySlug), 'by domain');
  const filtered = await search({ partner: 'alpha-homes', bedrooms: 2, sort: 'price_asc' });
  t.same(ids(filtered), expectedIds(fixture, { bedrooms: 2, sort: 'price_asc' }, alphaScope).slice(0, 48), 'with filters');
  t.equal((await search({ partner: 'alpha-homes', esGeo: { region: 'malaga' } })).meta.total, 0, 'a region outside the scope is empty');
  t.equal((await search({ partner: 'gamma-homes' })).meta.total, 2, 'projects only');
  t.equal((await search({ partner: 'beta-homes' })).meta.total, expectedIds(fixture, {}).length, 'no scope: everything');
  t.equal((await search({})).meta.total, expectedIds(fixture, {}).length, 'the main site: everything');
  const unknown = await post(app, '/api/properties', { account_id: 1, partner: 'nobody' });
  t.equal(unknown.statusCode, 404, 'an unknown partner');

  // One project's reads: 404 outside the scope.
  for (const url of ['/api/property', '/api/project/units', '/api/project/files']) {
    t.equal((await app.inject(`${url}?id=${hidden.id}&partner=alpha-homes`)).statusCode, 404, `${url} outside the scope`);
    t.equal(
      (await app.inject({ url: `${url}?id=${hidden.id}`, headers: { host: 'alpha.localhost' } })).statusCode,
      404,
      `${url} outside, by domain`,
    );
    t.equal((await app.inject(`${url}?id=${outsider.id}&partner=alpha-homes`)).statusCode, 200, `${url} a scoped project`);
    t.equal((await app.inject(`${url}?id=${hidden.id}&partner=beta-homes`)).statusCode, 200, `${url} unscoped partner`);
    t.equal((await app.inject(`${url}?id=${hidden.id}&partner=gamma-homes`)).statusCode, 200, `${url} a project of gamma's`);
  }

  // Place counts, asked for in turns so a cache mix-up would show.
  const tree = async (query: string) => ((await app.inject(`/api/geo-url?${query}`)).json() as GeoAnswer).data;
  const everything = expectedPlaceCounts(fixture);
  const alphaCounts = expectedPlaceCounts(fixture, alphaScope);
  const spain = fixture.places.find((p) => p.path === 'spain')!;
  for (let round = 0; round < 2; round++) {
    const a = await tree('partner=alpha-homes');
    t.equal(total(a.tree), expectedIds(fixture, {}, alphaScope).length);
    t.equal(a.tree.find((n) => n.slug === 'spain')!.count, alphaCounts.get(spain.id), 'alpha: Spain');
    t.same(
      a.tree.flatMap((n) => n.children.map((r) => r.slug)).sort(),
      ['alicante', 'murcia'],
      'alpha: its region, and the region of its project',
    );
    const b = await tree('partner=beta-homes');
    t.equal(b.tree.find((n) => n.slug === 'spain')!.count, everything.get(spain.id), 'beta: everything');
    const main = await tree('');
    t.same(main.tree, b.tree, 'the main site as beta');
    const g = await tree('partner=gamma-homes');
    t.equal(total(g.tree), 2, 'gamma: its two projects');
    const byHost = ((await app.inject({ url: '/api/geo-url', headers: { host: 'alpha.localhost' } })).json() as GeoAnswer).data;
    t.same(byHost.tree, a.tree, 'alpha by domain');
  }
  const place = await tree('partner=alpha-homes&path=spain/malaga');
  t.equal(place.place!.count, 0, 'a place outside the scope resolves with nothing in it');

  // A scope that changes is seen at once (the cache is keyed by the scope itself).
  await scopePartner(store.db, alpha.id, { regions: [fixture.places.find((p) => p.path === 'spain/malaga')!.id] });
  t.ok((await tree('partner=alpha-homes&path=spain/malaga')).place!.count > 0, 'a region added to the scope');
});

forEachStore(t, 'GET answers are cacheable by a CDN; requests with credentials are not', async (t, store) => {
  const { app, fixture } = await catalogueApp(t, store);
  const p = fixture.projects.find((x) => findable(x))!;
  for (const url of [
    '/api/properties?account_id=1&region=alicante',
    '/api/geo-url',
    '/api/geo-url?path=spain',
    `/api/property?id=${p.id}`,
    `/api/project/units?id=${p.id}`,
  ]) {
    const res = await app.inject(url);
    t.equal(res.statusCode, 200, url);
    t.match(res.headers['cache-control'], /^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/, `${url}: public`);
    t.match(String(res.headers.vary), /\bHost\b/, `${url}: per host (a partner's domain)`);
    const personal = await app.inject({ url, headers: { cookie: 'sid=abc' } });
    t.equal(personal.headers['cache-control'], 'private, no-store', `${url} with a session: private`);
  }
  // Files depend on the login: the anonymous answer (addresses locked) is shared, a session's never.
  const files = await app.inject(`/api/project/files?id=${p.id}`);
  t.equal(files.statusCode, 200);
  t.match(files.headers['cache-control'], /^public, /, 'files without a session: shared');
  t.match(String(files.headers.vary), /Cookie/, 'apart from the answers to a session');
  const own = await app.inject({ url: `/api/project/files?id=${p.id}`, headers: { cookie: 'sid=abc' } });
  t.equal(own.headers['cache-control'], 'private, no-store', 'files with a session: never shared');
});
