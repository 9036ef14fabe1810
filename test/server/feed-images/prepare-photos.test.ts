// Feed photos prepared ahead, on both stores, from a local picture server:
// each photo fetched once and written in every variant, failures recorded with
// their reason and tried again later (each time later), another instance's
// claim respected until it lapses, and the variants served for a year.
import fs from 'node:fs';
import path from 'node:path';
import t from 'tap';
import sharp from 'sharp';
import { addressPolicy, photosDir, preparePhotos, retryDelayMs } from '../../../src/server/feed-images/index.ts';
import { duePhotos } from '../../../src/server/feed-images/prepare-photos.ts';
import { CLAIM_MS, REFRESH_MS } from '../../../src/server/feed-images/prepare-photos.ts';
import { PHOTO_FORMATS, photoFileName } from '../../../src/shared/photos.ts';
import { createTarget, forEachStore } from '../../helpers/db.ts';
import { sql } from 'kysely';
import { LEVEL, logCollector } from '../../helpers/logs.ts';
import { buildCatalogue } from '../../helpers/catalogue.ts';
import { testApp } from '../../helpers/app.ts';
import { photo } from '../../helpers/photos.ts';
import { jobRuns, STEP_TIMEOUT_MS, waitFor, within } from '../../helpers/wait.ts';
import { pictureServer, showOnly } from './pictures.ts';
import { bumpCatalogueVersion } from '../../../src/server/store/catalogue-version.ts';
import type { Store } from '../../../src/server/store/db.ts';

const T0 = new Date('2026-03-02T10:00:00.000Z');
const LOOPBACK = ['127.0.0.1/32'];
const quiet = { info() {}, warn() {}, error() {} };
const photoRow = (store: Store, url: string) => store.db.selectFrom('photos').selectAll().where('url', '=', url).executeTakeFirst();
const at = (ms: number) => () => new Date(T0.getTime() + ms);

forEachStore(t, 'photos are prepared once, failures retried later and later', async (t, store, target) => {
  const upright = await photo({ width: 1100, height: 800, orientation: 6, exif: true, seed: 3 });
  const other = await photo({ width: 700, height: 500, seed: 9 });
  let brokenFixed = false;
  const server = await pictureServer(t, (req, res) => {
    const send = (bytes: Buffer) => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(bytes);
    if (req.url === '/upright.jpg') send(upright);
    else if (req.url === '/other.jpg') send(other);
    // The start of a JPEG and nothing else, until the feed mends it.
    else if (req.url === '/broken.jpg') send(brokenFixed ? other : Buffer.from([0xff, 0xd8, 0xff, 0, 1, 2]));
    else res.writeHead(404).end();
  });
  const url = (name: string) => `${server.origin}/${name}`;
  await showOnly(
    store,
    [url('upright.jpg'), url('other.jpg'), url('broken.jpg'), url('missing.jpg'), url('upright.jpg')],
    [url('plan.jpg')],
  );
  const dir = photosDir(target.dataDir);
  const options = (now: () => Date) => ({ dir, fetch: { timeoutMs: 10_000, policy: addressPolicy(LOOPBACK) }, log: quiet, now });

  t.same(await preparePhotos(store.db, options(at(0))), { prepared: 2, failed: 2, checked: 0 });
  t.same(
    server.hits,
    { '/upright.jpg': 1, '/other.jpg': 1, '/broken.jpg': 1, '/missing.jpg': 1 },
    'each address fetched once; no floor plan',
  );

  const rows = await store.db.selectFrom('photos').selectAll().orderBy('url').execute();
  const byName = Object.fromEntries(rows.map((r) => [r.url.slice(server.origin.length + 1), r]));
  const ready = byName['upright.jpg']!;
  t.match(ready, {
    status: 'ready',
    width: 1100,
    height: 800,
    colour: /^#[0-9a-f]{6}$/,
    attempts: 0,
    reason: null,
    prepared_at: T0.toISOString(),
  });
  t.not(byName['other.jpg']!.key, ready.key, 'another photo, another name');
  for (const width of [320, 640, 960, 1100])
    for (const format of PHOTO_FORMATS)
      t.ok(fs.existsSync(path.join(dir, photoFileName(ready.key!, width, format))), `${width} ${format} written`);
  t.same(
    fs.readdirSync(dir).filter((name) => name.endsWith('.part')),
    [],
    'no file left half-written',
  );
  t.match(byName['broken.jpg'], {
    status: 'failed',
    attempts: 1,
    reason: /not a picture this site can read/,
    next_attempt_at: at(retryDelayMs(1))().toISOString(),
  });
  t.match(byName['missing.jpg'], { status: 'failed', attempts: 1, reason: /404/ });

  t.same(
    await preparePhotos(store.db, options(at(retryDelayMs(1) - 1))),
    { prepared: 0, failed: 0, checked: 0 },
    'a failure waits its turn',
  );
  brokenFixed = true;
  t.same(await preparePhotos(store.db, options(at(retryDelayMs(1)))), { prepared: 1, failed: 1, checked: 0 });
  const missing = await store.db.selectFrom('photos').selectAll().where('url', '=', url('missing.jpg')).executeTakeFirstOrThrow();
  t.match(missing, { status: 'failed', attempts: 2, next_attempt_at: at(retryDelayMs(1) + retryDelayMs(2))().toISOString() });
  t.ok(retryDelayMs(2) > retryDelayMs(1) && retryDelayMs(30) === 24 * 60 * 60 * 1000, 'each time later, at most a day');
  t.equal(server.hits['/upright.jpg'], 1, 'a ready photo is never fetched again');
});

