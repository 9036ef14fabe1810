// The demo catalogue's drawings (/media/demo/{name}.svg) prepared as feed
// photos are (prepare-photos.ts): drawn as a raster instead of fetched,
// derived into the same variants, keyed by the source's bytes, and then shown
// by the pages as a <picture>; never drawn again for the weekly check; a name
// that draws no picture fails with its reason. Until then, a drawing is shown
// through the picture proxy (/media/images/{id}) as a feed photo is: a quick
// resize of its raster, kept on disk and pruned as one.
import fs from 'node:fs';
import path from 'node:path';
import t from 'tap';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import {
  feedImageDir,
  feedImageKey,
  feedImageName,
  photosDir,
  preparePhotos,
  pruneFeedImages,
} from '../../../src/server/feed-images/index.ts';
import { REFRESH_MS } from '../../../src/server/feed-images/prepare-photos.ts';
import { pictureKey } from '../../../src/server/feed-images/variants.ts';
import { renderDemoSource } from '../../../src/server/demo/raster.ts';
import { demoDrawingName } from '../../../src/shared/demo-pictures.ts';
import { PHOTO_FORMATS, photoFileName, photoSrcset, photoWidths } from '../../../src/shared/photos.ts';
import { testApp } from '../../helpers/app.ts';
import { forEachStore } from '../../helpers/db.ts';
import { showOnly } from './pictures.ts';

const T0 = new Date('2026-03-02T10:00:00.000Z');
const at = (ms: number) => () => new Date(T0.getTime() + ms);
const quiet = { info() {}, warn() {}, error() {} };

/** Withdraws every listed project but `id` until `restore`: a store of one project, whose few pictures a test prepares. */
async function onlyProject(app: FastifyInstance, id: number): Promise<{ urls: string[]; restore(): Promise<void> }> {
  const db = app.store.db;
  const others = await db.selectFrom('projects').select('id').where('id', '!=', id).where('withdrawn_at', 'is', null).execute();
  const ids = others.map((o) => o.id);
  await db.updateTable('projects').set({ withdrawn_at: T0.toISOString() }).where('id', 'in', ids).execute();
  const urls = await db.selectFrom('images').select('url').distinct().where('project_id', '=', id).where('floorplan', '=', 0).execute();
  return {
    urls: urls.map((u) => u.url).sort(),
    restore: async () => void (await db.updateTable('projects').set({ withdrawn_at: null }).where('id', 'in', ids).execute()),
  };
}

