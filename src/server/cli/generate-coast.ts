// `npm run generate-coast`: writes src/server/geo/coast.json, Spain's coast
// as the import measures a development's distance to the sea from
// (geo/distances.ts): IGN's outline less its land borders, from the packaged
// maps. Run after updating es-atlas or world-atlas.
//
// Exit codes: 0 written (one line on stderr); 1 the file could not be written.
import fs from 'node:fs';
import { COAST_FILE } from '../geo/distances.ts';
import { coastFromMaps } from '../geo/coast-from-maps.ts';

function main(): number {
  const coast = coastFromMaps();
  try {
    fs.writeFileSync(COAST_FILE, `${JSON.stringify(coast)}\n`);
  } catch (error) {
    console.error(`generate-coast: ${(error as Error).message}`);
    return 1;
  }
  console.error(`wrote ${coast.segments.length} coast segments to ${COAST_FILE}`);
  return 0;
}

process.exitCode = main();
