// Every POST, PUT, PATCH and DELETE route (read from the app itself, so a new
// one is covered without being listed here), anonymous and logged in, with
// malformed, deep, huge and wrongly typed bodies and wrong content types: no
// answer is a 5xx.
import t from 'tap';
import { forEachStore } from '../../helpers/db.ts';
import { appRoutes } from '../../helpers/routes.ts';
import { accountsApp, bearer, registered } from '../accounts/helpers.ts';

const deep = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
const json = (value: unknown) => ({ type: 'application/json', body: JSON.stringify(value) });
/** A body of every kind a field could be given the wrong way. */
const wrongFields = (value: unknown) =>
  Object.fromEntries(
    [
      'kind',
      'action',
      'email',
      'password',
      'password_repeat',
      'token',
      'name',
      'id',
      'ids',
      'page',
      'partner',
      'domain',
      'idempotency_key',
      'project_id',
      'favorites',
      'terms',
      'filters',
      'slug',
      'current_password',
    ].map((k) => [k, value]),
  );

const BODIES: Array<{ name: string; type?: string; body: string }> = [
  { name: 'malformed', type: 'application/json', body: '{"kind":' },
  { name: 'not JSON', type: 'application/json', body: 'hello' },
  { name: 'trailing garbage', type: 'application/json', body: '{"a":1}}' },
  { name: 'empty', type: 'application/json', body: '' },
  { name: 'a NUL', type: 'application/json', body: '"\u0000"' },
  { name: '10 KB of [[[[…]]]]', type: 'application/json', body: deep(5000) },
  { name: 'deep objects', type: 'application/json', body: '{"a":'.repeat(3000) + '1' + '}'.repeat(3000) },
  { name: 'deep in each field', ...json(wrongFields(JSON.parse(deep(30)))) },
  { name: 'huge', ...json({ kind: 'contact', message: 'x'.repeat(300_000) }) },
  { name: 'huge array', type: 'application/json', body: `[${'1,'.repeat(40_000)}1]` },
  { name: 'null', ...json(null) },
  { name: 'a number', ...json(12) },
  { name: 'a string', ...json('contact') },
  { name: 'an array', ...json([{ kind: 'contact' }]) },
  { name: 'an empty object', ...json({}) },
  { name: 'numbers for fields', ...json(wrongFields(1e308)) },
  { name: 'objects for fields', ...json(wrongFields({ toString: 'x', valueOf: 1 })) },
  { name: 'arrays for fields', ...json(wrongFields(['a', 1, null])) },
  { name: 'long strings for fields', ...json(wrongFields('é'.repeat(20_000))) },
  { name: 'constructor poisoning', type: 'application/json', body: '{"constructor":{"prototype":{"x":1}}}' },
  { name: 'text/plain', type: 'text/plain', body: '{"kind":"contact"}' },
  { name: 'form data', type: 'application/x-www-form-urlencoded', body: 'kind=contact&email=a%40b.c' },
  {
    name: 'multipart',
    type: 'multipart/form-data; boundary=x',
    body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
  },
  { name: 'xml', type: 'application/xml', body: '<a/>' },
  { name: 'a bad charset', type: 'application/json; charset=utf-7', body: '{}' },
  { name: 'no content type', body: '{"kind":"contact"}' },
];

/** A concrete address for a route's path: parameters and wildcards filled. */
const concrete = (path: string) => path.replace(/:[^/.-]+/g, '1').replace(/\*/g, 'contact');

forEachStore(
  t,
  'no body sent to any route that takes one is answered with a 5xx',
  async (t, store) => {
    const { app } = await accountsApp(t, store, { AUTH_RATE_LIMIT: '10000', LEAD_RATE_LIMIT: '10000' });
    const token = await registered(app, 'fuzz@example.com');
    await app.ready();
    const targets = appRoutes(app).flatMap((route) =>
      route.methods.filter((m) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(m)).map((method) => ({ method, url: concrete(route.path) })),
    );
    t.ok(
      targets.some((r) => r.url === '/api/leads') && targets.some((r) => r.url === '/api/client-login') && targets.length >= 20,
      `${targets.length} routes`,
    );

    const failures: string[] = [];
    for (const { method, url } of targets)
      for (const who of [{}, bearer(token)])
        for (const { name, type, body } of BODIES) {
          const res = await app.inject({
            method: method as 'POST',
            url,
            payload: body,
            headers: { ...who, ...(type ? { 'content-type': type } : {}) },
          });
          const as = 'authorization' in who ? 'with a session' : 'anonymous';
          if (res.statusCode >= 500) failures.push(`${method} ${url} ${as} ${name}: ${res.statusCode} ${res.body.slice(0, 120)}`);
          if (
            res.statusCode >= 400 &&
            res.headers['content-type']?.startsWith('application/json') &&
            typeof res.json().message !== 'string'
          )
            failures.push(`${method} ${url} ${as} ${name}: ${res.statusCode} without a message`);
        }
    t.same(failures, [], 'no 5xx, and every JSON error says why');
  },
  { seed: true },
);
