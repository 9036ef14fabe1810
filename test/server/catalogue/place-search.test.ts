// The search by place name on a small tree: whole names, starts of names and
// of their words, case and accents ignored, one typo from five letters, other
// names of a place, the closest kind of match first and then the places with
// more developments; nothing for one letter, nothing outside the tree. Then
// /api/places on the fixture catalogue, both stores, a partner's scope.
import t from 'tap';
import { findPlaces, oneEditApart } from '../../../src/server/services/catalogue/place-search.ts';
import type { GeoNode, PlaceMatchesAnswer } from '../../../src/shared/catalogue.ts';
import { PartnerService } from '../../../src/server/services/partners.ts';
import { forEachStore } from '../../helpers/db.ts';
import { scopePartner } from '../../helpers/catalogue.ts';
import { catalogueApp, post } from './setup.ts';
import { findable } from './oracle.ts';

const node = (name: string, path: string, count: number, children: GeoNode[] = []): GeoNode => ({
  name,
  slug: path.split('/').pop()!,
  path,
  count,
  children,
});

const TREE: GeoNode[] = [
  node('Spain', 'spain', 60, [
    node('Alicante', 'spain/alicante', 40, [
      node('Torrevieja', 'spain/alicante/torrevieja', 12),
      node('Orihuela Costa', 'spain/alicante/orihuela-costa', 9),
      node('Jávea', 'spain/alicante/javea', 3),
      node('Torre de la Horadada', 'spain/alicante/torre-de-la-horadada', 5),
    ]),
    node('Málaga', 'spain/malaga', 20, [node('Marbella', 'spain/malaga/marbella', 8), node('Mijas', 'spain/malaga/mijas', 0)]),
  ]),
];
const ALIASES = new Map([
  ['alicante', ['alacant']],
  ['alacant', ['alicante']],
  ['javea', ['xabia']],
  ['xabia', ['javea']],
]);
const paths = (typed: string) => findPlaces(TREE, typed, ALIASES).map((p) => p.path);

t.test('names found whole, by their start or a word, without case or accents', async (t) => {
  t.same(paths('malaga'), ['spain/malaga'], 'Málaga without its accent');
  t.same(paths('TORREVIEJA'), ['spain/alicante/torrevieja'], 'in capitals');
  t.same(paths('torre'), ['spain/alicante/torrevieja', 'spain/alicante/torre-de-la-horadada'], 'by their start, more developments first');
  t.same(paths('costa'), ['spain/alicante/orihuela-costa'], 'by the start of a word');
  t.same(paths('  Jávea! '), ['spain/alicante/javea'], 'punctuation and spaces aside');
  t.same(paths('alacant'), ['spain/alicante'], 'by another name of the place');
  t.same(paths('xabia'), ['spain/alicante/javea']);
});

t.test('one typo from five letters, the exact match first', async (t) => {
  t.same(paths('torrevija'), ['spain/alicante/torrevieja'], 'a letter missing');
  t.same(paths('marbela'), ['spain/malaga/marbella'], 'a letter missing in a short name');
  t.same(paths('malgaa'), ['spain/malaga'], 'two letters swapped');
  t.same(paths('mirbella'), ['spain/malaga/marbella'], 'a letter wrong');
  t.same(paths('mlga'), [], 'under five letters, no typo forgiven');
  t.same(paths('alicanta'), ['spain/alicante'], 'one letter wrong at the end');
  t.same(paths('alicante'), ['spain/alicante'], 'the exact name');
});

t.test('what is not found', async (t) => {
  t.same(paths('t'), [], 'one letter finds nothing');
  t.same(paths('mijas'), [], 'a place without developments');
  t.same(paths('benidorm'), [], 'a place not in the tree');
  t.same(paths('torrevijaa'), [], 'two edits away');
});

