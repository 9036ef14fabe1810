// `npm run import -- --pull [name]` and `npm run import -- status` as real
// processes on a real store (both engines), and FEEDS' validation.
import path from 'node:path';
import t from 'tap';
import { forEachTarget } from '../../helpers/db.ts';
import { runCli } from '../../helpers/cli.ts';
import { ConfigError, loadConfig } from '../../../src/server/config.ts';
import { feed, property } from './feeds.ts';
import { startFeedServer } from './feed-server.ts';

t.setTimeout(300_000);

const BODY = feed(property({ id: 'A1' }), property({ id: 'A2', price: null }));

t.test('FEEDS: parsed, or one line saying which entry is wrong and why', async (t) => {
  t.same(loadConfig({}).FEEDS, []);
  t.equal(loadConfig({}).FEED_REFRESH_MINUTES, 60);
  t.equal(loadConfig({}).FEED_TIMEOUT_MS, 300_000);
  t.equal(loadConfig({}).FEED_MAX_WITHDRAW, 30);
  t.equal(loadConfig({ FEED_MAX_WITHDRAW: '50%' }).FEED_MAX_WITHDRAW, 50);
  t.equal(loadConfig({ FEED_MAX_WITHDRAW: '100' }).FEED_MAX_WITHDRAW, 100);
  t.same(
    loadConfig({ FEEDS: ' acme=https://crm.example/feed.xml , b.2=http://x.example/k?a=1;new-build;include-resales; no-withdraw-guard' })
      .FEEDS,
    [
      { name: 'acme', url: 'https://crm.example/feed.xml', newBuild: false, includeResales: false, noWithdrawGuard: false },
      { name: 'b.2', url: 'http://x.example/k?a=1', newBuild: true, includeResales: true, noWithdrawGuard: true },
    ],
  );
  const bad: Array<[Record<string, string>, string]> = [
    [
      { FEEDS: 'acme' },
      'FEEDS must be comma-separated name=url pairs, each optionally followed by ;new-build, ;include-resales or ;no-withdraw-guard: entry 1 is not name=url',
    ],
    [{ FEEDS: 'acme=https://a.example/f.xml,' }, 'entry 2 is empty'],
    [
      { FEEDS: '-x=https://a.example/f.xml' },
      'entry 1: the name must be 1 to 100 letters, digits, dots, dashes, colons or underscores, starting with a letter or digit (got "-x")',
    ],
    [{ FEEDS: 'acme=ftp://user:secret@a.example/f.xml' }, 'entry 1 (acme): the URL must be http(s)'],
    [{ FEEDS: 'acme=not a url' }, 'entry 1 (acme): not a URL'],
    [
      { FEEDS: 'acme=https://user:secret@a.example/f.xml;resales' },
      'entry 1 (acme): unknown option "resales" (known: new-build, include-resales, no-withdraw-guard)',
    ],
    [{ FEEDS: 'acme=https://a.example/1,acme=https://a.example/2' }, 'entry 2 (acme): the name is used twice'],
    [{ FEED_REFRESH_MINUTES: '0' }, 'FEED_REFRESH_MINUTES must be a whole number of minutes from 1 to 10080 (got "0")'],
    [{ FEED_TIMEOUT_MS: '5s' }, 'FEED_TIMEOUT_MS must be a whole number of milliseconds from 1000 to 3600000 (got "5s")'],
    [{ FEED_MAX_WITHDRAW: '0.3' }, 'FEED_MAX_WITHDRAW must be a whole percentage from 0 to 100, such as 30 or 30% (got "0.3")'],
    [{ FEED_MAX_WITHDRAW: '130%' }, 'FEED_MAX_WITHDRAW must be a whole percentage from 0 to 100, such as 30 or 30% (got "130%")'],
  ];
  for (const [env, message] of bad) {
    try {
      loadConfig(env);
      t.fail(`${JSON.stringify(env)} was accepted`);
    } catch (error) {
      t.ok(error instanceof ConfigError);
      const text = (error as Error).message;
      t.ok(text.startsWith('Invalid configuration: ') && text.endsWith(message), text);
      t.notMatch(text, /\n|secret/, 'one line, no password');
    }
  }
});

