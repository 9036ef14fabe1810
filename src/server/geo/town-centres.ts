// The distance from a development to its town's centre (issue 23): the
// centre is the town's point in GeoNames (town-centres.json, made by
// `npm run generate-town-centres`; CC BY 4.0), found by the town's name as
// the feed writes it and, among places of that name, the nearest to the
// development. An urbanisation or a place under 1,000 people is not there: no
// distance then.
import fs from 'node:fs';
import { placeKey } from '../../shared/place-key.ts';
import { serverFile } from '../paths.ts';
import { kmBetween } from './distances.ts';

export const TOWN_CENTRES_FILE = serverFile('geo/town-centres.json');

export interface TownCentres {
  source: string;
  /** [names in placeKey form joined by '|', lat, lng] */
  places: Array<[string, number, number]>;
}

/** A town's centre farther than this from the development is another place of the same name. */
const MAX_KM = 25;

let byName: Map<string, Array<[number, number]>> | null = null;

/** Every place's points by each of its names: about 7,000 places, read once per process. */
function centres(): Map<string, Array<[number, number]>> {
  if (byName) return byName;
  const data = JSON.parse(fs.readFileSync(TOWN_CENTRES_FILE, 'utf8')) as TownCentres;
  byName = new Map();
  for (const [names, lat, lng] of data.places)
    for (const name of names.split('|')) {
      const list = byName.get(name);
      if (list) list.push([lat, lng]);
      else byName.set(name, [[lat, lng]]);
    }
  return byName;
}

/** Straight-line km from (lat, lng) to the centre of `town`, one decimal; null when the town is not known near there. */
export function townCentreKm(town: string, lat: number | null, lng: number | null): number | null {
  if (lat === null || lng === null) return null;
  let best = Infinity;
  for (const [clat, clng] of centres().get(placeKey(town)) ?? []) best = Math.min(best, kmBetween(lat, lng, clat, clng));
  return best <= MAX_KM ? Math.round(best * 10) / 10 : null;
}
