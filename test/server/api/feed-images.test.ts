// A feed's pictures on other servers reach browsers through /media/images/{id}:
// the answers name only first-party addresses, the picture is fetched once and
// kept on disk as a quick resize (upright, 1280 px wide at most, a JPEG
// without metadata), never as the original, and what is not a picture is
// refused.
import t from 'tap';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { testApp } from '../../helpers/app.ts';
import { buildCatalogue } from '../../helpers/catalogue.ts';
import { photo } from '../../helpers/photos.ts';
import { feedImageDir, feedImageKey } from '../../../src/server/feed-images/index.ts';
import { JPEG } from '../feed-images/pictures.ts';

const PNG = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#336699' } })
  .png()
  .toBuffer();

t.test('pictures of a feed on another server are served first-party', async (t) => {
  const hits: Record<string, number> = {};
  const upstream = http.createServer((req, res) => {
    hits[req.url!] = (hits[req.url!] ?? 0) + 1;
    if (req.url === '/photo.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    if (req.url === '/page') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<script>alert(1)</script>');
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  t.teardown(() => upstream.close());
  const origin = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;

  const app = await testApp(t, { env: { SEED_DEMO: 'false' }, feedImages: { allowRanges: ['127.0.0.1/32'] } });
  const fixture = await buildCatalogue(app.store.db, { projects: 12, seed: 3 });
  const project = fixture.projects.find((p) => !p.withdrawn && p.images.filter((i) => !i.floorplan).length >= 3)!;
  const images = await app.store.db
    .selectFrom('images')
    .select(['id'])
    .where('project_id', '=', project.id)
    .where('floorplan', '=', 0)
    .orderBy('position')
    .execute();
  t.ok(images.length >= 2, 'the project has pictures');
  const [photo, page] = [images[0]!, images[1]!];
  await app.store.db
    .updateTable('images')
    .set({ url: `${origin}/photo.png` })
    .where('id', '=', photo.id)
    .execute();
  await app.store.db
    .updateTable('images')
    .set({ url: `${origin}/page` })
    .where('id', '=', page.id)
    .execute();

  const detail = await app.inject(`/api/property?id=${project.id}`);
  t.equal(detail.statusCode, 200);
  t.notOk(detail.body.includes(origin), 'the answer names no other server');
  t.ok(
    detail.json().data.images.some((i: { url: string }) => i.url === `/media/images/${photo.id}`),
    'the picture is named by its first-party address',
  );
  const search = await app.inject('/api/properties?account_id=1&per_page=48');
  t.notOk(search.body.includes(origin), 'nor do the result cards');

  const first = await app.inject(`/media/images/${photo.id}`);
  t.equal(first.statusCode, 200);
  t.equal(first.headers['content-type'], 'image/jpeg');
  t.match(first.headers['cache-control'], /^public/);
  t.equal(first.headers['x-content-type-options'], 'nosniff');
  const served = await sharp(first.rawPayload).metadata();
  t.same([served.format, served.width, served.height], ['jpeg', 2, 2], 'the picture, as a JPEG');
  const again = await app.inject(`/media/images/${photo.id}`);
  t.same(again.rawPayload, first.rawPayload);
  t.equal(hits['/photo.png'], 1, 'fetched once, then served from the disk');

  const notPicture = await app.inject(`/media/images/${page.id}`);
  t.equal(notPicture.statusCode, 502, 'an HTML answer is no picture');
  t.match(notPicture.json().message, /not a picture/);
  t.equal(notPicture.headers['cache-control'], 'no-store');

  await app.store.db
    .updateTable('images')
    .set({ url: `${origin}/gone.jpg` })
    .where('id', '=', page.id)
    .execute();
  t.equal((await app.inject(`/media/images/${page.id}`)).statusCode, 502, 'a failing server is a 502');

  t.equal((await app.inject('/media/images/99999999')).statusCode, 404, 'an unknown id');
  t.equal((await app.inject('/media/images/abc')).statusCode, 400, 'not a number');
  const local = images[2] ?? null;
  if (local)
    t.equal((await app.inject(`/media/images/${local.id}`)).statusCode, 404, 'a first-party picture is served where it is, not here');

  await app.store.db.updateTable('projects').set({ withdrawn_at: new Date().toISOString() }).where('id', '=', project.id).execute();
  t.equal((await app.inject(`/media/images/${photo.id}`)).statusCode, 404, 'a project that left the feed shows no pictures');
});

/** Public pictures of listed projects, their addresses set to `urls`: their ids. */
async function picturesAt(app: Awaited<ReturnType<typeof testApp>>, urls: string[]): Promise<number[]> {
  await buildCatalogue(app.store.db, { projects: 6, seed: 5 });
  const images = await app.store.db
    .selectFrom('images as i')
    .innerJoin('projects as p', 'p.id', 'i.project_id')
    .select('i.id')
    .where('i.floorplan', '=', 0)
    .where('p.withdrawn_at', 'is', null)
    .orderBy('i.id')
    .limit(urls.length)
    .execute();
  for (const [i, url] of urls.entries()) await app.store.db.updateTable('images').set({ url }).where('id', '=', images[i]!.id).execute();
  return images.map((i) => i.id);
}

t.test('what is kept and served is a quick resize, never the original', async (t) => {
  // A camera photo held sideways (stored 1500 × 2000, EXIF orientation 6, GPS), red left and blue right when upright.
  const camera = await photo({ width: 2000, height: 1500, orientation: 6, exif: true, halves: true });
  const small = await sharp({ create: { width: 200, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .png()
    .toBuffer();
  const bodies: Record<string, [string, Buffer]> = {
    '/camera.jpg': ['image/jpeg', camera],
    '/small.png': ['image/png', small],
    '/broken.jpg': ['image/jpeg', JPEG],
    '/kept.jpg': ['image/jpeg', camera],
  };
  const hits: Record<string, number> = {};
  const upstream = http.createServer((req, res) => {
    hits[req.url!] = (hits[req.url!] ?? 0) + 1;
    const [type, body] = bodies[req.url!]!;
    res.writeHead(200, { 'content-type': type }).end(body);
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  t.teardown(() => upstream.close());
  const origin = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  const app = await testApp(t, { env: { SEED_DEMO: 'false' }, feedImages: { allowRanges: ['127.0.0.1/32'] } });
  const urls = Object.keys(bodies).map((p) => `${origin}${p}`);
  const [cameraId, smallId, brokenId, keptId] = await picturesAt(app, urls);

  const res = await app.inject(`/media/images/${cameraId}`);
  t.equal(res.statusCode, 200);
  t.equal(res.headers['content-type'], 'image/jpeg');
  t.ok(res.rawPayload.length < camera.length / 2, `far smaller than the original (${res.rawPayload.length} of ${camera.length} bytes)`);
  const meta = await sharp(res.rawPayload).metadata();
  t.same([meta.format, meta.width, meta.height], ['jpeg', 1280, 960], 'upright, 1280 px wide, as a JPEG');
  t.equal(meta.isProgressive, true, 'progressive');
  t.equal(meta.exif, undefined, 'no EXIF: no GPS position, camera or owner');
  t.equal(meta.xmp, undefined, 'no XMP');
  t.equal(meta.iptc, undefined, 'no IPTC');
  t.equal(meta.icc, undefined, 'no ICC profile');
  t.notOk(meta.orientation && meta.orientation !== 1, 'no orientation left to apply');
  const { data, info } = await sharp(res.rawPayload).raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
  const [left, right] = [at(160, 480), at(1120, 480)];
  t.ok(left[0]! > 150 && left[2]! < 100, `red on the left (${left})`);
  t.ok(right[2]! > 150 && right[0]! < 100, `blue on the right (${right})`);

  const smallRes = await app.inject(`/media/images/${smallId}`);
  const smallMeta = await sharp(smallRes.rawPayload).metadata();
  t.same([smallMeta.format, smallMeta.width, smallMeta.height], ['jpeg', 200, 100], 'a small picture is not enlarged');
  const corner = await sharp(smallRes.rawPayload).raw().toBuffer();
  t.ok(corner[0]! > 240 && corner[1]! > 240 && corner[2]! > 240, `its transparency flattened on white (${[...corner.subarray(0, 3)]})`);

  const broken = await app.inject(`/media/images/${brokenId}`);
  t.equal(broken.statusCode, 502, 'a body that starts like a JPEG but is none');
  t.match(broken.json().message, /not a picture this site can read/);
  t.equal(broken.headers['cache-control'], 'no-store');

  // What the proxy kept before it resized: the original, under the name it had then.
  const original = path.join(feedImageDir(app.config.DATA_DIR), `${feedImageKey(keptId!, urls[3]!)}.jpg`);
  fs.mkdirSync(path.dirname(original), { recursive: true });
  fs.writeFileSync(original, camera);
  const kept = await app.inject(`/media/images/${keptId}`);
  t.equal(kept.statusCode, 200);
  t.same(kept.rawPayload, res.rawPayload, 'the resize is served, not the original kept before');
  t.equal(hits['/kept.jpg'], 1, 'the picture is fetched and resized instead');
});

t.test('a picture server that does not answer is a 504 within IMAGE_FETCH_TIMEOUT_MS, remembered for a while', async (t) => {
  let connections = 0;
  const silent = http.createServer(() => {});
  silent.on('connection', () => void (connections += 1));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  t.teardown(() => {
    silent.closeAllConnections();
    silent.close();
  });
  const origin = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
  const app = await testApp(t, {
    env: { SEED_DEMO: 'false', IMAGE_FETCH_TIMEOUT_MS: '200' },
    feedImages: { allowRanges: ['127.0.0.1/32'] },
  });
  const [id] = await picturesAt(app, [`${origin}/photo.jpg`]);

  const [first, second] = await Promise.all([app.inject(`/media/images/${id}`), app.inject(`/media/images/${id}`)]);
  t.equal(first.statusCode, 504);
  t.same(
    first.json(),
    { statusCode: 504, error: 'Gateway Timeout', message: 'the picture could not be fetched: the picture server is too slow' },
    "the app's error body",
  );
  t.equal(first.headers['cache-control'], 'no-store');
  t.equal(second.statusCode, 504);
  t.equal(connections, 1, 'two requests at once, one fetch');
  for (let i = 0; i < 12; i++) t.equal((await app.inject(`/media/images/${id}`)).statusCode, 504);
  t.equal(connections, 1, 'a failed picture is not fetched again on every view');
});

t.test('without the opt-in, pictures on the loopback or private addresses are refused', async (t) => {
  const upstream = http.createServer((_req, res) => void res.writeHead(200, { 'content-type': 'image/png' }).end(PNG));
  let connections = 0;
  upstream.on('connection', () => void (connections += 1));
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  t.teardown(() => upstream.close());
  const port = (upstream.address() as AddressInfo).port;
  const app = await testApp(t, {
    env: { SEED_DEMO: 'false' },
    feedImages: { resolve: async (host) => (host === 'pictures.test' ? [{ address: '127.0.0.1', family: 4 }] : []) },
  });
  const ids = await picturesAt(app, [
    `http://127.0.0.1:${port}/photo.png`,
    `http://pictures.test:${port}/photo.png`,
    `http://[::ffff:7f00:1]:${port}/photo.png`,
    'http://169.254.169.254/latest/meta-data/',
  ]);
  for (const id of ids) {
    const res = await app.inject(`/media/images/${id}`);
    t.equal(res.statusCode, 502, 'like a picture that cannot be fetched');
    t.match(res.json().message, /not a public address/);
  }
  t.equal(connections, 0, 'nothing connected');
});
