// The maps' plain parts: the bbox a view hands to the search,
// which tile addresses are first-party (no consent needed), and the markers'
// short prices and labels.
import t from 'tap';
import { bboxParam } from '../../../../src/client/components/map/bbox.ts';
import { isFirstParty } from '../../../../src/client/components/map/tiles.ts';
import { markerLabel, shortPrice } from '../../../../src/client/components/map/marker-icons.ts';

t.test('a view becomes west,south,east,north, clamped to the world and rounded', async (t) => {
  t.equal(bboxParam({ west: -0.7512345678, south: 37.9, east: -0.6, north: 38.0000049 }), '-0.75123,37.9,-0.6,38');
  t.equal(bboxParam({ west: -250, south: -95, east: 30, north: 95 }), '-180,-90,30,90', 'past the edges of the world');
  t.equal(bboxParam({ west: -400, south: 10, east: 400, north: 20 }), '-180,10,180,20', 'wider than the world: every longitude');
  t.equal(bboxParam({ west: 170, south: 10, east: 190, north: 20 }), '170,10,180,20', 'across the antimeridian: cut at it');
});

t.test('first-party tiles are those of the page’s own origin', async (t) => {
  const origin = 'https://www.example.com';
  t.ok(isFirstParty('/tiles/{z}/{x}/{y}.png', origin), 'a relative template');
  t.ok(isFirstParty('https://www.example.com/tiles/{z}/{x}/{y}.png', origin), 'the same origin');
  t.notOk(isFirstParty('https://tile.openstreetmap.org/{z}/{x}/{y}.png', origin), 'OpenStreetMap');
  t.notOk(isFirstParty('https://{s}.tiles.example.com/{z}/{x}/{y}.png', origin), 'a subdomain is another origin');
  t.notOk(isFirstParty('http://www.example.com/tiles/{z}/{x}/{y}.png', origin), 'another scheme');
  t.notOk(isFirstParty('https://www.example.com:8443/{z}/{x}/{y}.png', origin), 'another port');
});

t.test('markers show a short price and are named with it', async (t) => {
  t.equal(shortPrice(245_000), '€ 245k');
  t.equal(shortPrice(1_250_000), '€ 1.250k');
  t.equal(shortPrice(950), '€ 950');
  t.equal(shortPrice(0), '', 'no price shown for 0');
  t.equal(shortPrice(null), '');
  t.equal(markerLabel({ name: 'Mar Azul', price: 245_000 }), 'Mar Azul, € 245k', 'the price as its pill shows it (label in name)');
  t.equal(markerLabel({ name: 'Mar Azul', price: null }), 'Mar Azul');
});