t.test('a match says what kind of place it is, how many developments it has and where it lies', async (t) => {
  t.same(findPlaces(TREE, 'torrevieja', ALIASES), [
    {
      name: 'Torrevieja',
      slug: 'torrevieja',
      path: 'spain/alicante/torrevieja',
      kind: 'town',
      count: 12,
      within: [
        { name: 'Alicante', slug: 'alicante', path: 'spain/alicante' },
        { name: 'Spain', slug: 'spain', path: 'spain' },
      ],
      exact: true,
    },
  ]);
  t.ok(findPlaces(TREE, 'alacant', ALIASES)[0]!.exact, 'another name, whole, is exact');
  t.notOk(findPlaces(TREE, 'torrevie')[0]!.exact, 'the start of a name is not the whole of it');
  t.notOk(findPlaces(TREE, 'torrevija')[0]!.exact, 'nor is a near spelling');
  t.equal(findPlaces(TREE, 'spain')[0]!.kind, 'country');
  t.equal(findPlaces(TREE, 'alicante')[0]!.kind, 'region');
});

t.test('at most eight places, the closest kind of match first', async (t) => {
  const many = [
    node(
      'Spain',
      'spain',
      100,
      Array.from({ length: 12 }, (_, i) => node(`Santa ${i}`, `spain/santa-${i}`, i + 1)),
    ),
  ];
  const found = findPlaces(many, 'santa');
  t.equal(found.length, 8);
  t.same(
    found.map((p) => p.count),
    [12, 11, 10, 9, 8, 7, 6, 5],
    'the most developments first among equal matches',
  );
});

t.test('one edit apart', async (t) => {
  for (const [a, b] of [
    ['torrevieja', 'torrevija'],
    ['marbella', 'marbela'],
    ['malaga', 'malgaa'],
    ['malaga', 'amlaga'],
    ['mijas', 'mijaz'],
    ['mijas', 'mijass'],
  ])
    t.ok(oneEditApart(a!, b!), `${a} ~ ${b}`);
  for (const [a, b] of [
    ['malaga', 'malaga'],
    ['malaga', 'mlgaa'],
    ['torrevieja', 'torrevija x'],
    ['abcd', 'badc'],
  ])
    t.notOk(oneEditApart(a!, b!), `${a} ≁ ${b}`);
});

forEachStore(t, '/api/places: the places of the catalogue a typed name means, in the partner scope', async (t, store) => {
  const { app, fixture } = await catalogueApp(t, store);
  const listed = fixture.projects.filter((p) => findable(p));
  const town = listed[0]!.town;
  const res = await app.inject(`/api/places?q=${encodeURIComponent(town.name.toUpperCase())}`);
  t.equal(res.statusCode, 200);
  const first = (res.json() as PlaceMatchesAnswer).data[0]!;
  t.match(first, { name: town.name, path: town.path, kind: 'town', count: listed.filter((p) => p.town.id === town.id).length });
  t.same(
    first.within.map((p) => p.path),
    [listed[0]!.region.path, listed[0]!.country.path],
    'with the places it lies in',
  );
  const alacant = (await app.inject('/api/places?q=alacant')).json() as PlaceMatchesAnswer;
  t.same(
    alacant.data.map((p) => p.path),
    ['spain/alicante'],
    "Alicante by its Valencian name (the gazetteer's)",
  );
  t.same((await post(app, '/api/places', { q: 'alacant' })).json(), alacant, 'POST answers the same');

  const partner = await new PartnerService(store.db).create({ slug: 'murcia-homes', name: 'Murcia Homes' });
  const murcia = fixture.places.find((p) => p.path === 'spain/murcia')!;
  await scopePartner(store.db, partner.id, { regions: [murcia.id] });
  t.same((await app.inject('/api/places?q=alicante&partner=murcia-homes')).json(), { data: [] }, 'nothing outside its scope');
  t.same(((await app.inject('/api/places?q=murcia&partner=murcia-homes')).json() as PlaceMatchesAnswer).data[0]?.path, 'spain/murcia');

  const empty = await app.inject('/api/places?q=');
  t.equal(empty.statusCode, 400, 'an empty name');
  t.match(empty.json().message, /q/, 'the 400 names the field');
  t.equal((await app.inject('/api/places?q=x&partner=nobody')).statusCode, 404, 'unknown partner');
});
