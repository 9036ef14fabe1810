// geo/town-centres.ts against known towns: the distance from a point to its
// town's centre (GeoNames' point), found by the name as feeds write it
// (accents and case aside), the nearest place of that name; none for a place
// GeoNames' cities1000 does not list (an urbanisation) or one too far away.
import t from 'tap';
import fs from 'node:fs';
import { TOWN_CENTRES_FILE, townCentreKm, type TownCentres } from '../../../src/server/geo/town-centres.ts';

t.test('the shipped file: every Spanish place of 1,000 people or more, with its source', async (t) => {
  const data = JSON.parse(fs.readFileSync(TOWN_CENTRES_FILE, 'utf8')) as TownCentres;
  t.ok(data.places.length > 6000, `${data.places.length} places`);
  t.match(data.source, /GeoNames.*CC BY 4\.0/);
});

t.test("a development's distance to its town's centre", async (t) => {
  t.equal(townCentreKm('Torrevieja', 37.9787, -0.6822), 0, 'at the centre');
  const east = townCentreKm('TORREVIEJA', 37.9787, -0.6592);
  t.ok(east !== null && east > 1.8 && east < 2.2, `two kilometres east: ${east} km, whatever the case`);
  t.equal(townCentreKm('Denia', 38.8408, 0.1057), townCentreKm('Dénia', 38.8408, 0.1057), 'with or without accents');
  t.ok((townCentreKm('Jávea', 38.7896, 0.1664) ?? 99) < 2, 'Jávea');
  t.equal(townCentreKm('Orihuela Costa', 37.9336, -0.7389), null, 'an urbanisation: not listed, no distance');
  t.equal(townCentreKm('Torrevieja', 40.4169, -3.7035), null, 'a place of that name too far away is another place');
  t.equal(townCentreKm('Torrevieja', null, null), null, 'no position, no distance');
});
