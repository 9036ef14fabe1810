// `npm run import` end to end on what a feed means: a feed that would withdraw
// most of its source is refused (exit 1, one line, the store unchanged) unless
// --force; properties without <new_build> need --new-build; premises never.
import fs from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { forEachTarget } from '../../helpers/db.ts';
import { failedInOneLine, importCli } from '../../helpers/cli.ts';
import { feed, fingerprint, property } from './feeds.ts';

// Each run starts Node and tsx; a loaded runner needs room.
t.setTimeout(300_000);

forEachTarget(t, 'import CLI: a feed that renames every property is refused, and imported with --force', async (t, target) => {
  const dir = fs.mkdtempSync(path.join(target.dataDir, 'feeds-'));
  const write = (name: string, prefix: string) => {
    const file = path.join(dir, name);
    const units = Array.from({ length: 20 }, (_, i) =>
      property({ id: `${prefix}${i + 1}`, dev: 'D1', extra: `<ref>${prefix}-REF-${i + 1}</ref>` }),
    );
    fs.writeFileSync(file, feed(...units));
    return file;
  };
  const before = write('before.xml', 'OLD');
  const after = write('after.xml', 'NEW');
  t.equal((await importCli(target, [before, '--source', 'crm'])).stdout, 'added 20, updated 0, unchanged 0, withdrawn 0, rejected 0\n');
  const store = await target.open();
  const stored = await fingerprint(store);

  failedInOneLine(
    t,
    await importCli(target, [after, '--source', 'crm']),
    /^error: refused: the feed would withdraw 20 of the 20 units listed under source 'crm' \(100 %, more than FEED_MAX_WITHDRAW 30 %\): .* \(nothing was changed\)$/,
  );
  t.same(await fingerprint(store), stored, 'the catalogue is unchanged');

  const forced = await importCli(target, [after, '--source', 'crm', '--force']);
  t.equal(forced.code, 0, forced.stderr);
  t.equal(forced.stdout.split('\n')[0], 'added 20, updated 0, unchanged 0, withdrawn 20, rejected 0', '--force: imported');
});

forEachTarget(t, 'import CLI: without <new_build>, only with --new-build; premises never', async (t, target) => {
  const file = path.join(fs.mkdtempSync(path.join(target.dataDir, 'feeds-')), 'crm.xml');
  fs.writeFileSync(
    file,
    feed(property({ id: 'N1' }), property({ id: 'U1', newBuild: null }), property({ id: 'C1', type: 'Local comercial', newBuild: null })),
  );
  t.equal(
    (await importCli(target, [file])).stdout,
    'added 1, updated 0, unchanged 0, withdrawn 0, rejected 0; skipped 1 without <new_build>, 1 not a home\n',
  );
  t.equal(
    (await importCli(target, [file, '--new-build'])).stdout,
    'added 1, updated 0, unchanged 1, withdrawn 0, rejected 0; skipped 1 not a home\n',
  );
  const misplaced = await importCli(target, ['--pull', '--new-build']);
  t.equal(misplaced.code, 2);
  t.match(misplaced.stderr, /^error: --new-build is for a file or URL; for a pulled source, write ;new-build in FEEDS/);
});
