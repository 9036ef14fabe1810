// Feeds that fail half-way, by their content or their download, change
// nothing, to the byte.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import t from 'tap';
import { forEachStore, type TapTest } from '../../helpers/db.ts';
import type { Store } from '../../../src/server/store/db.ts';
import { BATCH_SIZE, importFeed } from '../../../src/server/catalogue-import/importer.ts';
import { openFeed } from '../../../src/server/catalogue-import/open.ts';
import { DEMO_FEED_FILE } from '../../../src/server/demo/seed.ts';
import { chunks, feed, fingerprint, property } from './feeds.ts';

const demoXml = fs.readFileSync(DEMO_FEED_FILE, 'utf8');
const NOW = new Date('2025-12-01T12:00:00.000Z');
const LIMITS = { FEED_TIMEOUT_MS: 60_000, FEED_MAX_BYTES: 2 ** 31 };
const run = (store: Store, xml: string, source = 'test', now = NOW) => importFeed(store, chunks(xml, 4096), { source, now });

/** More than one batch of good properties, then the failure: any write would show. */
function longFeed(n = BATCH_SIZE + 300): string {
  return feed(...Array.from({ length: n }, (_, i) => property({ id: `L${i}`, dev: `LD${i % 40}`, price: 100000 + i })));
}

async function unchangedAfter(t: TapTest, store: Store, attempt: () => Promise<unknown>, message: RegExp): Promise<void> {
  const before = await fingerprint(store);
  await t.rejects(attempt(), { message }, message.source);
  t.same(await fingerprint(store), before, 'the store is exactly as it was');
}

forEachStore(t, 'a malformed feed or a wrong root changes nothing', async (t, store) => {
  await run(store, demoXml, 'demo');
  const truncated = longFeed().slice(0, -200);
  await unchangedAfter(t, store, () => run(store, truncated, 'demo'), /^malformed XML at line \d+/);
  await unchangedAfter(t, store, () => run(store, truncated), /^malformed XML at line \d+/);
  await unchangedAfter(
    t,
    store,
    () => run(store, longFeed().replace('<id>L1200</id>', '<id>L1200</ID>')),
    /^malformed XML at line \d+, column \d+: /,
  );
  await unchangedAfter(
    t,
    store,
    () =>
      run(
        store,
        longFeed()
          .replace(/<root>/, '<feed>')
          .replace(/<\/root>/, '</feed>'),
      ),
    /^not a Kyero feed: the root element is <feed>/,
  );
  await unchangedAfter(t, store, () => run(store, demoXml.slice(0, Math.floor(demoXml.length * 0.8)), 'demo'), /^malformed XML/);
  // The store still works after the rollbacks.
  t.match(await run(store, demoXml, 'demo'), { unchanged: 1500 });
});

async function feedServer(t: TapTest, handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A port nothing listens on (it did a moment ago). */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

forEachStore(t, 'a failed download changes nothing', async (t, store) => {
  await run(store, demoXml, 'demo');
  const full = Buffer.from(longFeed());
  const base = await feedServer(t, (req, res) => {
    if (req.url === '/missing.xml') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('no');
    } else if (req.url === '/cut.xml') {
      // Announce the whole feed, send 70% of it, then drop the connection.
      res.writeHead(200, { 'content-type': 'application/xml', 'content-length': String(full.length) });
      res.write(full.subarray(0, Math.floor(full.length * 0.7)), () => setTimeout(() => res.destroy(), 50));
    } else {
      res.writeHead(200, { 'content-type': 'application/xml' }).end(full);
    }
  });
  const settings = { ...LIMITS, DATA_DIR: t.testdir() };
  const importUrl = async (url: string) => {
    const opened = await openFeed(url, settings);
    return importFeed(store, opened.input, { source: opened.source, now: NOW });
  };
  await unchangedAfter(
    t,
    store,
    () => importUrl(`${base}/missing.xml`),
    /^download failed: HTTP 404 Not Found from http:\/\/127\.0\.0\.1:\d+\/missing\.xml$/,
  );
  await unchangedAfter(t, store, () => importUrl(`${base}/cut.xml`), /^download failed: .+ \(http:\/\/127\.0\.0\.1:\d+\/cut\.xml\)$/);
  await unchangedAfter(
    t,
    store,
    async () => importUrl(`http://127.0.0.1:${await closedPort()}/feed.xml`),
    /^download failed: .*ECONNREFUSED/,
  );
  await unchangedAfter(t, store, () => openFeed('/nonexistent/feed.xml', settings), /^cannot read \/nonexistent\/feed\.xml: no such file$/);

  const ok = await importUrl(`${base}/feed.xml`);
  t.match(ok, { added: BATCH_SIZE + 300, withdrawn: 0 }, 'the whole feed, under its host as the source');
  const sources = await store.db.selectFrom('units').select('source').distinct().orderBy('source').execute();
  t.same(
    sources.map((s) => s.source),
    [new URL(base).host, 'demo'],
  );
});
