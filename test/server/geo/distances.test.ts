// geo/distances.ts against known points: beach-front towns within a kilometre
// of the coast, inland towns at their known distance, a town on the
// Portuguese border not taken for the coast, Madrid too far to say; each
// place's nearest airport; great-circle distances.
import t from 'tap';
import { coarsePosition, coastKm, distancesOf, kmBetween, nearestAirport } from '../../../src/server/geo/distances.ts';

t.test('the coast: beach-front towns, inland towns, a land border', async (t) => {
  const within = (name: string, lat: number, lng: number, min: number, max: number) => {
    const km = coastKm(lat, lng);
    t.ok(km !== null && km >= min && km <= max, `${name}: ${km?.toFixed(1)} km, between ${min} and ${max}`);
  };
  within('Benidorm, Levante beach', 38.5368, -0.124, 0, 0.8);
  within('Torrevieja, centre', 37.9787, -0.6822, 0, 1);
  within('Marbella, centre', 36.5101, -4.8825, 0, 1);
  within('Palma de Mallorca', 39.5696, 2.6502, 0, 1.5);
  within('Las Palmas de Gran Canaria', 28.1235, -15.4363, 0, 1.5);
  within('Isla Cristina, by the Portuguese border', 37.199, -7.317, 0, 2);
  within('Finestrat, village', 38.5673, -0.2125, 4, 8);
  within('Orihuela, town', 38.0849, -0.944, 20, 30);
  within('Granada', 37.1773, -3.5986, 40, 55);
  t.equal(coastKm(38.8794, -6.9706), null, 'Badajoz: the Portuguese border is no coast, and the sea is far');
  t.equal(coastKm(40.4169, -3.7035), null, 'Madrid: too far inland to state');
});

t.test('the nearest airport with scheduled flights', async (t) => {
  const cases: Array<[string, number, number, string]> = [
    ['Torrevieja', 37.9787, -0.6822, 'ALC'],
    ['Mar de Cristal', 37.6467, -0.757, 'RMU'],
    ['Estepona', 36.4276, -5.1459, 'GIB'],
    ['Fuengirola', 36.5397, -4.6247, 'AGP'],
    ['Nerja: Granada is nearer than Málaga in a straight line', 36.758, -3.8742, 'GRX'],
    ['Mojácar', 37.14, -1.851, 'LEI'],
    ['Adeje, Tenerife', 28.1227, -16.726, 'TFS'],
  ];
  for (const [name, lat, lng, code] of cases) t.equal(nearestAirport(lat, lng).airport.code, code, name);
});

t.test("a development's distances: rounded as stored; none without a position", async (t) => {
  const torrevieja = distancesOf(37.9787, -0.6822);
  t.equal(torrevieja.airport, 'ALC');
  t.ok(torrevieja.airport_km! >= 33 && torrevieja.airport_km! <= 37, `Alicante airport ${torrevieja.airport_km} km`);
  t.equal(torrevieja.beach_km, Math.round(torrevieja.beach_km! * 10) / 10, 'one decimal');
  t.same(distancesOf(null, null), { beach_km: null, airport: null, airport_km: null });
  t.ok(Math.abs(kmBetween(40.4169, -3.7035, 41.3874, 2.1686) - 505) < 5, 'Madrid to Barcelona, about 505 km');
});

t.test('a coarse position: fewer than three decimals in either coordinate', async (t) => {
  t.equal(coarsePosition(37.9787, -0.6822), false);
  t.equal(coarsePosition(37.98, -0.6822), true, 'about a kilometre');
  t.equal(coarsePosition(38, -1), true, "a degree: a region's");
  t.equal(coarsePosition(null, null), false, 'no position is not an approximate one');
});
