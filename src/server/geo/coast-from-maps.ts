// Spain's coast from the packaged maps, for `npm run generate-coast` (which
// writes it to coast.json) and its test, never at run time: the maps take
// tens of megabytes as objects, more than the feed pull's worker may hold
// (96 MB). The coast is Spain's outline from IGN (es-atlas, the basemap's
// source) less its land borders: the parts of it near the shore of Natural
// Earth's 1:10m countries and away from their borders.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { mesh } from 'topojson-client';
import type { Topology, GeometryCollection } from 'topojson-specification';
import { SegmentGrid, type CoastFile, type Segment } from './distances.ts';

const require = createRequire(import.meta.url);

/** Part of Spain's outline is coast when this close to Natural Earth's shore… */
const SHORE_KM = 4;
/** …and not this close to an international border (a river mouth). */
const BORDER_KM = 1;

/** A packaged JSON file, read rather than required: require() would keep its objects for the life of the process. */
const readPackaged = <T>(name: string): T => JSON.parse(fs.readFileSync(require.resolve(name), 'utf8')) as T;

function segmentsOf(lines: number[][][]): Segment[] {
  const out: Segment[] = [];
  for (const line of lines)
    for (let i = 1; i < line.length; i++) out.push([line[i - 1]![0]!, line[i - 1]![1]!, line[i]![0]!, line[i]![1]!]);
  return out;
}

export function coastFromMaps(): CoastFile {
  const spain = readPackaged<Topology<{ municipalities: GeometryCollection }>>('es-atlas/es/municipalities.json');
  const world = readPackaged<Topology<{ countries: GeometryCollection }>>('world-atlas/countries-10m.json');
  const outline = segmentsOf(mesh(spain, spain.objects.municipalities, (a, b) => a === b).coordinates);
  // Natural Earth's shore: the countries' outer edges; its borders: the edges two countries share.
  const shore = new SegmentGrid(segmentsOf(mesh(world, world.objects.countries, (a, b) => a === b).coordinates));
  const borders = new SegmentGrid(segmentsOf(mesh(world, world.objects.countries, (a, b) => a !== b).coordinates));
  const seaward = outline.filter((s) => {
    const [lat, lng] = [(s[1] + s[3]) / 2, (s[0] + s[2]) / 2];
    return shore.nearestKm(lat, lng, SHORE_KM) !== null && borders.nearestKm(lat, lng, BORDER_KM) === null;
  });
  const round = (v: number) => Math.round(v * 1e5) / 1e5;
  return {
    source: "IGN's municipalities (es-atlas, CC BY 4.0) less land borders by Natural Earth 1:10m (world-atlas, public domain)",
    segments: seaward.map((seg) => seg.map(round) as Segment),
  };
}
