// A feed's body kept on disk before its import (feed-spool.ts): read back whole,
// in an unlinked file (nothing under the folder, during or after), and a body
// that fails, or a folder that cannot be made, is one line and leaves nothing;
// the download is let go every time, read or not.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { spoolFeed } from '../../../src/server/catalogue-import/feed-spool.ts';
import { FeedError } from '../../../src/server/catalogue-import/feed-property.ts';

async function bytesOf(chunks: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts);
}

/** A download of `body` that counts how often it is let go. */
function download(body: AsyncIterable<Uint8Array>) {
  const answer = { body, cancelled: 0, cancel: () => void answer.cancelled++ };
  return answer;
}

t.test('the bytes come back whole, from a file no one can find', async (t) => {
  const dataDir = t.testdir();
  const body = randomBytes(3 * 1024 * 1024 + 17);
  async function* chunks() {
    for (let at = 0; at < body.length; at += 65_537) yield body.subarray(at, at + 65_537);
  }
  const answer = download(chunks());
  const spooled = await spoolFeed(answer, dataDir);
  t.equal(answer.cancelled, 1, 'the download is let go once read');
  t.same(fs.readdirSync(path.join(dataDir, 'feeds')), [], 'the file is unlinked once open');
  t.ok((await bytesOf(spooled.input)).equals(body), 'every byte, in order');
  await spooled.close();
  t.same(fs.readdirSync(path.join(dataDir, 'feeds')), []);
});

t.test('a body that fails half-way rejects with its own error and leaves nothing', async (t) => {
  const dataDir = t.testdir();
  async function* failing() {
    yield Buffer.from('<root>');
    throw new FeedError('download failed: timed out after 10 ms (http://example.test/feed.xml)');
  }
  const answer = download(failing());
  await t.rejects(spoolFeed(answer, dataDir), {
    name: 'FeedError',
    message: 'download failed: timed out after 10 ms (http://example.test/feed.xml)',
  });
  t.equal(answer.cancelled, 1, 'the download is let go');
  t.same(fs.readdirSync(path.join(dataDir, 'feeds')), []);
});

t.test('a folder that cannot be made is one line naming it, and the unread download is let go', async (t) => {
  const dataDir = path.join(t.testdir({ 'data-dir': 'a file, not a folder' }), 'data-dir');
  async function* body() {
    yield Buffer.from('<root/>');
  }
  const answer = download(body());
  await t.rejects(spoolFeed(answer, dataDir), {
    name: 'FeedError',
    message: `cannot keep the feed on disk: ENOTDIR (${path.join(dataDir, 'feeds')})`,
  });
  t.equal(answer.cancelled, 1);
});
