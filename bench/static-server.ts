// The bench's ceiling (bench/origin.ts): a bare Fastify with @fastify/static
// serving one folder, in its own process, with none of the site's hooks.
// `node bench/static-server.ts <folder> <port>`; a .br or .gz file beside a
// file is sent to a client that accepts it (preCompressed), as a CDN or nginx
// with precompressed files would.
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';

const [root, port] = process.argv.slice(2);
if (!root || !port) throw new Error('usage: node bench/static-server.ts <folder> <port>');
const app = Fastify({ logger: false });
await app.register(fastifyStatic, { root, preCompressed: true, index: false, etag: false, lastModified: false });
app.get('/readyz', async () => 'ok');
await app.listen({ host: '127.0.0.1', port: Number(port) });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
