// `npm run import` end to end: a real process on a real store (both engines),
// its exit codes, its one summary line, and what it left in the store.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import t from 'tap';
import { forEachTarget } from '../../helpers/db.ts';
import { failedInOneLine, importCli } from '../../helpers/cli.ts';
import { DEMO_FEED_FILE } from '../../../src/server/demo/seed.ts';
import { feed, fingerprint, property } from './feeds.ts';

// Each run starts Node and tsx; a loaded runner needs room.
t.setTimeout(300_000);

forEachTarget(t, 'import CLI: the demo feed, again, with rejections, and failures that change nothing', async (t, target) => {
  const first = await importCli(target, [DEMO_FEED_FILE]);
  t.equal(first.code, 0, first.stderr);
  t.equal(first.stderr, '');
  // The demo's 690 drawings are photos the server prepares (feed-images/prepare-photos.ts).
  const demoDrawings = '690 photos to prepare (by the server, or now with --photos)\n';
  t.equal(first.stdout, `added 1500, updated 0, unchanged 0, withdrawn 0, rejected 0\n${demoDrawings}`, 'one summary line, and the photos');
  const again = await importCli(target, [DEMO_FEED_FILE]);
  t.equal(
    again.stdout,
    `added 0, updated 0, unchanged 1500, withdrawn 0, rejected 0\n${demoDrawings}`,
    'the shipped demo feed is imported as the source "demo"',
  );

  const dir = fs.mkdtempSync(path.join(target.dataDir, 'feeds-'));
  const small = path.join(dir, 'agency.xml');
  fs.writeFileSync(
    small,
    feed(
      property({ id: 'A1' }),
      property({ id: 'A2', price: null }),
      property({ id: null }),
      property({ id: 'A3', date: 'soon' }),
      property({ id: 'R1', newBuild: 0 }),
    ),
  );
  const withRejections = await importCli(target, [small]);
  t.equal(withRejections.code, 0, withRejections.stderr);
  t.same(
    withRejections.stdout.trimEnd().split('\n'),
    [
      'added 2, updated 0, unchanged 0, withdrawn 0, rejected 2; skipped 1 resale',
      'rejected A2 (line 5): price: missing',
      'rejected (no id) (line 6): id: missing, and no <ref> to key the property by',
      demoDrawings.trimEnd(),
    ],
    'an unreadable <date> is no reason to reject: the unit is compared by content',
  );
  const withResales = await importCli(target, [small, '--include-resales']);
  t.equal(withResales.stdout.split('\n')[0], 'added 1, updated 0, unchanged 2, withdrawn 0, rejected 2', 'resales taken on request');

  // A date-stamped copy of the same export under its default name: refused, naming the source.
  const renamed = path.join(dir, 'agency-2026-11-01.xml');
  fs.copyFileSync(small, renamed);
  const refused = await importCli(target, [renamed]);
  t.equal(refused.code, 1);
  t.match(
    refused.stderr,
    /^error: 2 of the feed's 3 properties are already stored under source 'agency', not 'agency-2026-11-01': to update them, import with --source agency; .* \(nothing was changed\)\n$/,
  );
  t.equal(
    (await importCli(target, [renamed, '--source', 'agency', '--include-resales'])).stdout.split('\n')[0],
    'added 0, updated 0, unchanged 3, withdrawn 0, rejected 2',
  );

  const store = await target.open();
  const before = await fingerprint(store);
  const broken = path.join(dir, 'broken.xml');
  fs.writeFileSync(broken, fs.readFileSync(DEMO_FEED_FILE, 'utf8').slice(0, 2_000_000));
  const server = http.createServer((req, res) => {
    if (req.url === '/feed.xml') res.writeHead(500).end('oops');
    else res.writeHead(200, { 'content-type': 'application/xml' }).end('<html><body>Not a feed</body></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const [malformed, missing, http500, notKyero] = await Promise.all([
    importCli(target, [broken, '--source', 'demo']),
    importCli(target, [path.join(dir, 'nothing.xml')]),
    importCli(target, [`${base}/feed.xml`]),
    importCli(target, [`${base}/page.html`]),
  ]);
  failedInOneLine(t, malformed, /^error: malformed XML at line \d+, column \d+: .+ \(nothing was changed\)$/);
  failedInOneLine(t, missing, /^error: cannot read .*nothing\.xml: no such file \(nothing was changed\)$/);
  failedInOneLine(
    t,
    http500,
    /^error: download failed: HTTP 500 Internal Server Error from http:\/\/127\.0\.0\.1:\d+\/feed\.xml \(nothing was changed\)$/,
  );
  failedInOneLine(t, notKyero, /^error: not a Kyero feed: the root element is <html>, not <root> \(nothing was changed\)$/);
  t.same(await fingerprint(store), before, 'the store is exactly as it was');

  const usage = await importCli(target, []);
  t.equal(usage.code, 2);
  t.match(usage.stderr, /^error: give a feed: a file or an http\(s\) URL/);
  const badTimeout = await importCli(target, ['feed.xml', '--timeout', '5s']);
  t.equal(badTimeout.code, 2, 'a bad --timeout is bad configuration');
  t.equal(
    badTimeout.stderr,
    'error: Invalid configuration: --timeout (FEED_TIMEOUT_MS) must be a whole number of milliseconds from 1000 to 3600000 (got "5s")\n',
  );
  const help = await importCli(target, ['--help']);
  t.equal(help.code, 0);
  t.match(help.stdout, /^Usage: npm run import -- <file or http\(s\) URL>/);

  // --photos: the listings' photos prepared before the command ends, as the server would; a
  // loopback address is not a public picture server, so this one is recorded as not prepared,
  // while a demo drawing is drawn and prepared. The demo withdrawn first: its 690 drawings would
  // take minutes.
  const empty = path.join(dir, 'empty.xml');
  fs.writeFileSync(empty, feed());
  t.equal((await importCli(target, [empty, '--source', 'demo', '--force'])).code, 0, 'the demo withdrawn');
  const withPhotos = path.join(dir, 'photos.xml');
  const images = ['http://127.0.0.1:9/p.jpg', '/media/demo/p1-villa-1.svg'].map(
    (url, i) => `<image id="${i + 1}"><url>${url}</url></image>`,
  );
  fs.writeFileSync(withPhotos, feed(property({ id: 'P1', extra: `<images>${images.join('')}</images>` })));
  const photos = await importCli(target, [withPhotos, '--source', 'photos', '--photos']);
  t.equal(photos.code, 0, photos.stderr);
  t.same(photos.stdout.trimEnd().split('\n').slice(1), [
    '2 photos to prepare (by the server, or now with --photos)',
    'photos: 1 prepared, 1 not',
  ]);
  t.match(photos.stderr, /^warning: a photo from 127\.0\.0\.1\S* was not prepared: .+ \(tried again later\)\n$/);
  t.equal((await importCli(target, ['status', '--photos'])).code, 2, 'status prepares nothing');
});
