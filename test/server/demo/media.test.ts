// GET /media/demo/<name>.svg: deterministic, well-formed SVG, cached forever;
// 400 for a name that is not one, 404 for a name that names no picture, and
// for any other extension: the pages show a drawing as a feed photo, through
// the picture proxy (test/server/feed-images/prepare-demo-photos.test.ts).
import Fastify from 'fastify';
import { SaxesParser } from 'saxes';
import t from 'tap';
import { mediaRoutes } from '../../../src/server/api/media.ts';
import { installErrorHandler } from '../../../src/server/api/errors.ts';
import { drawDemoImage } from '../../../src/server/demo/svg.ts';
import type { TapTest } from '../../helpers/db.ts';

/** The routes with the app's error handler. */
async function app(t: TapTest) {
  const fastify = Fastify({ logger: false });
  installErrorHandler(fastify);
  await fastify.register(mediaRoutes);
  t.teardown(() => fastify.close());
  return fastify;
}

/** Throws unless the text is well-formed XML with an <svg> root in the SVG namespace. */
function checkSvg(text: string): void {
  const parser = new SaxesParser({ xmlns: true });
  let root: { name: string; uri: string } | undefined;
  parser.on('opentag', (tag) => {
    root ??= { name: tag.local ?? tag.name, uri: tag.uri ?? '' };
  });
  parser.write(text).close();
  if (root?.name !== 'svg' || root.uri !== 'http://www.w3.org/2000/svg') throw new Error(`root ${JSON.stringify(root)}`);
}

t.test('a picture: SVG, the same bytes every time, immutable', async (t) => {
  const fastify = await app(t);
  const names = [
    'p12-villa-1',
    'p3-apartment-1',
    'p7-townhouse-2',
    'p9-bungalow-1',
    'p1-land-1',
    'p5-pool-2',
    'p5-terrace-3',
    'p5-interior-4',
    'p5-kitchen-5',
    'p5-bedroom-6',
    'p5-street-2',
    'p5-garden-3',
    'p12-plan-1',
  ];
  for (const name of names) {
    const res = await fastify.inject(`/media/demo/${name}.svg`);
    t.equal(res.statusCode, 200, name);
    t.equal(res.headers['content-type'], 'image/svg+xml; charset=utf-8');
    t.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
    t.doesNotThrow(() => checkSvg(res.body), `${name} is well-formed SVG`);
    t.equal((await fastify.inject(`/media/demo/${name}.svg`)).body, res.body, 'the same bytes again');
    t.equal(res.body, drawDemoImage(name), 'and as drawn without the cache');
  }
  const a = (await fastify.inject('/media/demo/p1-villa-1.svg')).body;
  const b = (await fastify.inject('/media/demo/p2-villa-1.svg')).body;
  t.not(a, b, 'another name, another picture');
});

t.test('names that are not names: 400; names of nothing: 404', async (t) => {
  const fastify = await app(t);
  for (const url of [
    '/media/demo/P1-villa.svg',
    '/media/demo/p1_villa.svg',
    '/media/demo/-villa.svg',
    '/media/demo/villa--1.svg',
    '/media/demo/%3Cscript%3E.svg',
    '/media/demo/..%2F..%2Fetc%2Fpasswd.svg',
    `/media/demo/${'a'.repeat(81)}-villa.svg`,
    '/media/demo/.svg',
  ]) {
    const res = await fastify.inject(url);
    t.equal(res.statusCode, 400, url);
    t.equal(res.headers['cache-control'], 'no-store');
    t.same(res.json(), { statusCode: 400, error: 'Bad Request', message: 'the picture name must be lowercase letters, digits and dashes' });
  }
  // Documents are registered clients' downloads (GET /api/files/{id}), never public media.
  for (const url of [
    '/media/demo/p1-castle-1.svg',
    '/media/demo/p1-villa-1.png',
    '/media/demo/p1-villa-1.jpg',
    '/media/demo/p1-villa-1',
    '/media/demo/nothing.svg',
    '/media/demo/p12-price-list.svg',
    '/media/demo/p12-floor-plans.svg',
    '/media/demo/p12-brochure.svg',
    '/media/demo/brochure.svg',
  ]) {
    const res = await fastify.inject(url);
    t.equal(res.statusCode, 404, url);
    t.equal(res.headers['cache-control'], 'no-store');
    t.same(res.json(), { statusCode: 404, error: 'Not Found', message: 'no such picture' });
  }
  t.equal(drawDemoImage('p1-villa-1<'), null, 'the drawer refuses what the route refuses');
});
