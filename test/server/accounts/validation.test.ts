// Every account body is checked: a 400 naming the field (never a 500) for
// wrong types, missing fields, huge strings and non-objects; 415 for anything
// but JSON (what a cross-site form could send). And the request log never
// shows a password, a session token or a reset token.
import t from 'tap';
import Fastify from 'fastify';
import { Writable } from 'node:stream';
import { forEachStore } from '../../helpers/db.ts';
import { loggerOptions } from '../../../src/server/http/redact.ts';
import { accountsApp, bearer, PASSWORD, registered, registerBody } from './helpers.ts';

// Far over every field's maximum; two of them still fit the body limit (64 KB, http/json-bodies.ts).
const HUGE = 'x'.repeat(20_000);

forEachStore(
  t,
  'bad bodies are 400s that name the field; other content types are 415',
  async (t, store) => {
    const { app } = await accountsApp(t, store, { AUTH_RATE_LIMIT: '1000' });
    const token = await registered(app, 'ana@example.com');
    const cases: Array<[string, unknown, RegExp]> = [
      ['/api/client-register', {}, /^email is required$/],
      ['/api/client-register', registerBody('not-an-email'), /^email: Please enter a valid email/],
      ['/api/client-register', registerBody(`${HUGE}@example.com`), /^email: /],
      [
        '/api/client-register',
        registerBody('b@example.com', { password: 'short', password_repeat: 'short' }),
        /^password: Please use at least 10 characters/,
      ],
      [
        '/api/client-register',
        registerBody('b@example.com', { password: HUGE, password_repeat: HUGE }),
        /^password: Please use at most 128/,
      ],
      [
        '/api/client-register',
        registerBody('b@example.com', { password_repeat: 'something else' }),
        /^password_repeat: The passwords do not match/,
      ],
      ['/api/client-register', registerBody('b@example.com', { terms: false }), /^terms: Please agree with the terms/],
      ['/api/client-register', registerBody('b@example.com', { terms: 'yes' }), /^terms: /],
      [
        '/api/client-register',
        registerBody('b@example.com', { password: 'qwertyuiop', password_repeat: 'qwertyuiop' }),
        /^password: This password is one of the most common/,
      ],
      ['/api/client-register', registerBody('b@example.com', { favorites: ['1'] }), /^favorites\.0: /],
      ['/api/client-register', registerBody('b@example.com', { favorites: Array.from({ length: 501 }, (_, i) => i + 1) }), /^favorites: /],
      ['/api/client-register', registerBody('b@example.com', { admin: true }), /^admin is not allowed$/],
      ['/api/client-register', [], /^body: /],
      ['/api/client-register', 'a string', /^body: /],
      ['/api/client-login', { email: 'ana@example.com' }, /^password is required$/],
      ['/api/client-login', { email: 'ana@example.com', password: 12345678901 }, /^password: /],
      ['/api/client-login', { email: ['ana@example.com'], password: PASSWORD }, /^email: /],
      ['/api/client-login', { email: 'ana@example.com', password: HUGE }, /^password: /],
      ['/api/client-login', null, /^email is required$|^body: /],
      ['/api/client-forgot-password', { email: 42 }, /^email: /],
      ['/api/client-forgot-password', { email: 'a@example.com\r\nBcc: x@evil.com' }, /^email: /],
      ['/api/client-reset-password', { password: PASSWORD, password_repeat: PASSWORD }, /^token is required$/],
      ['/api/client-reset-password', { token: HUGE, password: PASSWORD, password_repeat: PASSWORD }, /^token: /],
      ['/api/profilesubmit', { name: HUGE }, /^name: Please use at most 100/],
      ['/api/profilesubmit', { name: 'a\nb' }, /^name: Please keep this on a single line/],
      ['/api/profilesubmit', { phone: 'call me' }, /^phone: /],
      ['/api/profilesubmit', { password: 'a new long password' }, /^password_repeat: /],
      ['/api/profilesubmit', { email: 17 }, /^email: /],
      ['/api/favoritesubmit', {}, /^action is required$/],
      ['/api/favoritesubmit', { action: 'delete', id: 1 }, /^action: Expected one of `"add","remove","merge"`/],
      ['/api/favoritesubmit', { action: 'add' }, /^id is required$/],
      ['/api/favoritesubmit', { action: 'add', id: -3 }, /^id: /],
      ['/api/favoritesubmit', { action: 'add', id: 1.5 }, /^id: /],
      ['/api/favoritesubmit', { action: 'merge', ids: 'all' }, /^ids: /],
      ['/api/favoritesubmit', { action: 'merge', ids: [1], id: 2 }, /^id is not allowed$/],
    ];
    for (const [url, body, message] of cases) {
      // Sent as JSON whatever it is ('a string' and null too).
      const res = await app.inject({
        method: 'POST',
        url,
        payload: JSON.stringify(body),
        headers: { 'content-type': 'application/json', ...bearer(token) },
      });
      t.equal(res.statusCode, 400, `${url} ${JSON.stringify(body).slice(0, 60)}`);
      t.match(res.json().message, message);
      t.match(res.headers['cache-control'], /no-store/);
    }

    const favorites = await app.inject({ url: '/api/favorites?partner=a&partner=b', headers: bearer(token) });
    t.equal(favorites.statusCode, 400, 'a repeated query parameter');

    // Not JSON: a form post, text, or broken JSON.
    for (const [type, payload, status] of [
      ['application/x-www-form-urlencoded', 'email=a%40b.com&password=x', 415],
      ['text/plain', '{"email":"ana@example.com","password":"correct horse battery staple"}', 415],
      ['multipart/form-data; boundary=x', '--x--', 415],
      ['application/json', '{"email": ', 400],
      ['application/json', '', 400],
    ] as const) {
      for (const url of ['/api/client-login', '/api/client-register', '/api/favoritesubmit', '/api/client-logout']) {
        const res = await app.inject({ method: 'POST', url, payload, headers: { 'content-type': type, ...bearer(token) } });
        t.equal(res.statusCode, status, `${url} as ${type}`);
        t.type(res.json().message, 'string');
      }
    }
    t.equal((await app.inject({ url: '/api/client', headers: bearer(token) })).statusCode, 200, 'the session outlived it all');
  },
  { seed: true },
);

t.test('the request log shows no password, session token or reset token', async (t) => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const app = Fastify({ logger: { ...loggerOptions('info'), stream } });
  app.post('/*', async (request) => {
    request.log.info({ req: request }, 'logged again with its headers');
    return {};
  });
  await app.ready();
  t.teardown(() => app.close());
  const secret = 'S3cretTokenS3cretTokenS3cretTokenS3cretTok';
  await app.inject({
    method: 'POST',
    url: `/costa-casas/client-reset-password/${secret}?x=1`,
    headers: { authorization: `Bearer ${secret}`, cookie: `sid=${secret}` },
    payload: { password: PASSWORD, token: secret },
  });
  const log = lines.join('');
  t.match(log, '/costa-casas/client-reset-password/[redacted]?x=1', 'the URL is logged with its token masked');
  t.notMatch(log, secret, 'no token anywhere');
  t.notMatch(log, PASSWORD, 'no password');
});
