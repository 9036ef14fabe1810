// The first-party basemap (src/client/components/map/basemap-build.mjs, made by build.mjs): land,
// borders and Spain's province lines, cut to Spain and its neighbours, small.
import zlib from 'node:zlib';
import t from 'tap';
import { BASEMAP_BOUNDS, buildBasemap } from '../../../../src/client/components/map/basemap-build.mjs';

type Position = [number, number];
interface Basemap {
  type: string;
  features: Array<{ properties: { kind: string }; geometry: { type: string; coordinates: unknown } }>;
}

/** Whether a closed ring contains a point (even–odd rule). */
function inRing(ring: Position[], [x, y]: Position): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

const onLand = (land: Position[][][], point: Position) =>
  land.some((polygon) => inRing(polygon[0]!, point) && !polygon.slice(1).some((hole) => inRing(hole, point)));

t.test('land, borders and province lines of Spain and its neighbours, under 30 KB gzipped', async (t) => {
  const basemap = buildBasemap() as Basemap;
  t.equal(basemap.type, 'FeatureCollection');
  t.same(
    basemap.features.map((f) => [f.properties.kind, f.geometry.type]),
    [
      ['land', 'MultiPolygon'],
      ['land', 'MultiPolygon'],
      ['border', 'MultiLineString'],
      ['province', 'MultiLineString'],
    ],
  );
  const [world, spain, borders, provinces] = basemap.features.map((f) => f.geometry.coordinates) as [
    Position[][][],
    Position[][][],
    Position[][],
    Position[][],
  ];
  // Two features, each a path of its own: Spain's coast (IGN) over its neighbours' (Natural Earth).
  const land = [...world, ...spain];
  t.ok(onLand(spain, [-3.7, 40.42]) && !onLand(spain, [1.44, 43.6]), 'the second is Spain');

  // Places on land, and at sea.
  const places: Array<[string, Position, boolean]> = [
    ['Madrid', [-3.7, 40.42], true],
    ['Alicante, inland', [-0.6, 38.4], true],
    ['Palma de Mallorca', [2.75, 39.6], true],
    ['Santa Cruz de Tenerife, inland', [-16.55, 28.3], true],
    ['Coimbra', [-8.43, 40.2], true],
    ['Toulouse', [1.44, 43.6], true],
    ['the Mediterranean off Valencia', [1.0, 39.3], false],
    ['the Bay of Biscay', [-5.0, 44.5], false],
    ['the Atlantic west of Portugal', [-11.5, 40.0], false],
  ];
  for (const [name, point, expected] of places) t.equal(onLand(land, point), expected, `${name} is ${expected ? 'land' : 'sea'}`);

  const points = [...land.flat(2), ...borders.flat(), ...provinces.flat()];
  const [w, s, e, n] = BASEMAP_BOUNDS;
  t.ok(
    points.every(([x, y]) => x >= w - 1 && x <= e + 1 && y >= s - 1 && y <= n + 1),
    'nothing far outside Spain and its neighbours',
  );
  t.ok(
    points.every(([x, y]) => Math.round(x * 1000) / 1000 === x && Math.round(y * 1000) / 1000 === y),
    'coordinates rounded to 3 decimals',
  );
  t.ok(provinces.length > 40, `Spain's province lines (${provinces.length})`);
  t.ok(borders.length > 0, 'country borders');

  const json = JSON.stringify(basemap);
  const gzip = zlib.gzipSync(json).length;
  t.ok(gzip < 30_000, `${Math.round(json.length / 1024)} KB, ${Math.round(gzip / 1024)} KB gzipped`);
  t.equal(JSON.stringify(buildBasemap()), json, 'the same every build (its file name is its hash)');
});