t.test("a demo store's drawings are prepared as photos and shown as such", async (t) => {
  const app = await testApp(t);
  const db = app.store.db;
  // The search page's first card: its project's drawings are the ones prepared.
  const id = Number(/\/for-sale\/(\d+)/.exec((await app.inject('/search')).body)![1]);
  const project = await onlyProject(app, id);
  t.ok(
    project.urls.every((url) => demoDrawingName(url) !== null),
    'the demo project shows drawings',
  );
  const dir = photosDir(app.config.DATA_DIR);
  const drawn: string[] = [];
  const draw = (name: string) => (drawn.push(name), renderDemoSource(name));
  const options = (now: () => Date) => ({ dir, fetch: { timeoutMs: 1000 }, draw, log: quiet, now });

  t.same(await preparePhotos(db, options(at(0))), { prepared: project.urls.length, failed: 0, checked: 0 }, 'each drawing prepared');
  const rows = await db.selectFrom('photos').selectAll().orderBy('url').execute();
  t.ok(rows.length > 0 && rows.length < 10, `a few drawings (${rows.length})`);
  t.same(
    rows.map((r) => r.url),
    project.urls,
    "the listed project's pictures, no floor plan",
  );
  const name = demoDrawingName(rows[0]!.url)!;
  t.equal(rows[0]!.key, pictureKey((await renderDemoSource(name))!), 'keyed by the bytes of its source, as a feed photo is');
  for (const row of rows) {
    t.match(row, { status: 'ready', width: 1280, height: 960, colour: /^#[0-9a-f]{6}$/, reason: null, etag: null }, row.url);
    for (const width of photoWidths(1280))
      for (const format of PHOTO_FORMATS) t.ok(fs.existsSync(path.join(dir, photoFileName(row.key!, width, format))), `${width} ${format}`);
  }
  const jpeg = await sharp(path.join(dir, photoFileName(rows[0]!.key!, 640, 'jpeg'))).metadata();
  t.same([jpeg.format, jpeg.width, jpeg.height], ['jpeg', 640, 480], 'a JPEG variant of its width');
  t.same([jpeg.exif, jpeg.icc, jpeg.xmp, jpeg.iptc], [undefined, undefined, undefined, undefined], 'without metadata');

  drawn.length = 0;
  t.same(
    await preparePhotos(db, options(at(REFRESH_MS))),
    { prepared: 0, failed: 0, checked: project.urls.length },
    'the weekly check finds each unchanged',
  );
  t.same(drawn, [], 'without drawing it again');
  t.equal((await db.selectFrom('photos').select('key').where('url', '=', rows[0]!.url).executeTakeFirstOrThrow()).key, rows[0]!.key);

  await project.restore();
  const html = (await app.inject(`/for-sale/${id}`)).body;
  const photo = { key: rows[0]!.key!, width: 1280, height: 960, colour: rows[0]!.colour! };
  t.ok(html.includes(`<source type="image/avif" srcSet="${photoSrcset(photo, 'avif')}"`), 'the property page offers its variants');
  t.ok(html.includes(`srcSet="${photoSrcset(photo, 'jpeg')}"`), 'in JPEG too');
  t.match(html, /<img class="photo" src="\/media\/photos\/[0-9a-f]{24}-640\.jpg"[^>]* width="1280" height="960"/, 'at its own size');
  t.ok(html.includes(`fill="${photo.colour}"`), 'its colour behind it');
  for (const url of project.urls) t.notOk(html.includes(`src="${url}"`), `${url}: not shown as its SVG`);

  const search = (await app.inject('/search')).body;
  const cards = search.match(/<img [^>]*>/g) ?? [];
  t.match(cards[0], /^<img class="photo" src="\/media\/photos\/[0-9a-f]{24}-640\.jpg"/, "the first card: its project's prepared drawing");
  t.match(cards[1], /^<img src="\/media\/images\/\d+"/, "the next: a drawing not prepared, the proxy's quick resize as a feed photo's");
});

forEachStore(
  t,
  'a demo drawing not prepared yet is served as a feed photo is: a quick resize through the proxy',
  async (t, store) => {
    const app = await testApp(t, { store });
    const db = app.store.db;
    const id = Number(/\/for-sale\/(\d+)/.exec((await app.inject('/search')).body)![1]);
    const pictures = await db
      .selectFrom('images')
      .select(['id', 'url'])
      .where('project_id', '=', id)
      .where('floorplan', '=', 0)
      .orderBy('position')
      .execute();
    t.ok(pictures.length > 0 && pictures.every((p) => demoDrawingName(p.url) !== null), 'the demo project shows drawings');

    const answer = (await app.inject(`/api/property?id=${id}`)).json() as { data: { images: Array<{ url: string; photo: unknown }> } };
    t.same(
      answer.data.images.map((i) => [i.url, i.photo]),
      pictures.map((p) => [`/media/images/${p.id}`, null]),
      "the project's answer names each at the proxy's address, not prepared",
    );
    const html = (await app.inject(`/for-sale/${id}`)).body;
    t.ok(html.includes(`src="/media/images/${pictures[0]!.id}"`), 'the property page shows the first through the proxy');
    t.notMatch(html, /src="\/media\/demo\//, 'and no drawing as its SVG');

    const first = await app.inject(`/media/images/${pictures[0]!.id}`);
    t.equal(first.statusCode, 200);
    t.equal(first.headers['content-type'], 'image/jpeg');
    t.match(first.headers['cache-control'], /^public, max-age=86400/, "cached as a feed photo's quick resize");
    const jpeg = await sharp(first.rawPayload).metadata();
    t.same([jpeg.format, jpeg.width, jpeg.height], ['jpeg', 1280, 960], "the drawing's raster, 1280 px wide at most");
    t.same([jpeg.exif, jpeg.icc, jpeg.xmp, jpeg.iptc], [undefined, undefined, undefined, undefined], 'without metadata');
    t.ok(first.rawPayload.length < 80_000, `a few tens of KB (${first.rawPayload.length} bytes)`);
    const kept = path.join(feedImageDir(app.config.DATA_DIR), feedImageName(feedImageKey(pictures[0]!.id, pictures[0]!.url)));
    t.ok(fs.existsSync(kept), 'kept on disk under the name of a feed picture');
    t.same((await app.inject(`/media/images/${pictures[0]!.id}`)).rawPayload, first.rawPayload, 'and served from there');

    t.same(await pruneFeedImages(db, feedImageDir(app.config.DATA_DIR)), { files: 0, bytes: 0 }, 'pruning keeps a listed drawing');
    await db.updateTable('images').set({ url: '/media/demo/p1-nothing-1.svg' }).where('id', '=', pictures[0]!.id).execute();
    t.equal((await app.inject(`/media/images/${pictures[0]!.id}`)).statusCode, 502, 'a name that draws no picture is no picture');
    t.equal((await pruneFeedImages(db, feedImageDir(app.config.DATA_DIR))).files, 1, 'and the kept resize of the old address goes');
  },
  { demo: true },
);

forEachStore(t, 'a demo address that draws no picture fails with its reason', async (t, store, target) => {
  const urls = ['/media/demo/p1-nothing-1.svg', '/media/demo/p1-brochure.svg'];
  await showOnly(store, urls);
  const options = { dir: photosDir(target.dataDir), fetch: { timeoutMs: 1000 }, draw: renderDemoSource, log: quiet, now: at(0) };
  t.same(await preparePhotos(store.db, options), { prepared: 0, failed: 2, checked: 0 });
  const rows = await store.db.selectFrom('photos').selectAll().orderBy('url').execute();
  t.match(rows, [
    { url: urls[1], status: 'failed', reason: 'no demo picture is named p1-brochure', attempts: 1 },
    { url: urls[0], status: 'failed', reason: 'no demo picture is named p1-nothing-1', attempts: 1 },
  ]);
  t.same(fs.existsSync(photosDir(target.dataDir)) ? fs.readdirSync(photosDir(target.dataDir)) : [], [], 'nothing written');
});
