// fetchPicture: one time-out for the whole fetch, public addresses only (also
// after redirects, and whatever DNS answers), pictures only.
import t from 'tap';
import { addressPolicy, fetchPicture, PictureError, type Resolve } from '../../../src/server/feed-images/index.ts';
import { JPEG, PNG, pictureServer } from './pictures.ts';
import type { TapTest } from '../../helpers/db.ts';

const LOOPBACK = ['127.0.0.1/32'];
const TIMEOUT = 200;

/** Fake DNS: the names the tests use, to the addresses they stand for. */
const dnsOf =
  (table: Record<string, string[]>): Resolve =>
  async (hostname) => {
    const found = table[hostname];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

async function failure(t: TapTest, promise: Promise<unknown>): Promise<PictureError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  t.type(error, PictureError, 'fails with a PictureError');
  return error as PictureError;
}

t.test('a server that does not answer in time is a 504', async (t) => {
  const silent = await pictureServer(t, () => {});
  const stalls = await pictureServer(t, (_req, res) => {
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(PNG.length) });
    res.write(PNG.subarray(0, 20));
  });
  let trickle: NodeJS.Timeout | undefined;
  t.teardown(() => clearInterval(trickle));
  const trickles = await pictureServer(t, (_req, res) => {
    res.writeHead(200, { 'content-type': 'image/png' });
    res.write(PNG.subarray(0, 10));
    trickle = setInterval(() => res.write(Buffer.alloc(1)), 20);
  });
  const options = { timeoutMs: TIMEOUT, policy: addressPolicy(LOOPBACK) };

  const never = await failure(t, fetchPicture(`${silent.origin}/a.png`, options));
  t.equal(never.statusCode, 504, 'no headers: 504');
  t.match(never.message, /too slow/);
  t.equal(silent.hits['/a.png'], 1);
  t.equal((await failure(t, fetchPicture(`${stalls.origin}/a.png`, options))).statusCode, 504, 'stalls mid-body: 504');
  t.equal((await failure(t, fetchPicture(`${trickles.origin}/a.png`, options))).statusCode, 504, 'a body that trickles: 504');
});

t.test('pictures only, whatever the server says they are', async (t) => {
  const html = Buffer.from(`<!doctype html><html><body>${'x'.repeat(200)}<script>alert(1)</script></body></html>`);
  const server = await pictureServer(t, (req, res) => {
    const send = (type: string | null, body: Buffer) => res.writeHead(200, type ? { 'content-type': type } : {}).end(body);
    if (req.url === '/photo.png') return send('image/png; charset=binary', PNG);
    if (req.url === '/mislabelled.jpg') return send('image/jpeg', PNG);
    if (req.url === '/page') return send('text/html', html);
    if (req.url === '/spoofed.png') return send('image/png', html);
    if (req.url === '/drawing.svg')
      return send('image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'));
    if (req.url === '/untyped') return send(null, PNG);
    if (req.url === '/big.jpg') return send('image/jpeg', Buffer.concat([JPEG, Buffer.alloc(5000)]));
    if (req.url === '/cut.png') {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(PNG.length + 50) });
      return res.end(PNG);
    }
    res.writeHead(404).end();
  });
  const options = { timeoutMs: 5000, policy: addressPolicy(LOOPBACK) };

  const photo = await fetchPicture(`${server.origin}/photo.png`, options);
  t.equal(photo.type, 'image/png');
  t.same(photo.bytes, PNG);
  t.equal(
    (await fetchPicture(`${server.origin}/mislabelled.jpg`, options)).type,
    'image/png',
    'the bytes decide which picture format it is',
  );
  for (const [path, reason] of [
    ['/page', /not a picture \(text\/html\)/],
    ['/spoofed.png', /not a picture \(its content/],
    ['/drawing.svg', /not a picture \(image\/svg\+xml\)/],
    ['/untyped', /not a picture \(no type\)/],
    ['/missing.png', /status 404/],
    ['/cut.png', /cut off/],
  ] as const) {
    const error = await failure(t, fetchPicture(`${server.origin}${path}`, options));
    t.equal(error.statusCode, 502, `${path}: 502`);
    t.match(error.message, reason, path);
    t.notOk(error.refused, 'not a refused address');
  }
  t.match((await failure(t, fetchPicture(`${server.origin}/big.jpg`, { ...options, maxBytes: 1000 }))).message, /too large/);
});

