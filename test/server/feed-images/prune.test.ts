// pruneFeedImages deletes exactly the kept pictures that are no longer served,
// originals kept under the names of earlier versions, and downloads that never
// finished; feedImageCacheSize counts what is kept. pruneFloorPlans does the
// same for the floor plans kept for clients.
import t from 'tap';
import { sql } from 'kysely';
import fs from 'node:fs';
import path from 'node:path';
import {
  feedImageCacheSize,
  feedImageDir,
  feedImageKey,
  feedImageName,
  floorPlanDir,
  pruneFeedImages,
  pruneFloorPlans,
} from '../../../src/server/feed-images/index.ts';
import { floorPlanName } from '../../../src/server/feed-images/floor-plans.ts';
import { forEachStore } from '../../helpers/db.ts';
import { buildCatalogue } from '../../helpers/catalogue.ts';

t.test('pruning the kept pictures', async (t) => {
  await forEachStore(t, 'stale pictures and old leftovers go, the rest stays', async (t, store, target) => {
    const dir = feedImageDir(target.dataDir);
    t.same(await pruneFeedImages(store.db, dir), { files: 0, bytes: 0 }, 'no folder yet: nothing to do');
    t.same(await feedImageCacheSize(dir), { files: 0, bytes: 0 });

    await buildCatalogue(store.db, { projects: 8, seed: 11, withdrawnShare: 0 });
    // Feed pictures: at http(s) addresses (the fixture's are the site's own files).
    await sql`update images set url = ${'https://pictures.example'} || url`.execute(store.db);
    const rows = await store.db.selectFrom('images').select(['id', 'url', 'project_id']).where('floorplan', '=', 0).orderBy('id').execute();
    const last = rows.at(-1)!;
    const [live, moved, deleted, floorplan, other] = rows.filter((r) => r.project_id !== last.project_id);
    const withdrawn = last;
    t.ok(other, 'enough pictures');

    fs.mkdirSync(dir, { recursive: true });
    let size = 100;
    const write = (name: string, ageMs = 0) => {
      const file = path.join(dir, name);
      fs.writeFileSync(file, Buffer.alloc((size += 1)));
      if (ageMs) fs.utimesSync(file, new Date(Date.now() - ageMs), new Date(Date.now() - ageMs));
      return { name, bytes: size };
    };
    const name = (row: { id: number; url: string }) => feedImageName(feedImageKey(row.id, row.url));
    /** The name an earlier version kept the original under. */
    const originalName = (row: { id: number; url: string }, ext: string) => `${feedImageKey(row.id, row.url)}.${ext}`;
    const hour = 60 * 60 * 1000;
    const keep = [
      write(name(live!)),
      write(name(other!)),
      write(feedImageName(feedImageKey(moved!.id, 'https://pictures.example/new.jpg'))),
      write(`${name(other!)}.4242-1.part`, hour / 2),
      write('README.txt'),
    ];
    const stale = [
      write(name(moved!)),
      write(name(deleted!)),
      write(name(floorplan!)),
      write(name(withdrawn)),
      write(feedImageName(feedImageKey(99_999_999, 'https://pictures.example/x.jpg'))),
      write(`${name(live!)}.4242-2.part`, 2 * hour),
      write(originalName(live!, 'jpg')),
      write(originalName(other!, 'webp')),
      write(`${feedImageKey(live!.id, live!.url)}-0badcafe.jpg`),
    ];
    const total = [...keep, ...stale];
    t.same(
      await feedImageCacheSize(dir),
      { files: total.length, bytes: total.reduce((sum, f) => sum + f.bytes, 0) },
      'every file is counted',
    );

    await store.db.updateTable('images').set({ url: 'https://pictures.example/new.jpg' }).where('id', '=', moved!.id).execute();
    await store.db.deleteFrom('images').where('id', '=', deleted!.id).execute();
    await store.db.updateTable('images').set({ floorplan: 1 }).where('id', '=', floorplan!.id).execute();
    await store.db.updateTable('projects').set({ withdrawn_at: new Date().toISOString() }).where('id', '=', withdrawn.project_id).execute();

    const removed = await pruneFeedImages(store.db, dir);
    t.same(removed, { files: stale.length, bytes: stale.reduce((sum, f) => sum + f.bytes, 0) }, 'the counts of what was removed');
    t.same(fs.readdirSync(dir).sort(), keep.map((f) => f.name).sort(), 'exactly the stale files are gone');
    t.same(await feedImageCacheSize(dir), { files: keep.length, bytes: keep.reduce((sum, f) => sum + f.bytes, 0) });
    t.same(await pruneFeedImages(store.db, dir), { files: 0, bytes: 0 }, 'a second run finds nothing');
  });
});

t.test('pruning the floor plans kept for clients', async (t) => {
  await forEachStore(t, 'plans of files gone, moved or withdrawn go, the rest stays', async (t, store, target) => {
    const dir = floorPlanDir(target.dataDir);
    t.same(await pruneFloorPlans(store.db, dir), { files: 0, bytes: 0 }, 'no folder yet: nothing to do');
    const fixture = await buildCatalogue(store.db, { projects: 8, seed: 11, withdrawnShare: 0 });
    const files = fixture.projects.flatMap((p) => p.files.map((f) => ({ ...f, projectId: p.id })));
    const [live, moved, deleted, withdrawn, brochure] = files.filter(
      (f, i, all) => all.findIndex((g) => g.projectId === f.projectId) === i,
    );
    t.ok(brochure, 'files of five projects');
    const planUrl = (id: number) => `https://plans.example/${id}.jpg`;
    for (const f of [live!, moved!, deleted!, withdrawn!])
      await store.db
        .updateTable('project_files')
        .set({ kind: 'floor_plan', url: planUrl(f.id) })
        .where('id', '=', f.id)
        .execute();
    await store.db
      .updateTable('project_files')
      .set({ kind: 'brochure', url: planUrl(brochure!.id) })
      .where('id', '=', brochure!.id)
      .execute();

    fs.mkdirSync(dir, { recursive: true });
    const write = (name: string) => (fs.writeFileSync(path.join(dir, name), 'x'), name);
    const name = (id: number, url = planUrl(id)) => floorPlanName(feedImageKey(id, url));
    const keep = [write(name(live!.id)), write('README.txt')];
    const stale = [
      write(name(moved!.id)),
      write(name(deleted!.id)),
      write(name(withdrawn!.id)),
      write(name(brochure!.id)),
      write(feedImageName(feedImageKey(live!.id, planUrl(live!.id)))),
    ];
    await store.db.updateTable('project_files').set({ url: 'https://plans.example/new.jpg' }).where('id', '=', moved!.id).execute();
    await store.db.deleteFrom('project_files').where('id', '=', deleted!.id).execute();
    await store.db.updateTable('projects').set({ withdrawn_at: new Date().toISOString() }).where('id', '=', withdrawn!.projectId).execute();

    t.same(await pruneFloorPlans(store.db, dir), { files: stale.length, bytes: stale.length }, 'the counts of what was removed');
    t.same(fs.readdirSync(dir).sort(), keep.sort(), "exactly the plans no listed project's floor-plan file names are gone");
  });
});
