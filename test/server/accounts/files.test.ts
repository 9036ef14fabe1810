// Registered-only files: /api/project/files gives a logged-in client the
// download address GET /api/files/{id}, which serves the file to them and
// refuses anyone else; the demo documents are not public media either. A
// floor plan on another server is served as a JPEG kept for clients.
import t from 'tap';
import fs from 'node:fs';
import sharp from 'sharp';
import { FLOOR_PLAN_RESIZE, floorPlanDir, photosDir } from '../../../src/server/feed-images/index.ts';
import { photo } from '../../helpers/photos.ts';
import { pictureServer } from '../feed-images/pictures.ts';
import { forEachStore } from '../../helpers/db.ts';
import { accountsApp, bearer, post, registered, withCookie } from './helpers.ts';

forEachStore(
  t,
  'a registered-only file: locked and refused anonymously, a download once logged in',
  async (t, store) => {
    const { app, fixture } = await accountsApp(t, store);
    const project = fixture.projects.find((p) => !p.withdrawn && p.files.some((f) => f.registered_only))!;
    const file = project.files.find((f) => f.registered_only)!;
    // A demo document, drawn by the server, and a feed's file elsewhere.
    await store.db.updateTable('project_files').set({ url: '/media/demo/p7-price-list.svg' }).where('id', '=', file.id).execute();
    const remote = fixture.projects.flatMap((p) => (p.withdrawn ? [] : p.files)).find((f) => f.registered_only && f.id !== file.id)!;
    await store.db
      .updateTable('project_files')
      .set({ url: 'https://developer.example/brochure.pdf' })
      .where('id', '=', remote.id)
      .execute();

    const anonymous = await app.inject(`/api/project/files?id=${project.id}`);
    t.match(anonymous.headers['cache-control'], /^public, /, 'the anonymous list, addresses locked, may be kept by a CDN');
    t.match(String(anonymous.headers.vary), /Cookie, Authorization/, 'apart from the answers to a session');
    const anonymousList = anonymous.json();
    t.match(
      anonymousList.data.find((f: { id: number }) => f.id === file.id),
      { url: null, locked: true },
      'listed, locked, without an address',
    );
    t.equal(anonymousList.message, 'register to access all information');
    const refused = await app.inject(`/api/files/${file.id}`);
    t.equal(refused.statusCode, 401, 'the download address refuses a visitor');
    t.equal(refused.json().message, 'register to access all information');
    t.equal((await app.inject('/media/demo/p7-price-list.svg')).statusCode, 404, 'and the document is not public media');

    const token = await registered(app, 'ana@example.com');
    const list = await app.inject({ url: `/api/project/files?id=${project.id}`, headers: withCookie(token) });
    t.equal(list.headers['cache-control'], 'private, no-store');
    const entry = list.json().data.find((f: { id: number }) => f.id === file.id);
    t.match(entry, { url: `/api/files/${file.id}`, locked: false }, 'a logged-in client gets the download address');
    t.equal(list.json().message, null);

    for (const headers of [withCookie(token), bearer(token)]) {
      const res = await app.inject({ url: entry.url, headers });
      t.equal(res.statusCode, 200, 'served to the client');
      t.equal(res.headers['content-type'], 'image/svg+xml; charset=utf-8');
      t.match(res.body, /^<svg[\s\S]*Price list[\s\S]*<\/svg>$/);
      t.equal(res.headers['cache-control'], 'private, no-store', 'never kept by a shared cache');
    }
    const away = await app.inject({ url: `/api/files/${remote.id}`, headers: withCookie(token) });
    t.equal(away.statusCode, 302, "a feed's file elsewhere: sent there");
    t.equal(away.headers.location, 'https://developer.example/brochure.pdf');
    t.equal((await app.inject(`/api/files/${remote.id}`)).statusCode, 401, 'not to a visitor');

    await post(app, '/api/client-logout', undefined, bearer(token));
    t.equal((await app.inject({ url: entry.url, headers: withCookie(token) })).statusCode, 401, 'refused again after logout');

    const other = await registered(app, 'lena@example.se');
    const withdrawn = fixture.projects.find((p) => p.withdrawn && p.files.length);
    if (withdrawn)
      t.equal(
        (await app.inject({ url: `/api/files/${withdrawn.files[0]!.id}`, headers: bearer(other) })).statusCode,
        404,
        'a withdrawn project’s file is gone',
      );
    t.equal((await app.inject({ url: '/api/files/987654', headers: bearer(other) })).statusCode, 404);
    for (const bad of ['abc', '0', '-1', '1.5', '9'.repeat(30)])
      t.equal((await app.inject({ url: `/api/files/${bad}`, headers: bearer(other) })).statusCode, 400, `id ${bad}`);
  },
  { seed: true },
);

