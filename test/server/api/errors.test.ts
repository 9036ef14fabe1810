// API errors: statusCode, the reason phrase of node:http, a message for people,
// and `field` (the path of the bad field) for code; nothing about a field when
// the error is not about one.
import t from 'tap';
import { forEachStore } from '../../helpers/db.ts';
import { testApp } from '../../helpers/app.ts';
import { contactBody, MemoryTransport } from '../leads/helpers.ts';
import { storeWithWriteLock } from '../../helpers/sqlite-write-lock.ts';
import { t as msg } from '../../../src/shared/i18n.ts';

forEachStore(
  t,
  'a bad field is named as `field`, nested ones by their path',
  async (t, store) => {
    const app = await testApp(t, { store });

    const email = await app.inject({ method: 'POST', url: '/api/leads', payload: contactBody({ email: 'not an address' }) });
    t.equal(email.statusCode, 400);
    t.match(email.json(), { statusCode: 400, error: 'Bad Request', field: 'email', message: /^email/ });
    t.equal(email.json().fieldMessage, msg('forms.errors.email'), 'and what a form shows under it, without its name');

    const nested = await app.inject({
      method: 'POST',
      url: '/api/properties',
      payload: { account_id: 1, esGeo: { country: 'spain', region: 5 } },
    });
    t.equal(nested.statusCode, 400);
    t.match(nested.json(), { statusCode: 400, error: 'Bad Request', field: 'esGeo.region' });

    const register = await app.inject({
      method: 'POST',
      url: '/api/client-register',
      payload: { email: 'a@example.com', password: 'correct horse battery staple', password_repeat: 'something else', terms: true },
    });
    t.equal(register.statusCode, 400);
    t.equal(register.json().field, 'password_repeat', 'a refinement over the body names the field it is about');
    t.equal(register.json().fieldMessage, msg('account.errors.passwordMismatch'));

    const missing = await app.inject({ method: 'POST', url: '/api/client-login', payload: { password: 'x' } });
    t.match(missing.json(), { field: 'email', fieldMessage: msg('forms.errors.required'), message: 'email is required' });
  },
  { demo: true },
);

t.test('an error that is not about a field has no `field`, and the status its reason phrase', async (t) => {
  const app = await testApp(t);
  const missing = await app.inject('/api/property?id=999999');
  t.same(missing.json(), { statusCode: 404, error: 'Not Found', message: missing.json().message });
  const body = await app.inject({ method: 'POST', url: '/api/leads', payload: '[1]', headers: { 'content-type': 'application/json' } });
  t.match(body.json(), { statusCode: 400, error: 'Bad Request', message: /^body/ });
  t.notOk('field' in body.json(), 'the body as a whole is no field');
});

t.test('a write SQLite cannot lock (an import holds it) is a 503 to retry, stored once when retried', async (t) => {
  const { store, lock } = await storeWithWriteLock(t);
  const app = await testApp(t, { store, mailTransport: new MemoryTransport() });
  const body = contactBody();

  lock.hold();
  const refused = await app.inject({ method: 'POST', url: '/api/leads', payload: body });
  t.equal(refused.statusCode, 503);
  t.same(refused.json(), { statusCode: 503, error: 'Service Unavailable', message: msg('errors.storeBusy') });
  t.equal(refused.headers['retry-after'], '30', 'says when to try again');
  t.match(refused.headers['cache-control'], /no-store/);
  t.equal((await store.db.selectFrom('leads').select('id').execute()).length, 0, 'nothing stored');

  lock.release();
  const retried = await app.inject({ method: 'POST', url: '/api/leads', payload: body });
  t.equal(retried.statusCode, 201, retried.body);
  const again = await app.inject({ method: 'POST', url: '/api/leads', payload: body });
  t.equal(again.statusCode, 200, 'the same key again is the lead already stored');
  t.equal((await store.db.selectFrom('leads').select('id').execute()).length, 1, 'stored once');
});
