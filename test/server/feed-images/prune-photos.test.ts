// After an import, prepared photos no listing shows are pruned: their rows,
// and their variants once an hour old; a variant whose key a shown photo
// still has (a twin address included) stays, and so does a fresh file the
// photo job may be about to mark ready. Writes that never finished go too.
// The rows go a range of addresses at a time (each its own short transaction).
import fs from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { forEachStore } from '../../helpers/db.ts';
import { showOnly } from './pictures.ts';
import { photosDir, photosWaiting, prunePhotos } from '../../../src/server/feed-images/index.ts';
import { importFeed } from '../../../src/server/catalogue-import/importer.ts';
import { chunks, feed, property } from '../catalogue-import/feeds.ts';

const picture = (id: string, url: string) => property({ id, extra: `<images><image id="1"><url>${url}</url></image></images>` });
import { UNUSED_MAX_AGE_MS } from '../../../src/server/feed-images/prune-photos.ts';
import { photoFileName } from '../../../src/shared/photos.ts';

const KEYS = { shown: 'a'.repeat(24), twin: 'b'.repeat(24), dropped: 'c'.repeat(24), fresh: 'd'.repeat(24) };

forEachStore(t, 'prepared photos no listing shows are pruned', async (t, store, target) => {
  const shown = ['https://pictures.example/a.jpg', 'https://pictures.example/a-again.jpg'];
  await showOnly(store, shown);
  const ready = (url: string, key: string) => ({
    url,
    status: 'ready' as const,
    key,
    width: 800,
    height: 600,
    colour: '#808080',
    attempts: 0,
  });
  await store.db
    .insertInto('photos')
    .values([
      ready(shown[0]!, KEYS.shown),
      ready(shown[1]!, KEYS.twin),
      ready('https://pictures.example/gone.jpg', KEYS.dropped),
      ready('https://pictures.example/also-gone.jpg', KEYS.twin),
    ])
    .execute();

  const dir = photosDir(target.dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const now = Date.now();
  const write = (name: string, ageMs: number) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, 'variant');
    const at = new Date(now - ageMs);
    fs.utimesSync(file, at, at);
    return name;
  };
  const old = UNUSED_MAX_AGE_MS + 60_000;
  const files = {
    shown: write(photoFileName(KEYS.shown, 320, 'avif'), old),
    twin: write(photoFileName(KEYS.twin, 640, 'jpeg'), old),
    dropped: [write(photoFileName(KEYS.dropped, 320, 'avif'), old), write(photoFileName(KEYS.dropped, 640, 'webp'), old)],
    fresh: write(photoFileName(KEYS.fresh, 320, 'jpeg'), 60_000),
    part: write(`${photoFileName(KEYS.shown, 960, 'jpeg')}.123-4.part`, old),
    other: write('notes.txt', old),
  };

  // One address per statement: the rows are deleted range after range, none skipped at their ends.
  const removed = await prunePhotos(store.db, dir, now, 1);
  t.same(removed, { files: 3, bytes: 3 * 'variant'.length }, "the dropped photo's two variants and the unfinished write");
  const left = fs.readdirSync(dir).sort();
  t.same(left, [files.shown, files.twin, files.fresh, files.other].sort(), 'shown keys, a fresh file and foreign files stay');
  t.same(
    (await store.db.selectFrom('photos').select('url').orderBy('url').execute()).map((r) => r.url),
    [...shown].sort(),
    'the rows of addresses no listing shows are gone',
  );
  t.same(await prunePhotos(store.db, path.join(target.dataDir, 'no-such-folder'), now), { files: 0, bytes: 0 }, 'no folder, nothing to do');
});

forEachStore(t, 'the photos listings show that are not prepared yet are counted', async (t, store) => {
  const a = 'https://pictures.example/a.jpg';
  await importFeed(store, chunks(feed(picture('A', a), picture('B', 'https://pictures.example/b.jpg'), picture('C', '/media/own.jpg'))), {
    source: 'agency',
  });
  t.equal(await photosWaiting(store.db), 2, "both feed photos (the site's own file is not one)");
  await store.db
    .insertInto('photos')
    .values({ url: a, status: 'ready', key: 'a'.repeat(24), width: 800, height: 600, colour: '#808080', attempts: 0 })
    .execute();
  t.equal(await photosWaiting(store.db), 1, 'one is prepared');
});
