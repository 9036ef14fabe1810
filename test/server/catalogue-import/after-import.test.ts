// After an import that changed the catalogue, pictures kept for listings the
// feed dropped are pruned; an import that changed nothing leaves the folder alone.
import fs from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { forEachStore } from '../../helpers/db.ts';
import { testConfig } from '../../helpers/app.ts';
import { afterImport, afterImportLines } from '../../../src/server/catalogue-import/after-import.ts';
import { importFeed } from '../../../src/server/catalogue-import/importer.ts';
import { feedImageDir, feedImageKey, feedImageName } from '../../../src/server/feed-images/index.ts';
import { chunks, feed, property } from './feeds.ts';

const picture = (id: string, url: string) => property({ id, extra: `<images><image id="1"><url>${url}</url></image></images>` });

forEachStore(t, 'pictures no listing shows are pruned after an import that changed something', async (t, store, target) => {
  const config = testConfig(t, { DATA_DIR: target.dataDir });
  const first = await importFeed(
    store,
    chunks(feed(picture('A', 'https://pictures.example/a.jpg'), picture('B', 'https://pictures.example/b.jpg'))),
    { source: 'agency' },
  );
  const rows = await store.db.selectFrom('images').select(['id', 'url']).orderBy('id').execute();
  const dir = feedImageDir(config.DATA_DIR);
  fs.mkdirSync(dir, { recursive: true });
  const files = rows.map((r) => path.join(dir, feedImageName(feedImageKey(r.id, r.url))));
  for (const file of files) fs.writeFileSync(file, 'jpeg');
  t.same((await afterImport(store, config.DATA_DIR, first)).pruned, { files: 0, bytes: 0 }, 'both still shown');

  const second = await importFeed(store, chunks(feed(picture('A', 'https://pictures.example/a.jpg'))), { source: 'agency' });
  t.match(second, { withdrawn: 1 });
  t.same((await afterImport(store, config.DATA_DIR, second)).pruned, { files: 1, bytes: 4 });
  t.same(
    files.map((f) => fs.existsSync(f)),
    [true, false],
    "the withdrawn listing's picture is gone",
  );

  const unchanged = await importFeed(store, chunks(feed(picture('A', 'https://pictures.example/a.jpg'))), { source: 'agency' });
  fs.writeFileSync(path.join(dir, feedImageName(feedImageKey(999_999, 'https://pictures.example/x.jpg'))), 'jpeg');
  t.same((await afterImport(store, config.DATA_DIR, unchanged)).pruned, { files: 0, bytes: 0 }, 'nothing touched: no pruning pass');
});

forEachStore(t, 'a failure after the import is reported, not thrown: the import stands', async (t, store, target) => {
  const config = testConfig(t, { DATA_DIR: target.dataDir });
  const summary = await importFeed(store, chunks(feed(picture('A', 'https://pictures.example/a.jpg'))), { source: 'agency' });
  // The pictures' folder cannot be read: a file stands where it should be.
  fs.writeFileSync(feedImageDir(config.DATA_DIR), 'not a folder');
  const after = await afterImport(store, config.DATA_DIR, summary);
  t.match(after, { pruned: { files: 0, bytes: 0 }, error: /ENOTDIR|not a directory/i });
  t.same(afterImportLines(after).out, []);
  t.match(afterImportLines(after).err, [/^warning: imported, but the work after the import failed: /]);
  t.same(afterImportLines({ pruned: { files: 2, bytes: 3 * 1024 * 1024 }, error: null }), {
    out: ['pruned 2 pictures no listing shows (3.0 MB)'],
    err: [],
  });
});
