// Feeds an attacker or a broken exporter would send, served on 127.0.0.1 and a
// free port, stopped when the test ends. Every answer is generated as it is
// read (backpressure), so that a test never holds the gigabyte it serves:
//
//   /trickle.xml      the start of a feed, then one byte every 100 ms, for ever
//   /huge-text.xml    one <desc> text node of 1 GiB
//   /bomb.xml         Content-Encoding: gzip, about 1 MiB that decompresses to 1 GiB of <x/> elements
//   /bomb.xml.gz      the same bomb as a gzip file (no Content-Encoding)
//   /text-bomb.xml.gz a gzip file of about 1 MiB that decompresses to one 1 GiB text node
//   /pi.xml           a processing instruction whose target runs for 1 GiB
//   /attributes.xml   one tag with short attributes for 1 GiB
//   /deep.xml         <a> nested in <a> for 1 GiB
import http from 'node:http';
import zlib from 'node:zlib';
import { Readable } from 'node:stream';
import { feed, property } from './feeds.ts';
import { listenUntilTheEnd, type Teardown } from './feed-server.ts';

const GiB = 2 ** 30;
const MiB = 2 ** 20;
const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<root>\n';

/** `head`, then `unit` repeated until `total` bytes have been sent, pulled chunk by chunk. */
function repeated(head: string, unit: string, total: number): Readable {
  const block = unit.repeat(Math.ceil((64 * 1024) / unit.length));
  return generated(head, () => block, total);
}

/** `head`, then block(0), block(1)… until `total` bytes have been sent, pulled chunk by chunk. */
function generated(head: string, block: (i: number) => string, total: number): Readable {
  return Readable.from(
    (function* () {
      yield Buffer.from(head);
      for (let sent = 0, i = 0; sent < total; i++) {
        const chunk = Buffer.from(block(i));
        sent += chunk.length;
        yield chunk;
      }
    })(),
  );
}

/** About 64 KiB of attributes, named apart from every other block's. */
export const attributes = (i: number) => Array.from({ length: 4096 }, (_, j) => ` a${i}-${j}=""`).join('');

/**
 * A gzip bomb: gzip members concatenated (a gzip reader reads them as one
 * stream), each 1 MiB of `unit` compressed once, so ~1 MiB expands to 1 GiB.
 */
function bomb(head: string, unit: string): Buffer {
  const member = zlib.gzipSync(unit.repeat(MiB / unit.length), { level: 9 });
  return Buffer.concat([zlib.gzipSync(head), ...Array.from({ length: GiB / MiB }, () => member)]);
}

export async function startHostileFeedServer(t: Teardown): Promise<string> {
  const elementBomb = bomb(HEAD, '<x/>');
  const textBomb = bomb(`${HEAD}<property><desc><en>`, 'a');
  const server = http.createServer((req, res) => {
    const xml = { 'content-type': 'application/xml' };
    switch (req.url) {
      case '/trickle.xml': {
        res.writeHead(200, xml);
        res.write(feed(property({ id: 'T1' })).replace('</root>\n', ''));
        const timer = setInterval(() => res.write(' '), 100);
        res.on('close', () => clearInterval(timer));
        return;
      }
      case '/huge-text.xml':
        res.writeHead(200, xml);
        repeated(`${HEAD}<property><id>H1</id><desc><en>`, 'a', GiB).pipe(res);
        return;
      case '/bomb.xml':
        res.writeHead(200, { ...xml, 'content-encoding': 'gzip' });
        Readable.from([elementBomb]).pipe(res);
        return;
      case '/bomb.xml.gz':
        res.writeHead(200, { 'content-type': 'application/gzip' });
        Readable.from([elementBomb]).pipe(res);
        return;
      case '/text-bomb.xml.gz':
        res.writeHead(200, { 'content-type': 'application/gzip' });
        Readable.from([textBomb]).pipe(res);
        return;
      case '/pi.xml':
        res.writeHead(200, xml);
        repeated(`${HEAD}<?`, 'a', GiB).pipe(res);
        return;
      case '/attributes.xml':
        res.writeHead(200, xml);
        generated(`${HEAD}<property`, attributes, GiB).pipe(res);
        return;
      case '/deep.xml':
        res.writeHead(200, xml);
        repeated(HEAD, '<a>', GiB).pipe(res);
        return;
      default:
        res.writeHead(404).end();
    }
  });
  return listenUntilTheEnd(t, server);
}
