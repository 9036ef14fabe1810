// The maps' plain parts: the bbox a view hands to the search,
// which tile addresses are first-party (no consent needed), and the markers'
// short prices and labels.
import t from 'tap';
import { bboxParam, viewParams } from '../../../../src/client/components/map/bbox.ts';
import { isFirstParty } from '../../../../src/client/components/map/tiles.ts';
import { markerLabel, shortPrice } from '../../../../src/client/components/map/marker-icons.ts';

t.test('a view becomes west,south,east,north, clamped to the world and rounded', async (t) => {
  t.equal(bboxParam({ west: -0.7512345678, south: 37.9, east: -0.6, north: 38.0000049 }), '-0.75123,37.9,-0.6,38');
  t.equal(bboxParam({ west: -250, south: -95, east: 30, north: 95 }), '-180,-90,30,90', 'past the edges of the world');
  t.equal(bboxParam({ west: -400, south: 10, east: 400, north: 20 }), '-180,10,180,20', 'wider than the world: every longitude');
  t.equal(bboxParam({ west: 170, south: 10, east: 190, north: 20 }), '170,10,180,20', 'across the antimeridian: cut at it');
});

t.test("the markers' view: the map's area on a grid of one tile at its zoom, a cell wider on each side", async (t) => {
  // At zoom 8 a tile is 360 / 256 = 1.40625° wide.
  const view = { west: -0.9, south: 37.8, east: -0.4, north: 38.1 };
  const asked = viewParams(view, 8);
  t.equal(asked, 'view=-2.8125,35.15625,1.40625,40.78125&zoom=8');
  const [w, s, e, n] = new URLSearchParams(asked).get('view')!.split(',').map(Number) as [number, number, number, number];
  t.ok(w < view.west && s < view.south && e > view.east && n > view.north, 'it covers the map with room around it');
  t.equal(viewParams({ west: -0.85, south: 37.82, east: -0.42, north: 38.05 }, 8), asked, 'a small pan asks the same');
  t.equal(viewParams(view, 8.4), asked, 'a fractional zoom is rounded');
  t.equal(viewParams({ west: -200, south: -89, east: 200, north: 89 }, 1), 'view=-180,-90,180,90&zoom=1', 'never past the world');
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
