// The photo job's start (jobs/photo-preparation.ts): the demo pictures' folder
// of an earlier version, which nothing reads now, is deleted; a server without
// the job leaves DATA_DIR as it is.
import fs from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { RETIRED_DEMO_IMAGES } from '../../../src/server/jobs/photo-preparation.ts';
import { tempDir, testApp } from '../../helpers/app.ts';

function withRetiredFolder(t: Parameters<typeof tempDir>[0]): { dataDir: string; retired: string } {
  const dataDir = tempDir(t);
  const retired = path.join(dataDir, RETIRED_DEMO_IMAGES);
  fs.mkdirSync(retired);
  fs.writeFileSync(path.join(retired, 'p1-villa-1.jpg'), 'an earlier version’s JPEG twin');
  return { dataDir, retired };
}

t.test("an earlier version's demo-images folder is deleted at start", async (t) => {
  const { dataDir, retired } = withRetiredFolder(t);
  const app = await testApp(t, { env: { DATA_DIR: dataDir, SEED_DEMO: 'false' }, photoPreparation: { everyMs: 60_000 } });
  await app.ready();
  t.notOk(fs.existsSync(retired), 'gone');
  t.ok(fs.existsSync(dataDir), 'DATA_DIR kept');
});

t.test('without the photo job, nothing in DATA_DIR is touched', async (t) => {
  const { dataDir, retired } = withRetiredFolder(t);
  const app = await testApp(t, {
    env: { DATA_DIR: dataDir, SEED_DEMO: 'false', PREPARE_PHOTOS: 'false' },
    photoPreparation: { everyMs: 60_000 },
  });
  await app.ready();
  t.ok(fs.existsSync(retired));
});
