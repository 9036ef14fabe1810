// JSON bodies: nesting deeper than MAX_JSON_DEPTH is a 400 and a body over
// BODY_LIMIT a 413, each in the API's error shape with a message that says
// so; a 10 KB body of [[[[…]]]] was a 500 on every POST.
import t from 'tap';
import { testApp } from '../../helpers/app.ts';
import { exceedsDepth, MAX_JSON_DEPTH } from '../../../src/server/http/json-bodies.ts';

const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

t.test('exceedsDepth counts arrays and objects, not brackets inside strings', async (t) => {
  t.equal(exceedsDepth('{"a":[1,{"b":[]}]}', 4), false);
  t.equal(exceedsDepth('{"a":[1,{"b":[[]]}]}', 4), true);
  t.equal(exceedsDepth(JSON.stringify({ a: '[[[[[[[[', b: '\\"[[[[[' }), 2), false, 'in strings, escaped quotes too');
  t.equal(exceedsDepth(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH), false);
  t.equal(exceedsDepth(nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH), true);
});

t.test('deep, malformed, empty and too large bodies get 400 and 413 with their reason', async (t) => {
  const app = await testApp(t, { env: { SEED_DEMO: 'false' } });
  const send = (payload: string, url = '/api/leads') =>
    app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json' } });
  for (const url of ['/api/leads', '/api/client-login', '/api/properties']) {
    const deep = await send(nested(5000), url);
    t.equal(deep.statusCode, 400, `${url}: 10 KB of [[[[…]]]]`);
    t.same(deep.json(), {
      statusCode: 400,
      error: 'Bad Request',
      message: `body: arrays and objects may be nested at most ${MAX_JSON_DEPTH} levels deep`,
    });
    t.match(deep.headers['cache-control'], /no-store/);
  }
  t.equal((await send(`{"kind":"contact","name":${nested(40)}}`)).statusCode, 400, 'deep inside a field');
  t.same((await send('{"kind":')).json(), { statusCode: 400, error: 'Bad Request', message: 'body: not valid JSON' });
  t.same((await send('')).json(), { statusCode: 400, error: 'Bad Request', message: 'body: empty; send a JSON object' });
  t.equal((await send('{"__proto__":{"admin":true}}')).statusCode, 400, 'prototype poisoning');
  // Printing such a value in a struct's failure threw: a 500.
  t.same((await send('{"kind":"contact","name":[{"toString":1}]}')).json(), {
    statusCode: 400,
    error: 'Bad Request',
    message: 'body: toString is not allowed as a key',
  });
  const huge = await send(JSON.stringify({ kind: 'contact', message: 'x'.repeat(70_000) }));
  t.equal(huge.statusCode, 413);
  t.same(huge.json(), { statusCode: 413, error: 'Payload Too Large', message: 'body: too large (at most 64 KB)' });
  const plain = await app.inject({ method: 'POST', url: '/api/leads', payload: 'hello', headers: { 'content-type': 'application/xml' } });
  t.same(plain.json(), { statusCode: 415, error: 'Unsupported Media Type', message: 'body: send it as application/json' });
});