forEachStore(t, "another instance's claim is respected until it lapses", async (t, store, target) => {
  const jpeg = await photo({ width: 400, height: 300 });
  const server = await pictureServer(t, (_req, res) => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg));
  const url = `${server.origin}/a.jpg`;
  await showOnly(store, [url]);
  await store.db
    .insertInto('photos')
    .values({ url, status: 'working', attempts: 0, next_attempt_at: at(CLAIM_MS)().toISOString() })
    .execute();
  const options = (now: () => Date) => ({
    dir: photosDir(target.dataDir),
    fetch: { timeoutMs: 10_000, policy: addressPolicy(LOOPBACK) },
    log: quiet,
    now,
  });
  t.same(await preparePhotos(store.db, options(at(CLAIM_MS - 1))), { prepared: 0, failed: 0, checked: 0 }, 'claimed elsewhere');
  t.same(server.hits, {});
  t.same(
    await preparePhotos(store.db, options(at(CLAIM_MS))),
    { prepared: 1, failed: 0, checked: 0 },
    'the claim lapsed: its instance died',
  );
});

forEachStore(t, 'two runs at once prepare each photo once', async (t, store, target) => {
  const jpeg = await photo({ width: 400, height: 300 });
  // Slow enough that both runs read the same batch before either has claimed all of it.
  const server = await pictureServer(t, (_req, res) =>
    setTimeout(() => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg), 50),
  );
  const urls = ['a', 'b', 'c'].map((name) => `${server.origin}/${name}.jpg`);
  await showOnly(store, urls);
  const options = { dir: photosDir(target.dataDir), fetch: { timeoutMs: 10_000, policy: addressPolicy(LOOPBACK) }, log: quiet, now: at(0) };
  const [one, two] = await Promise.all([preparePhotos(store.db, options), preparePhotos(store.db, options)]);
  t.equal(one.prepared + two.prepared, 3, 'three photos prepared in all');
  t.same(server.hits, { '/a.jpg': 1, '/b.jpg': 1, '/c.jpg': 1 }, 'each fetched once');
});

forEachStore(t, 'the same photo at a second address is not derived again', async (t, store, target) => {
  const jpeg = await photo({ width: 400, height: 300 });
  const server = await pictureServer(t, (_req, res) => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg));
  const project = await showOnly(store, [`${server.origin}/a.jpg`]);
  const dir = photosDir(target.dataDir);
  const options = { dir, fetch: { timeoutMs: 10_000, policy: addressPolicy(LOOPBACK) }, log: quiet, now: at(0) };
  t.same(await preparePhotos(store.db, options), { prepared: 1, failed: 0, checked: 0 });
  fs.rmSync(dir, { recursive: true });
  await store.db
    .insertInto('images')
    .values({ project_id: project, unit_id: null, url: `${server.origin}/b.jpg`, position: 5, caption: null, floorplan: 0 })
    .execute();
  t.same(await preparePhotos(store.db, options), { prepared: 1, failed: 0, checked: 0 });
  const rows = await store.db.selectFrom('photos').select(['url', 'key', 'width', 'height', 'colour']).orderBy('url').execute();
  t.equal(rows[1]!.key, rows[0]!.key, 'one name for the same bytes');
  t.same({ ...rows[1], url: '' }, { ...rows[0], url: '' }, 'its size and colour taken from the first');
  t.notOk(fs.existsSync(dir), 'no variant written again');
});

