// /api/featured: a home page's developments, from the catalogue as it is: the
// newest listings, those reduced within the last 30 days (latest first) and the
// key-ready ones, three each, no development twice, only what the partner's
// scope shows.
import t from 'tap';
import { forEachStore } from '../../helpers/db.ts';
import { scopePartner, type FixtureProject } from '../../helpers/catalogue.ts';
import { catalogueApp, post } from './setup.ts';
import { findable, type ScopeRows } from './oracle.ts';
import { PartnerService } from '../../../src/server/services/partners.ts';
import type { FeaturedAnswer } from '../../../src/shared/catalogue.ts';
import { DAY_MS } from '../../../src/shared/durations.ts';
import type { Store } from '../../../src/server/store/db.ts';

const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();
const byNewest = (a: FixtureProject, b: FixtureProject) => b.updated_at.localeCompare(a.updated_at) || b.id - a.id;

/** The expected lists, from the fixture and the reductions alone. */
function expectedFeatured(projects: FixtureProject[], dropped: Map<number, string>, scope?: ScopeRows) {
  const listed = projects.filter((p) => findable(p, scope));
  const taken = new Set<number>();
  const pick = (list: FixtureProject[]) => {
    const chosen = list.filter((p) => !taken.has(p.id)).slice(0, 3);
    for (const p of chosen) taken.add(p.id);
    return chosen.map((p) => p.id);
  };
  const recent = (p: FixtureProject) => {
    const at = dropped.get(p.id);
    return at !== undefined && at >= daysAgo(30) && at <= new Date().toISOString();
  };
  return {
    newest: pick([...listed].sort(byNewest)),
    reduced: pick(listed.filter(recent).sort((a, b) => dropped.get(b.id)!.localeCompare(dropped.get(a.id)!) || b.id - a.id)),
    key_ready: pick(listed.filter((p) => p.stage === 'key_ready').sort(byNewest)),
  };
}

const ids = ({ data }: FeaturedAnswer) => ({
  newest: data.newest.map((c) => c.id),
  reduced: data.reduced.map((c) => c.id),
  key_ready: data.key_ready.map((c) => c.id),
});

/** Sets each project's latest price reduction, every other one's none. */
async function reduce(store: Store, dropped: Map<number, string>): Promise<void> {
  await store.db.updateTable('projects').set({ price_dropped_at: null }).execute();
  for (const [id, at] of dropped) await store.db.updateTable('projects').set({ price_dropped_at: at }).where('id', '=', id).execute();
}

forEachStore(t, 'featured: the newest, the lately reduced and the key-ready, none twice', async (t, store) => {
  const { app, fixture } = await catalogueApp(t, store);
  const listed = fixture.projects.filter((p) => findable(p)).sort(byNewest);
  const withdrawn = fixture.projects.find((p) => p.withdrawn)!;
  // Reductions: two recent ones among projects not the newest, one among the newest (shown there,
  // not again), one too old, one dated ahead of now (a feed's clock), one of a withdrawn project.
  const dropped = new Map<number, string>([
    [listed[10]!.id, daysAgo(2)],
    [listed[20]!.id, daysAgo(9)],
    [listed[0]!.id, daysAgo(1)],
    [listed[30]!.id, daysAgo(45)],
    [listed[40]!.id, new Date(Date.now() + DAY_MS).toISOString()],
    [withdrawn.id, daysAgo(1)],
  ]);
  await reduce(store, dropped);

  const res = await app.inject('/api/featured');
  t.equal(res.statusCode, 200);
  const expected = expectedFeatured(fixture.projects, dropped);
  t.same(ids(res.json()), expected);
  t.same(expected.reduced, [listed[10]!.id, listed[20]!.id], 'the recent reductions, latest first, the newest one left to its list');
  t.equal(expected.key_ready.length, 3, 'the fixture has key-ready developments to show');
  const all = [...expected.newest, ...expected.reduced, ...expected.key_ready];
  t.equal(new Set(all).size, all.length, 'no development twice');
  t.match(
    (res.json() as FeaturedAnswer).data.reduced[0],
    { id: listed[10]!.id, name: String, price_reduced: true, location: { town: { name: String } }, images: Array },
    'cards, as a search gives them',
  );
  t.same(ids((await post(app, '/api/featured', {})).json()), expected, 'POST answers the same');
});

forEachStore(t, "featured: only what the partner's scope shows", async (t, store) => {
  const { app, fixture } = await catalogueApp(t, store);
  const partner = await new PartnerService(store.db).create({ slug: 'scoped-homes', name: 'Scoped' });
  const listed = fixture.projects.filter((p) => findable(p));
  const region = listed.find((p) => p.stage === 'key_ready')!.region;
  const scope = { regions: [region.id] };
  await scopePartner(store.db, partner.id, scope);
  const inRegion = listed.filter((p) => p.region.id === region.id).sort(byNewest);
  const dropped = new Map<number, string>([[inRegion[inRegion.length - 1]!.id, daysAgo(3)]]);
  const outside = listed.find((p) => p.region.id !== region.id)!;
  dropped.set(outside.id, daysAgo(1));
  await reduce(store, dropped);

  const res = await app.inject('/api/featured?partner=scoped-homes');
  t.equal(res.statusCode, 200);
  const body = ids(res.json());
  t.same(body, expectedFeatured(fixture.projects, dropped, scope));
  t.notOk(Object.values(body).flat().includes(outside.id), 'nothing from outside the scope');
  t.ok(body.key_ready.length, 'its key-ready developments');
  t.equal((await app.inject('/api/featured?partner=nobody')).statusCode, 404, 'unknown partner');
  const bad = await app.inject(`/api/featured?partner=${'x'.repeat(81)}`);
  t.equal(bad.statusCode, 400, 'a partner slug too long');
  t.match(bad.json().message, /partner/, 'the 400 names the field');
});