t.test('only public addresses are fetched', async (t) => {
  const server = await pictureServer(t, (_req, res) => void res.writeHead(200, { 'content-type': 'image/png' }).end(PNG));
  const resolve = dnsOf({
    localhost: ['127.0.0.1', '::1'],
    'pictures.test': ['127.0.0.1'],
    'metadata.test': ['169.254.169.254'],
    'intranet.test': ['10.0.0.7', '192.168.1.20'],
    'v6.test': ['::1', 'fe80::1', 'fd00::5'],
    'mapped.test': ['::ffff:127.0.0.1'],
  });
  const strict = { timeoutMs: 5000, resolve };

  for (const url of [
    `${server.origin}/photo.png`,
    `http://localhost:${server.port}/photo.png`,
    `http://pictures.test:${server.port}/photo.png`,
    `http://mapped.test:${server.port}/photo.png`,
    `http://[::ffff:127.0.0.1]:${server.port}/photo.png`,
    `http://2130706433:${server.port}/photo.png`,
    `http://[::1]:${server.port}/photo.png`,
    `http://v6.test:${server.port}/photo.png`,
    `http://metadata.test/latest/meta-data/`,
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.7/a.png',
    'http://172.16.4.1/a.png',
    'http://192.168.1.1/a.png',
    'http://100.64.0.1/a.png',
    'http://0.0.0.0/a.png',
    'http://224.0.0.1/a.png',
    'http://[fe80::1]/a.png',
    'http://[fc00::1]/a.png',
    'http://[::]/a.png',
    'http://intranet.test/a.png',
    'ftp://pictures.test/a.png',
    'file:///etc/passwd',
    'not a url',
  ]) {
    const error = await failure(t, fetchPicture(url, strict));
    t.equal(error.statusCode, 502, `${url}: 502`);
    t.ok(error.refused, `${url}: refused`);
  }
  t.equal(server.connections, 0, 'nothing reached the loopback');

  // The opt-in lets exactly its ranges through.
  const loose = { ...strict, policy: addressPolicy(LOOPBACK) };
  t.same((await fetchPicture(`http://pictures.test:${server.port}/photo.png`, loose)).bytes, PNG, 'an allowed range, through DNS');
  t.ok((await failure(t, fetchPicture(`http://127.0.0.2:${server.port}/photo.png`, loose))).refused, 'only the ranges allowed');
  t.ok((await failure(t, fetchPicture(`http://metadata.test/`, loose))).refused, 'the metadata address still refused');
  const mixed = dnsOf({ 'mixed.test': ['10.0.0.7', '127.0.0.1'] });
  t.same(
    (await fetchPicture(`http://mixed.test:${server.port}/photo.png`, { ...loose, resolve: mixed })).bytes,
    PNG,
    'only the allowed addresses DNS gives are used',
  );
  const unknown = await failure(t, fetchPicture(`http://nowhere.test/a.png`, loose));
  t.notOk(unknown.refused, 'a name DNS does not know is unreachable, not refused');
  t.equal(unknown.statusCode, 502);
});

t.test('redirects are followed, at most 5, each hop checked', async (t) => {
  const server = await pictureServer(t, (req, res) => {
    const url = new URL(req.url!, 'http://x');
    const hop = /^\/hop\/(\d+)$/.exec(url.pathname);
    if (hop) {
      const n = Number(hop[1]);
      return void res.writeHead(n % 2 ? 302 : 301, { location: n > 1 ? `/hop/${n - 1}` : '/photo.png' }).end();
    }
    if (url.pathname === '/to') return void res.writeHead(307, { location: url.searchParams.get('where')! }).end();
    if (url.pathname === '/no-location') return void res.writeHead(302).end();
    if (url.pathname === '/photo.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    res.writeHead(404).end();
  });
  const options = {
    timeoutMs: 5000,
    policy: addressPolicy(LOOPBACK),
    resolve: dnsOf({ 'pictures.test': ['127.0.0.1'], 'metadata.test': ['169.254.169.254'], 'home.test': ['::1'] }),
  };

  t.same((await fetchPicture(`${server.origin}/hop/5`, options)).bytes, PNG, '5 redirects are followed');
  t.equal(server.hits['/photo.png'], 1);
  const tooMany = await failure(t, fetchPicture(`${server.origin}/hop/6`, options));
  t.match(tooMany.message, /more than 5 redirects/);
  t.equal(server.hits['/photo.png'], 1, 'the sixth is not');
  t.same(
    (await fetchPicture(`${server.origin}/to?where=${encodeURIComponent(`http://pictures.test:${server.port}/photo.png`)}`, options)).bytes,
    PNG,
    'to another host',
  );
  t.match((await failure(t, fetchPicture(`${server.origin}/no-location`, options))).message, /without a location/);

  const before = server.connections;
  for (const where of [
    'http://169.254.169.254/latest/meta-data/iam/',
    'http://metadata.test/latest/meta-data/',
    `http://[::1]:${server.port}/photo.png`,
    `http://home.test:${server.port}/photo.png`,
    `http://127.0.0.2:${server.port}/photo.png`,
    'http://10.1.2.3/a.png',
    'file:///etc/passwd',
    'gopher://pictures.test/',
  ]) {
    const error = await failure(t, fetchPicture(`${server.origin}/to?where=${encodeURIComponent(where)}`, options));
    t.equal(error.statusCode, 502, `redirect to ${where}: 502`);
    t.ok(error.refused, `redirect to ${where}: refused`);
  }
  t.equal(server.connections - before, 8, 'only the first hop of each connected');
});