forEachStore(t, 'a claim counts as an attempt: a photo that kills its process waits as a failed one does', async (t, store, target) => {
  let during: unknown;
  const server = await pictureServer(t, (_req, res) => {
    void store.db
      .selectFrom('photos')
      .select(['status', 'attempts', 'next_attempt_at'])
      .executeTakeFirst()
      .then((row) => {
        during = row;
        res.writeHead(404).end();
      });
  });
  const url = `${server.origin}/a.jpg`;
  await showOnly(store, [url]);
  // Claimed twice by instances that died while preparing it.
  await store.db
    .insertInto('photos')
    .values({ url, status: 'working', attempts: 2, next_attempt_at: at(0)().toISOString() })
    .execute();
  const options = { dir: photosDir(target.dataDir), fetch: { timeoutMs: 10_000, policy: addressPolicy(LOOPBACK) }, log: quiet, now: at(0) };
  t.same(await preparePhotos(store.db, options), { prepared: 0, failed: 1, checked: 0 });
  t.same(
    during,
    { status: 'working', attempts: 3, next_attempt_at: at(retryDelayMs(3))().toISOString() },
    'held as long as a third failure waits',
  );
  t.match(await store.db.selectFrom('photos').selectAll().executeTakeFirst(), { status: 'failed', attempts: 3, reason: /404/ });
});

forEachStore(
  t,
  "each project's first pictures come first; a malformed address is a failure, not a stuck claim",
  async (t, store, target) => {
    await buildCatalogue(store.db, { projects: 3, seed: 6, withdrawnShare: 0 });
    const [a, b] = await store.db.selectFrom('projects').select('id').where('withdrawn_at', 'is', null).orderBy('id').limit(2).execute();
    await store.db.deleteFrom('images').execute();
    const image = (project: number, url: string, position: number) => ({
      project_id: project,
      unit_id: null,
      url,
      position,
      caption: null,
      floorplan: 0,
    });
    await store.db
      .insertInto('images')
      .values([
        image(a!.id, 'https://pictures.example/z-first-of-a.jpg', 0),
        image(a!.id, 'https://pictures.example/a-second-of-a.jpg', 1),
        image(b!.id, 'https://pictures.example/y-first-of-b.jpg', 0),
        image(b!.id, 'https://pictures.example/b-second-of-b.jpg', 1),
        image(b!.id, '/media/site-own.jpg', 2),
      ])
      .execute();
    const now = at(0)().toISOString();
    const first = await duePhotos(store.db, now, null, 2);
    t.same(
      first.due.map((p) => p.url),
      ['https://pictures.example/y-first-of-b.jpg', 'https://pictures.example/z-first-of-a.jpg'],
    );
    const second = await duePhotos(store.db, now, first.after, 2);
    t.same(
      second.due.map((p) => p.url),
      ['https://pictures.example/a-second-of-a.jpg', 'https://pictures.example/b-second-of-b.jpg'],
      'a pass reads on from where its last batch ended',
    );
    t.same((await duePhotos(store.db, now, second.after, 2)).due, [], "and then none: the site's own files are not feed photos");
    t.equal((await duePhotos(store.db, now, null)).due.length, 4);

    await store.db.deleteFrom('images').execute();
    await store.db
      .insertInto('images')
      .values(image(a!.id, 'https://exa mple.com/a.jpg', 0))
      .execute();
    const options = { dir: photosDir(target.dataDir), fetch: { timeoutMs: 10_000 }, log: quiet, now: at(0) };
    t.same(await preparePhotos(store.db, options), { prepared: 0, failed: 1, checked: 0 });
    t.match(await store.db.selectFrom('photos').selectAll().executeTakeFirst(), { status: 'failed', reason: /not a valid address/ });
  },
);

