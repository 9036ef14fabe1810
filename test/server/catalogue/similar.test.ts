// /api/project/similar: listed projects of the same region that offer the
// project's category, its town first, then the closest in price; never the
// project itself; only what the partner may show; 404 where /api/property is.
import t from 'tap';
import { forEachStore } from '../../helpers/db.ts';
import { scopePartner, type FixtureProject } from '../../helpers/catalogue.ts';
import { catalogueApp, post } from './setup.ts';
import { findable, type ScopeRows } from './oracle.ts';
import { PartnerService } from '../../../src/server/services/partners.ts';
import type { ProjectCard } from '../../../src/shared/catalogue.ts';

/** The expected answer, from the fixture alone. */
function expectedSimilar(projects: FixtureProject[], p: FixtureProject, scope?: ScopeRows): number[] {
  const reference = p.price_min;
  return projects
    .filter((q) => q.id !== p.id && findable(q, scope) && q.region.id === p.region.id && q.categories.includes(p.category_id))
    .sort(
      (a, b) =>
        Number(a.town.id !== p.town.id) - Number(b.town.id !== p.town.id) ||
        (reference === null
          ? b.updated_at.localeCompare(a.updated_at)
          : Math.abs(a.price_min! - reference) - Math.abs(b.price_min! - reference)) ||
        a.id - b.id,
    )
    .slice(0, 4)
    .map((q) => q.id);
}

const ids = (body: { data: ProjectCard[] }) => body.data.map((c) => c.id);

forEachStore(t, 'similar: same region and category, its town first, then the closest price', async (t, store) => {
  const { app, fixture } = await catalogueApp(t, store);
  const listed = fixture.projects.filter((p) => findable(p));
  // Projects whose answers exercise each rule: a full row with some from the
  // same town and some from elsewhere in the region, and one with fewer than four.
  const mixed = listed.find((p) => {
    const expected = expectedSimilar(fixture.projects, p);
    const towns = expected.map((id) => fixture.byId.get(id)!.town.id === p.town.id);
    return expected.length === 4 && towns.includes(true) && towns.includes(false);
  });
  t.ok(mixed, 'a project with similar ones in its town and in its region');
  const few = listed.find((p) => expectedSimilar(fixture.projects, p).length < 4);
  t.ok(few, 'a project with fewer than four similar ones');

  for (const p of [mixed!, few!, ...listed.slice(0, 15)]) {
    const res = await app.inject(`/api/project/similar?id=${p.id}`);
    t.equal(res.statusCode, 200);
    const body = res.json() as { data: ProjectCard[] };
    t.same(ids(body), expectedSimilar(fixture.projects, p), `similar to ${p.id}`);
    t.notOk(ids(body).includes(p.id), 'never the project itself');
    for (const card of body.data) {
      t.equal(card.location.region.path, p.region.path, 'same region');
      t.ok(card.units_available > 0, 'listed');
    }
  }
  const first = (await post(app, '/api/project/similar', { id: mixed!.id })).json() as { data: ProjectCard[] };
  t.same(ids(first), expectedSimilar(fixture.projects, mixed!), 'POST answers the same');
  t.match(
    first.data[0],
    { id: Number, name: String, category: { id: Number }, location: { town: { name: String } }, images: Array },
    'cards, as a search gives them',
  );

  const soldOut = fixture.projects.find((p) => !p.withdrawn && p.units_available === 0);
  if (soldOut) {
    const res = await app.inject(`/api/project/similar?id=${soldOut.id}`);
    t.equal(res.statusCode, 200, 'a sold-out project still has similar ones');
    t.same(ids(res.json()), expectedSimilar(fixture.projects, soldOut), 'ordered by date when it has no price');
  }

  const withdrawn = fixture.projects.find((p) => p.withdrawn)!;
  t.equal((await app.inject(`/api/project/similar?id=${withdrawn.id}`)).statusCode, 404, 'withdrawn');
  t.equal((await app.inject('/api/project/similar?id=987654')).statusCode, 404, 'unknown');
  const bad = await app.inject('/api/project/similar?id=abc');
  t.equal(bad.statusCode, 400, 'not an id');
  t.match(bad.json().message, /id/, 'the 400 names the field');
  t.equal((await app.inject(`/api/project/similar?id=${mixed!.id}&partner=nobody`)).statusCode, 404, 'unknown partner');
});

forEachStore(t, "similar: only what the partner's scope shows", async (t, store) => {
  const { app, fixture } = await catalogueApp(t, store);
  const partners = new PartnerService(store.db);
  const partner = await partners.create({ slug: 'scoped-homes', name: 'Scoped' });
  // The partner shows a project and a few of its neighbours, not the whole region.
  const p = fixture.projects.find((x) => findable(x) && expectedSimilar(fixture.projects, x).length === 4)!;
  const allowed = expectedSimilar(fixture.projects, p).slice(1, 3);
  const scope = { projects: [p.id, ...allowed] };
  await scopePartner(store.db, partner.id, scope);

  const res = await app.inject(`/api/project/similar?id=${p.id}&partner=scoped-homes`);
  t.equal(res.statusCode, 200);
  t.same(ids(res.json()), expectedSimilar(fixture.projects, p, scope), 'only projects in the scope');
  t.same(ids(res.json()).sort(), [...allowed].sort());
  const outside = fixture.projects.find((x) => findable(x) && !scope.projects.includes(x.id))!;
  t.equal((await app.inject(`/api/project/similar?id=${outside.id}&partner=scoped-homes`)).statusCode, 404, 'a project outside the scope');
  t.equal((await app.inject(`/api/project/similar?id=${outside.id}`)).statusCode, 200, 'which the main site shows');
});