forEachStore(
  t,
  'a floor plan on another server: a client gets the JPEG kept for clients, never the original',
  async (t, store) => {
    const upright = await photo({ width: 1400, height: 1000, orientation: 6, exif: true });
    const wide = await photo({ width: 3000, height: 1000 });
    const server = await pictureServer(t, (req, res) => {
      if (req.url === '/turned.jpg') return void res.writeHead(200, { 'content-type': 'image/jpeg' }).end(upright);
      if (req.url === '/wide.jpg') return void res.writeHead(200, { 'content-type': 'image/jpeg' }).end(wide);
      if (req.url === '/plan.pdf') return void res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.4');
      res.writeHead(500).end();
    });
    const { app, fixture } = await accountsApp(t, store, {}, { feedImages: { allowRanges: ['127.0.0.1/32'] } });
    const files = fixture.projects.flatMap((p) => (p.withdrawn ? [] : p.files));
    const [turned, wideFile, pdf, failing] = files;
    t.ok(failing, 'four files of listed projects');
    for (const [file, name] of [
      [turned!, 'turned.jpg'],
      [wideFile!, 'wide.jpg'],
      [pdf!, 'plan.pdf'],
      [failing!, 'gone.jpg'],
    ] as const)
      await store.db
        .updateTable('project_files')
        .set({ kind: 'floor_plan', registered_only: 1, url: `${server.origin}/${name}` })
        .where('id', '=', file.id)
        .execute();

    t.equal((await app.inject(`/api/files/${turned!.id}`)).statusCode, 401, 'a visitor gets nothing');
    t.equal(server.hits['/turned.jpg'], undefined, 'and nothing is fetched for one');
    const token = await registered(app, 'ana@example.com');
    const first = await app.inject({ url: `/api/files/${turned!.id}`, headers: withCookie(token) });
    t.equal(first.statusCode, 200);
    t.equal(first.headers['content-type'], 'image/jpeg');
    t.equal(first.headers['cache-control'], 'private, no-store');
    t.equal(first.headers['content-disposition'], `inline; filename="floor-plan-${turned!.id}.jpg"`);
    const meta = await sharp(first.rawPayload).metadata();
    t.same([meta.format, meta.width, meta.height], ['jpeg', 1400, 1000], 'turned upright by its EXIF orientation (stored 1000 × 1400)');
    t.equal(meta.exif, undefined, 'without EXIF (no GPS, camera or owner)');
    t.notOk(meta.orientation && meta.orientation !== 1, 'no orientation left to apply');
    const again = await app.inject({ url: `/api/files/${turned!.id}`, headers: bearer(token) });
    t.same(again.rawPayload, first.rawPayload);
    t.equal(server.hits['/turned.jpg'], 1, 'fetched once, then read from the disk');
    const kept = fs.readdirSync(floorPlanDir(app.config.DATA_DIR)).find((name) => name.startsWith(`${turned!.id}-`));
    t.ok(kept, 'kept in the floor plans folder');
    t.notOk(floorPlanDir(app.config.DATA_DIR).startsWith(photosDir(app.config.DATA_DIR)), 'not among the public photos');
    for (const url of [`/media/photos/${kept}`, `/floor-plans/${kept}`])
      t.equal((await app.inject(url)).statusCode, 404, `${url}: no public route serves it`);

    const resized = await app.inject({ url: `/api/files/${wideFile!.id}`, headers: withCookie(token) });
    const size = await sharp(resized.rawPayload).metadata();
    t.same([size.width, size.height], [FLOOR_PLAN_RESIZE.width, 800], 'a wide plan is made as wide as a screen needs');
    t.ok(resized.rawPayload.length < wide.length, 'and smaller than the original');

    for (const [file, what] of [
      [pdf!, 'a plan that is no picture (a PDF)'],
      [failing!, 'a plan its server does not give'],
    ] as const) {
      const res = await app.inject({ url: `/api/files/${file.id}`, headers: withCookie(token) });
      t.equal(res.statusCode, 302, `${what}: sent to its address`);
      t.match(res.headers.location, new RegExp(`^${server.origin}/`));
    }
  },
  { seed: true },
);