forEachStore(t, 'the server prepares photos in the background and serves them for a year', async (t, store) => {
  const jpeg = await photo({ width: 500, height: 400, exif: true });
  const server = await pictureServer(t, (_req, res) => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg));
  const url = `${server.origin}/a.jpg`;
  await showOnly(store, [url]);
  let runs: () => void = () => {};
  const ran = new Promise<void>((resolve) => (runs = resolve));
  const app = await testApp(t, {
    store,
    photoPreparation: { everyMs: 60_000, onRun: () => runs() },
    feedImages: { allowRanges: LOOPBACK },
  });
  await app.ready();
  await within(ran, 'a run of the photo job');
  const row = await store.db.selectFrom('photos').selectAll().where('url', '=', url).executeTakeFirstOrThrow();
  t.equal(row.status, 'ready');
  t.match(
    await app.metrics.registry.getSingleMetricAsString('feed_photos_total'),
    /^feed_photos_total\{result="prepared"\} 1$/m,
    'counted',
  );

  const answer = await app.inject(`/media/photos/${photoFileName(row.key!, 320, 'jpeg')}`);
  t.equal(answer.statusCode, 200);
  t.equal(answer.headers['cache-control'], 'public, max-age=31536000, immutable');
  t.equal(answer.headers['content-type'], 'image/jpeg');
  const meta = await sharp(answer.rawPayload).metadata();
  t.same([meta.width, meta.height, meta.exif], [320, 256, undefined], 'the variant, without EXIF');
  t.equal((await app.inject(`/media/photos/${photoFileName(row.key!, 320, 'avif')}`)).headers['content-type'], 'image/avif');
  for (const bad of [`${row.key}-320.png`, `${row.key}-321.jpg`, '..%2F..%2Fsite.db', `${row.key}-320.jpg.1.part`])
    t.equal((await app.inject(`/media/photos/${bad}`)).statusCode, 404, `${bad}: not found`);
});

t.test("on SQLite the job does not wait for an import's write lock: it tries again at the next tick", async (t) => {
  const target = await createTarget(t, 'sqlite');
  const store = await target.open();
  const importer = await target.open();
  t.teardown(async () => {
    await importer.close();
    await store.close();
  });
  const jpeg = await photo({ width: 400, height: 300 });
  const server = await pictureServer(t, (_req, res) => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg));
  const url = `${server.origin}/a.jpg`;
  await showOnly(store, [url]);
  // An import's transaction holds the write lock on its own connection.
  await sql`begin immediate`.execute(importer.db);
  const logs = logCollector();
  const runs = jobRuns();
  const app = await testApp(t, {
    store,
    env: { LOG_LEVEL: 'info', SEED_DEMO: 'false' },
    logger: true,
    logStream: logs.stream,
    photoPreparation: { everyMs: 50, onRun: runs.onRun },
    feedImages: { allowRanges: LOOPBACK },
  });
  await app.ready();
  await runs.after(1);
  t.ok(
    logs.lines.some((l) => l.level === LEVEL.info && l.msg === 'feed photos wait: the store is busy with an import'),
    'the run gave way at once, said at info',
  );
  t.notOk(
    logs.lines.some((l) => l.msg === 'preparing feed photos failed' || l.msg === 'feed photo not prepared'),
    'no failure of the job, none of the photo',
  );

  await sql`rollback`.execute(importer.db);
  await waitFor('the photo prepared once the import ended', async () => (await photoRow(store, url))?.status === 'ready', STEP_TIMEOUT_MS);
});

