// A feed's body kept on disk before its import (feed-spool.ts): read back whole,
// in an unlinked file (nothing under the folder, during or after), and a body
// that fails, or a folder that cannot be made, is one line and leaves nothing.
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

t.test('the bytes come back whole, from a file no one can find', async (t) => {
  const dir = path.join(t.testdir(), 'feeds');
  const body = randomBytes(3 * 1024 * 1024 + 17);
  async function* chunks() {
    for (let at = 0; at < body.length; at += 65_537) yield body.subarray(at, at + 65_537);
  }
  const spooled = await spoolFeed(chunks(), dir);
  t.same(fs.readdirSync(dir), [], 'the file is unlinked once open');
  t.ok((await bytesOf(spooled.input)).equals(body), 'every byte, in order');
  await spooled.close();
  t.same(fs.readdirSync(dir), []);
});

t.test('a body that fails half-way rejects with its own error and leaves nothing', async (t) => {
  const dir = path.join(t.testdir(), 'feeds');
  async function* failing() {
    yield Buffer.from('<root>');
    throw new FeedError('download failed: timed out after 10 ms (http://example.test/feed.xml)');
  }
  await t.rejects(spoolFeed(failing(), dir), {
    name: 'FeedError',
    message: 'download failed: timed out after 10 ms (http://example.test/feed.xml)',
  });
  t.same(fs.readdirSync(dir), []);
});

t.test('a folder that cannot be made is one line naming it', async (t) => {
  const file = path.join(t.testdir({ 'data-dir': 'a file, not a folder' }), 'data-dir');
  async function* body() {
    yield Buffer.from('<root/>');
  }
  await t.rejects(spoolFeed(body(), path.join(file, 'feeds')), {
    name: 'FeedError',
    message: `cannot keep the feed on disk: ENOTDIR (${path.join(file, 'feeds')})`,
  });
});
