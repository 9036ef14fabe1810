// `npm run import` against hostile feeds, as a real process with the heap it
// runs with: a feed that trickles, one 1 GiB text node (or processing
// instruction, or tag of attributes), elements nested 1 GiB deep, gzip bombs both ways
// (with FEED_MAX_BYTES at 16 MiB, so that the bomb's elements need not all be parsed).
// Each fails with one line on stderr and exit 1, leaves the catalogue as it
// was, and the process stays under 400 MB of RSS (VmHWM in /proc).
import fs from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { createTarget, type TapTest } from '../../helpers/db.ts';
import { failedInOneLine, importCli, importHeapFlags, inBatches, type CliRun } from '../../helpers/cli.ts';
import { feed, fingerprint, property } from '../catalogue-import/feeds.ts';
import { startHostileFeedServer } from '../catalogue-import/hostile-feed-server.ts';

t.setTimeout(300_000);

const URL_PART = String.raw`\(http://127\.0\.0\.1:\d+/`;
const TEXT_CAP = /^error: feed too large: a text, attribute or comment longer than 1048576 characters at line \d+ \(nothing was changed\)$/;
const SMALL_CAP = { FEED_MAX_BYTES: String(16 * 2 ** 20) };
const BYTES_CAP = /^error: feed too large: more than 16777216 bytes once decompressed \(FEED_MAX_BYTES\) \(nothing was changed\)$/;

t.test('hostile feeds fail in one line, the catalogue unchanged', async (t) => {
  const target = await createTarget(t, 'sqlite');
  const base = await startHostileFeedServer(t);
  const importAs = (args: string[], env: Record<string, string> = {}) =>
    importCli(target, args, env, { nodeFlags: importHeapFlags(), measureRss: true });

  const file = path.join(target.dataDir, 'agency.xml');
  fs.writeFileSync(file, feed(property({ id: 'A1' }), property({ id: 'A2' })));
  const first = await importAs([file, '--source', 'agency']);
  t.equal(first.code, 0, first.stderr);
  const store = await target.open();
  const before = await fingerprint(store);

  const cases: Array<[string, string[], Record<string, string>, RegExp]> = [
    [
      'a trickle, FEED_TIMEOUT_MS',
      [`${base}/trickle.xml`, '--source', 'agency'],
      { FEED_TIMEOUT_MS: '1000' },
      new RegExp(`^error: download failed: timed out after 1000 ms ${URL_PART}trickle\\.xml\\) \\(nothing was changed\\)$`),
    ],
    [
      'a trickle, --timeout',
      [`${base}/trickle.xml`, '--source', 'agency', '--timeout', '1500'],
      {},
      new RegExp(`^error: download failed: timed out after 1500 ms ${URL_PART}trickle\\.xml\\) \\(nothing was changed\\)$`),
    ],
    ['one 1 GiB text node', [`${base}/huge-text.xml`, '--source', 'agency'], {}, TEXT_CAP],
    ['a text bomb (.gz body)', [`${base}/text-bomb.xml.gz`, '--source', 'agency'], {}, TEXT_CAP],
    ['a 1 GiB processing instruction target', [`${base}/pi.xml`, '--source', 'agency'], {}, TEXT_CAP],
    ['one tag with 1 GiB of attributes', [`${base}/attributes.xml`, '--source', 'agency'], {}, TEXT_CAP],
    [
      'elements nested 1 GiB deep',
      [`${base}/deep.xml`, '--source', 'agency'],
      {},
      /^error: feed too large: elements nested deeper than 64 at line 3 \(nothing was changed\)$/,
    ],
    ['a gzip bomb (Content-Encoding)', [`${base}/bomb.xml`, '--source', 'agency'], SMALL_CAP, BYTES_CAP],
    ['a gzip bomb (.gz body)', [`${base}/bomb.xml.gz`, '--source', 'agency'], SMALL_CAP, BYTES_CAP],
  ];
  const runs = await inBatches(
    cases.map(
      ([, args, env]) =>
        () =>
          importAs(args, env),
    ),
  );
  cases.forEach(([name, , , message], i) => failedWithinMemory(t, name, runs[i]!, message));
  t.same(await fingerprint(store), before, 'the catalogue is exactly as it was');
});

function failedWithinMemory(t: TapTest, name: string, run: CliRun, message: RegExp): void {
  failedInOneLine(t, run, message, name);
  t.ok(run.peakRssKiB! > 0 && run.peakRssKiB! < 400 * 1024, `${name}: peak RSS ${Math.round(run.peakRssKiB! / 1024)} MB < 400 MB`);
}
