// GET /api/project-cards (issue 10, favorites before an account): the cards of
// the projects a visitor keeps in the browser, in the order asked, as the
// section's site shows them (withdrawn and out-of-scope projects left out),
// public and cacheable; a bad list is a 400 naming `ids`. And the favorites
// page itself: open to a visitor (no login redirect), without the account's read.
import t from 'tap';
import { forEachStore } from '../../helpers/db.ts';
import { stateOf } from '../../helpers/html.ts';
import { accountsApp } from './helpers.ts';

forEachStore(
  t,
  "a visitor's favorites as cards: listed, in scope, in order",
  async (t, store) => {
    const { app, fixture } = await accountsApp(t, store);
    const listed = fixture.projects.filter((p) => !p.withdrawn);
    const withdrawn = fixture.projects.find((p) => p.withdrawn);
    const [a, b, c] = listed;
    const ids = [c!.id, a!.id, ...(withdrawn ? [withdrawn.id] : []), 999_999, b!.id];

    const res = await app.inject(`/api/project-cards?ids=${ids.join(',')}`);
    t.equal(res.statusCode, 200);
    t.same(
      res.json().data.map((p: { id: number }) => p.id),
      [c!.id, a!.id, b!.id],
      'in the order asked; withdrawn and unknown left out',
    );
    t.match(res.json().data[0], { id: c!.id, name: c!.name }, 'as result cards');
    t.match(res.headers['cache-control'], /^public/, 'the same for everyone: cacheable');
    const post = await app.inject({ method: 'POST', url: '/api/project-cards', payload: { ids: [a!.id] } });
    t.same(
      post.json().data.map((p: { id: number }) => p.id),
      [a!.id],
      'POST with the same body',
    );

    // A partner's site shows its own scope only (here: one region), as its property pages do.
    const all = listed.map((p) => p.id);
    const costa = await store.db.selectFrom('partners').select('id').where('slug', '=', 'costa-casas').executeTakeFirstOrThrow();
    await store.db.deleteFrom('partner_scopes').where('partner_id', '=', costa.id).execute();
    await store.db.insertInto('partner_scopes').values({ partner_id: costa.id, kind: 'region', target_id: a!.region.id }).execute();
    const scoped = new Set<number>();
    for (const id of all) if ((await app.inject(`/api/property?partner=costa-casas&id=${id}`)).statusCode === 200) scoped.add(id);
    t.ok(scoped.size > 0 && scoped.size < all.length, 'the partner shows some of the projects, not all');
    const partnerCards = await app.inject(`/api/project-cards?partner=costa-casas&ids=${all.join(',')}`);
    t.same(
      partnerCards.json().data.map((p: { id: number }) => p.id),
      all.filter((id) => scoped.has(id)),
      "a partner's site: its scope only",
    );
    t.equal((await app.inject(`/api/project-cards?partner=costa-casaz&ids=${a!.id}`)).statusCode, 404, 'an unknown partner');

    for (const bad of ['', 'abc', '0', '1,x', Array.from({ length: 501 }, (_, i) => i + 1).join(',')]) {
      const res = await app.inject(`/api/project-cards?ids=${bad}`);
      t.equal(res.statusCode, 400, `ids=${bad.slice(0, 12)}: 400`);
      t.match(res.json().message, /ids/, 'naming the field');
    }
  },
  { seed: true },
);

forEachStore(
  t,
  'the favorites page is open to a visitor, without the account read; cacheable as anyone’s',
  async (t, store) => {
    const { app } = await accountsApp(t, store);
    for (const path of ['/old/favorites', '/costa-casas/favorites']) {
      const res = await app.inject(path);
      t.equal(res.statusCode, 200, `${path}: shown to a visitor`);
      const state = stateOf(res.body);
      t.equal(state.client, null);
      t.same(Object.keys(state.data), [], 'no account read for a visitor');
      t.match(res.body, /Register for free/, 'the invitation to register is in the page');
      t.match(res.body, /<meta name="robots" content="noindex"/, 'never indexed');
    }
    const robots = await app.inject('/robots.txt');
    t.match(robots.body, /Disallow: \/\*\/favorites/, 'and kept out of crawls');
  },
  { seed: true },
);