forEachTarget(t, 'import CLI: --pull and status', async (t, target) => {
  const server = await startFeedServer(t, { body: BODY, etag: '"v1"' });
  const env = { ...target.env, FEEDS: `acme=${server.base}/a.xml,beta=${server.base}/b.xml` };
  const cli = (args: string[], extra: Record<string, string> = {}) => runCli('import', args, { ...env, ...extra }, 120_000);

  const never = await cli(['status']);
  t.equal(never.code, 0, never.stderr);
  t.same(never.stdout.trimEnd().split('\n'), [
    `acme: ${server.base}/a.xml`,
    '  last pull: never',
    '  next pull: due (at the next start or round of a server, or --pull)',
    `beta: ${server.base}/b.xml`,
    '  last pull: never',
    '  next pull: due (at the next start or round of a server, or --pull)',
    `pictures kept: 0 files, 0.0 MB in ${path.join(target.dataDir, 'images')}`,
  ]);

  const first = await cli(['--pull']);
  t.equal(first.code, 0, first.stderr);
  t.same(first.stdout.trimEnd().split('\n'), [
    'acme: added 1, updated 0, unchanged 0, withdrawn 0, rejected 1',
    'rejected A2 (line 5): price: missing',
    'beta: added 1, updated 0, unchanged 0, withdrawn 0, rejected 1',
    'rejected A2 (line 5): price: missing',
  ]);
  const again = await cli(['--pull', 'beta']);
  t.equal(again.code, 0, again.stderr);
  t.equal(again.stdout, 'beta: unchanged (304 Not Modified)\n');
  t.equal(server.requests.length, 3);

  server.answer = { status: 500 };
  const failed = await cli(['--pull', 'acme']);
  t.equal(failed.code, 1);
  t.equal(failed.stdout, '');
  t.match(
    failed.stderr,
    /^error: acme: download failed: HTTP 500 Internal Server Error from http:\/\/127\.0\.0\.1:\d+\/a\.xml \(nothing was changed\)\n$/,
  );

  // beta leaves FEEDS: still shown, not pulled.
  const status = await cli(['status'], { FEEDS: `acme=${server.base}/a.xml` });
  t.equal(status.code, 0, status.stderr);
  const lines = status.stdout.trimEnd().split('\n');
  t.equal(lines[0], `acme: ${server.base}/a.xml`);
  t.match(
    lines[1],
    /^ {2}last pull: \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ \(\d+\.\d s\), failed: download failed: HTTP 500 Internal Server Error from http:\/\/127\.0\.0\.1:\d+\/a\.xml; last import \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ: added 1, updated 0, unchanged 0, withdrawn 0, rejected 1$/,
  );
  t.match(lines[2], /^ {2}next pull: \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  t.equal(lines[3], `beta: ${server.base}/b.xml (not in FEEDS: not pulled)`);
  t.match(
    lines[4],
    /^ {2}last pull: \S+ \(\d+\.\d s\), unchanged \(304 Not Modified\); last import \S+: added 1, updated 0, unchanged 0, withdrawn 0, rejected 1$/,
  );
  t.equal(lines[5], '  next pull: none');
  t.match(lines[6], /^pictures kept: 0 files, 0\.0 MB in /);
  t.equal(lines.length, 7);

  const unknown = await cli(['--pull', 'gamma']);
  t.equal(unknown.code, 2);
  t.match(unknown.stderr, /^error: no source named "gamma" in FEEDS \(acme, beta\)/);
  const none = await cli(['--pull'], { FEEDS: '' });
  t.equal(none.code, 2);
  t.match(none.stderr, /^error: no feeds to pull: set FEEDS/);
  const badFeeds = await cli(['status'], { FEEDS: 'acme=https://a.example/x;resale' });
  t.equal(badFeeds.code, 2);
  t.match(badFeeds.stderr, /^error: Invalid configuration: FEEDS must be .*unknown option "resale"/);
  const help = await cli(['--help']);
  t.match(help.stdout, /npm run import -- --pull \[name\] \[--force\] \[--timeout ms\] \[--photos\]\n {7}npm run import -- status\n/);
});
