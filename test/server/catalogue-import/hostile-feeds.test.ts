// Feeds built to hurt: one endless text node (or comment, tag, processing
// instruction), elements nested without end, gzip bombs sent both ways, a feed
// that trickles. A scheduled pull of each fails with one line that names the
// bound, is recorded as failed, and leaves the catalogue as it was; the reader
// stops an endless text node while it streams, never holding it whole.
import t from 'tap';
import { forEachStore } from '../../helpers/db.ts';
import { testConfig } from '../../helpers/app.ts';
import { pullFeed } from '../../../src/server/catalogue-import/pull.ts';
import { MAX_TEXT_NODE, readKyero } from '../../../src/server/catalogue-import/kyero.ts';
import { importFeed } from '../../../src/server/catalogue-import/importer.ts';
import { chunks, feed, fingerprint, property } from './feeds.ts';
import { attributes, startHostileFeedServer } from './hostile-feed-server.ts';
import { clock, MINUTE } from './pull-helpers.ts';

t.setTimeout(300_000);

const TEXT_CAP = /^feed too large: a text, attribute or comment longer than 1048576 characters at line \d+$/;
const DEPTH_CAP = /^feed too large: elements nested deeper than 64 at line 1$/;

t.test('the reader stops an endless text, attribute or comment once it passes the cap', async (t) => {
  const a = () => 'a'.repeat(64 * 1024);
  const openings: Record<string, [string, (i: number) => string, RegExp]> = {
    text: ['<root><property><desc><en>', a, TEXT_CAP],
    cdata: ['<root><property><desc><en><![CDATA[', a, TEXT_CAP],
    attribute: ['<root><property><image url="', a, TEXT_CAP],
    comment: ['<root><!--', a, TEXT_CAP],
    'element name': ['<root><a', a, TEXT_CAP],
    'processing instruction target': ['<root><?', a, TEXT_CAP],
    'many short attributes': ['<root><property', attributes, TEXT_CAP],
    'deep nesting': ['<root>', () => '<a>'.repeat(8192), DEPTH_CAP],
  };
  for (const [kind, [opening, block, message]] of Object.entries(openings)) {
    let pulled = 0;
    function* endless() {
      yield opening;
      for (let i = 0; ; i++) {
        const chunk = block(i);
        pulled += chunk.length;
        yield chunk;
      }
    }
    await t.rejects(
      (async () => {
        for await (const item of readKyero(endless())) t.fail(`nothing is yielded: ${JSON.stringify(item).slice(0, 80)}`);
      })(),
      { message },
      kind,
    );
    t.ok(pulled <= MAX_TEXT_NODE + 128 * 1024, `${kind}: stopped after ${pulled} characters, not at the end of memory`);
  }
});

forEachStore(t, 'hostile feeds pulled: one line naming the bound, the catalogue unchanged', async (t, store) => {
  const base = await startHostileFeedServer(t);
  const cases: Array<[string, string, RegExp, { maxBytes?: number; timeoutMs?: number }]> = [
    ['one 1 GiB text node', 'huge-text.xml', TEXT_CAP, {}],
    ['a text bomb (.gz)', 'text-bomb.xml.gz', TEXT_CAP, {}],
    [
      'a gzip bomb (Content-Encoding)',
      'bomb.xml',
      /^feed too large: more than 16777216 bytes once decompressed \(FEED_MAX_BYTES\)$/,
      { maxBytes: 16 * 2 ** 20 },
    ],
    [
      'a gzip bomb (.gz body)',
      'bomb.xml.gz',
      /^feed too large: more than 16777216 bytes once decompressed \(FEED_MAX_BYTES\)$/,
      { maxBytes: 16 * 2 ** 20 },
    ],
    ['a body over the cap', 'huge-text.xml', /^feed too large: more than 65536 bytes \(FEED_MAX_BYTES\)$/, { maxBytes: 65536 }],
    [
      'a trickle',
      'trickle.xml',
      /^download failed: timed out after 1000 ms \(http:\/\/127\.0\.0\.1:\d+\/trickle\.xml\)$/,
      { timeoutMs: 1000 },
    ],
  ];
  const config = testConfig(t, { FEEDS: cases.map(([, file], i) => `s${i}=${base}/${file}`).join(',') });
  const c = clock();
  await importFeed(store, chunks(feed(property({ id: 'A1' }), property({ id: 'A2' }))), { source: 'agency' });
  const before = await fingerprint(store);
  for (const [i, [name, , reason, options]] of cases.entries()) {
    c.advance(MINUTE);
    const outcome = await pullFeed(store, config, config.FEEDS[i]!, { now: c.now, force: true, ...options });
    t.equal(outcome.result, 'failed', name);
    if (outcome.result === 'failed') t.match(outcome.error, reason, name);
    t.same(await fingerprint(store), before, `${name}: the catalogue is as it was`);
    const row = await store.db.selectFrom('feed_pulls').selectAll().where('source', '=', `s${i}`).executeTakeFirstOrThrow();
    t.match(row, { result: 'failed', error: reason }, `${name}: recorded`);
  }
});
