// Fastify's JSON-schema compilers load on first use, not with the app (issue 12):
// creating the app requires neither; a route that declares a schema still
// gets Fastify's validation (400) and serialisation. In the e2e tier, which
// runs each file in a process of its own: it reads which modules the process
// has loaded, and the fast tier shares a process between files.
import t from 'tap';
import { createRequire } from 'node:module';
import Fastify from 'fastify';
import { lazySchemaCompilers } from '../../../src/server/http/lazy-schema-compilers.ts';
import { testApp } from '../../helpers/app.ts';

const require = createRequire(import.meta.url);
const loaded = (name: string) => Object.keys(require.cache).some((file) => file.includes(`/node_modules/${name}/`));

// First in the file: nothing else in this process has needed a compiler yet.
t.test('the site itself starts and answers a page and the API without loading a compiler', async (t) => {
  const app = await testApp(t);
  await app.ready();
  t.equal((await app.inject('/healthz')).statusCode, 200);
  t.equal((await app.inject('/')).statusCode, 200);
  t.notOk(loaded('ajv'), 'Ajv not loaded by the app');
  t.notOk(loaded('@fastify/ajv-compiler'), 'nor the validator compiler');
  t.notOk(loaded('@fastify/fast-json-stringify-compiler'), 'nor the serialiser compiler');
});

t.test('no compiler is required until a route declares a schema; then both work', async (t) => {
  const app = Fastify({ schemaController: { compilersFactory: lazySchemaCompilers } });
  t.teardown(() => app.close());
  app.get('/plain', async () => ({ ok: true }));
  await app.ready();
  t.notOk(loaded('ajv'), 'Ajv not loaded by an app without schemas');
  t.notOk(loaded('@fastify/ajv-compiler'), 'nor the validator compiler');
  t.same((await app.inject('/plain')).json(), { ok: true });

  const withSchema = Fastify({ schemaController: { compilersFactory: lazySchemaCompilers } });
  t.teardown(() => withSchema.close());
  withSchema.post(
    '/typed',
    {
      schema: {
        body: { type: 'object', required: ['n'], properties: { n: { type: 'integer' } } },
        response: { 200: { type: 'object', properties: { n: { type: 'integer' } } } },
      },
    },
    async (request) => ({ n: (request.body as { n: number }).n, secret: 'not serialised' }),
  );
  const bad = await withSchema.inject({ method: 'POST', url: '/typed', payload: { n: 'x' } });
  t.equal(bad.statusCode, 400, 'the schema validates');
  const good = await withSchema.inject({ method: 'POST', url: '/typed', payload: { n: 3 } });
  t.same(good.json(), { n: 3 }, 'the response schema serialises');
  t.ok(loaded('@fastify/ajv-compiler'), 'loaded once a route needed it');
});
