// The shipped coast (geo/coast.json) is what `npm run generate-coast` makes
// from the packaged maps: regenerate it after updating es-atlas or world-atlas.
import t from 'tap';
import fs from 'node:fs';
import { COAST_FILE, type CoastFile } from '../../../src/server/geo/distances.ts';
import { coastFromMaps } from '../../../src/server/geo/coast-from-maps.ts';

t.test('coast.json is the packaged maps’ coast', async (t) => {
  const shipped = JSON.parse(fs.readFileSync(COAST_FILE, 'utf8')) as CoastFile;
  const made = coastFromMaps();
  t.ok(shipped.segments.length > 1000, `${shipped.segments.length} segments`);
  t.same(shipped, made, 'run `npm run generate-coast` if this fails');
});
