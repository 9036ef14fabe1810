// A map tile server for the browser tests, on 127.0.0.1 and a free port:
// another origin than the app's, so its tiles are a third-party request.
import http from 'node:http';
import zlib from 'node:zlib';

interface Teardown {
  teardown(fn: () => unknown): void;
}

/** A 256×256 grey PNG, made here (no file, no package). */
function tilePng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(zlib.crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(256, 0);
  header.writeUInt32BE(256, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows = Buffer.alloc(257 * 256, 0xd0);
  for (let y = 0; y < 256; y++) rows[y * 257] = 0; // filter: none
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * The tile server: every /{z}/{x}/{y}.png is the grey tile (or, `failing`, a
 * 503 as from a tile server that is down); it counts what it is asked for.
 */
export async function tileServer(tt: Teardown, { failing = false } = {}): Promise<{ template: string; served: string[] }> {
  const png = tilePng();
  const served: string[] = [];
  const server = http.createServer((req, res) => {
    served.push(req.url ?? '');
    if (failing) {
      res.writeHead(503, { 'content-type': 'text/plain' });
      return void res.end('down');
    }
    res.writeHead(/^\/\d+\/\d+\/\d+\.png$/.test(req.url ?? '') ? 200 : 404, {
      'content-type': 'image/png',
      'access-control-allow-origin': '*',
    });
    res.end(png);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  tt.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.address() as { port: number };
  return { template: `http://127.0.0.1:${port}/{z}/{x}/{y}.png`, served };
}
