// pruneFeedImages deletes exactly the kept pictures that are no longer served,
// and downloads that never finished; feedImageCacheSize counts what is kept.
import t from 'tap';
import { sql } from 'kysely';
import fs from 'node:fs';
import path from 'node:path';
import { feedImageCacheSize, feedImageDir, feedImageKey, pruneFeedImages } from '../../../src/server/feed-images/index.ts';
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
    const name = (row: { id: number; url: string }, ext = 'jpg') => `${feedImageKey(row.id, row.url)}.${ext}`;
    const hour = 60 * 60 * 1000;
    const keep = [
      write(name(live!)),
      write(name(other!, 'webp')),
      write(`${feedImageKey(moved!.id, 'https://pictures.example/new.jpg')}.png`),
      write(`${name(other!)}.4242.part`, hour / 2),
      write('README.txt'),
    ];
    const stale = [
      write(name(moved!)),
      write(name(deleted!)),
      write(name(floorplan!, 'gif')),
      write(name(withdrawn, 'avif')),
      write(`${feedImageKey(99_999_999, 'https://pictures.example/x.jpg')}.jpg`),
      write(`${name(live!)}.4242.part`, 2 * hour),
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