forEachStore(t, 'a prepared photo is checked again weekly: unchanged it stays, changed it gets a new key', async (t, store, target) => {
  const first = await photo({ width: 700, height: 500, seed: 4 });
  const retouched = await photo({ width: 700, height: 500, seed: 5 });
  let current = { bytes: first, etag: '"v1"' };
  let down = false;
  const asked: Array<string | undefined> = [];
  const server = await pictureServer(t, (req, res) => {
    asked.push(req.headers['if-none-match']);
    if (down) return res.writeHead(500).end();
    if (req.headers['if-none-match'] === current.etag) return res.writeHead(304).end();
    res.writeHead(200, { 'content-type': 'image/jpeg', etag: current.etag }).end(current.bytes);
  });
  const url = `${server.origin}/view.jpg`;
  await showOnly(store, [url]);
  const dir = photosDir(target.dataDir);
  const options = (now: () => Date) => ({ dir, fetch: { timeoutMs: 10_000, policy: addressPolicy(LOOPBACK) }, log: quiet, now });

  t.same(await preparePhotos(store.db, options(at(0))), { prepared: 1, failed: 0, checked: 0 });
  const prepared = (await photoRow(store, url))!;
  t.match(prepared, { status: 'ready', etag: '"v1"', next_attempt_at: at(REFRESH_MS)().toISOString() }, 'checked again in a week');
  t.same(await preparePhotos(store.db, options(at(REFRESH_MS - 1))), { prepared: 0, failed: 0, checked: 0 }, 'not before');

  t.same(await preparePhotos(store.db, options(at(REFRESH_MS))), { prepared: 0, failed: 0, checked: 1 });
  t.equal(asked.at(-1), '"v1"', 'a conditional GET');
  t.match(
    await photoRow(store, url),
    { status: 'ready', key: prepared.key, next_attempt_at: at(2 * REFRESH_MS)().toISOString() },
    'unchanged',
  );

  current = { bytes: retouched, etag: '"v2"' };
  t.same(await preparePhotos(store.db, options(at(2 * REFRESH_MS))), { prepared: 1, failed: 0, checked: 0 });
  const changed = (await photoRow(store, url))!;
  t.not(changed.key, prepared.key, 'changed bytes, a new key: the pages name new variants');
  t.match(changed, { status: 'ready', etag: '"v2"' });
  t.ok(fs.existsSync(path.join(dir, photoFileName(changed.key!, 640, 'avif'))), 'its variants are written');

  down = true;
  t.same(await preparePhotos(store.db, options(at(3 * REFRESH_MS))), { prepared: 0, failed: 1, checked: 0 });
  t.match(
    await photoRow(store, url),
    { status: 'ready', key: changed.key, reason: null, next_attempt_at: at(3 * REFRESH_MS + retryDelayMs(1))().toISOString() },
    'a failed check keeps the photo as it was, and is tried again later',
  );

  // A new photo comes before a check that is due.
  down = false;
  await store.db
    .insertInto('images')
    .values({
      url: `${server.origin}/new.jpg`,
      position: 9,
      floorplan: 0,
      project_id: (await store.db.selectFrom('images').select('project_id').executeTakeFirstOrThrow()).project_id,
      unit_id: null,
      caption: null,
    })
    .execute();
  const { due } = await duePhotos(store.db, at(4 * REFRESH_MS)().toISOString(), null);
  t.same(
    due.map((d) => [d.url, d.check !== null]),
    [
      [`${server.origin}/new.jpg`, false],
      [url, true],
    ],
  );
});

forEachStore(t, 'once a pass found nothing to do, the job passes again for a new catalogue version or a photo due', async (t, store) => {
  const jpeg = await photo({ width: 400, height: 300 });
  const server = await pictureServer(t, (_req, res) => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg));
  const projectId = await showOnly(store, [`${server.origin}/a.jpg`]);
  const runs = jobRuns();
  const app = await testApp(t, { store, photoPreparation: { everyMs: 50, onRun: runs.onRun }, feedImages: { allowRanges: LOOPBACK } });
  await app.ready();
  await runs.after(2);
  t.match(await photoRow(store, `${server.origin}/a.jpg`), { status: 'ready' });

  // An address written without an import's new version (no import does so): not looked for.
  const added = `${server.origin}/b.jpg`;
  await store.db
    .insertInto('images')
    .values({ url: added, position: 1, floorplan: 0, project_id: projectId, unit_id: null, caption: null })
    .execute();
  await runs.after(3);
  t.equal(await photoRow(store, added), undefined, 'idle ticks do not read the catalogue');

  await bumpCatalogueVersion(store.db);
  await runs.after(2);
  t.match(await photoRow(store, added), { status: 'ready' }, 'a new catalogue version: a pass finds it');

  // A photo due (a retry, a weekly check) is worked on without a new version.
  await store.db.updateTable('photos').set({ next_attempt_at: T0.toISOString() }).where('url', '=', added).execute();
  await runs.after(2);
  t.ok((await photoRow(store, added))!.next_attempt_at! > new Date().toISOString(), 'checked, and due again in a week');
});
